import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { callFunction, signInApi } from './api';
import { screenshot } from './browser';
import type { SignedInSession } from './signed-in';

export type CatalogueCollection = 'tipos-area' | 'actividades' | 'sistemas' | 'componentes' | 'oficios' | 'recursos';

export type CatalogueRecord = {
  _id: string;
  id: string;
  code: string;
  name: string;
  priority: number;
  sectores?: { id: number; code: string; name: string; quantity: number; priority: number }[];
  subcomponents?: {
    id: number;
    code: string;
    name: string;
    priority: number;
    actividades: { _id: string; code: string; name: string }[];
  }[];
};

/** Talks to the catalogue functions as the signed-in administrator, to seed and to check what was stored. */
export class CatalogueApi {
  private constructor(
    private readonly baseUrl: string,
    private readonly cookie: string,
  ) {}

  static async forSession(session: SignedInSession): Promise<CatalogueApi> {
    const cookie = await signInApi(session.server.url, session.admin.email, session.admin.password);
    return new CatalogueApi(session.server.url, cookie);
  }

  async save(collection: CatalogueCollection, object: Record<string, unknown>): Promise<CatalogueRecord> {
    const result = await callFunction<{ object: CatalogueRecord }>(
      this.baseUrl,
      'saveObject',
      { collection, object },
      this.cookie,
    );
    return result.object;
  }

  async load(collection: CatalogueCollection): Promise<CatalogueRecord[]> {
    const result = await callFunction<{ objects: CatalogueRecord[] }>(
      this.baseUrl,
      'loadObjects',
      { collection },
      this.cookie,
    );
    return result.objects;
  }

  async findByCode(collection: CatalogueCollection, code: string): Promise<CatalogueRecord | undefined> {
    return (await this.load(collection)).find((record) => record.code === code);
  }
}

/** Opens a catalogue screen and waits for its title and its first row (when one is expected). */
export async function openCatalogue(page: Page, path: string, title: string, firstRow?: string): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
  if (firstRow) await rowButton(page, firstRow).waitFor();
}

/** A record's name in the list: a button that opens a copy for editing. */
export function rowButton(page: Page, name: string): Locator {
  return page.getByRole('table').getByRole('button', { name, exact: true });
}

export function recordDialog(page: Page, title: string): Locator {
  return page.getByRole('dialog', { name: title, exact: true });
}

export function confirmDialog(page: Page): Locator {
  return page.getByRole('alertdialog', { name: '¿Estás seguro?' });
}

/** Waits until a field shows the given validation state (error: aria-invalid; success: green with a check). */
export async function expectValidation(field: Locator, state: 'error' | 'success'): Promise<void> {
  await expect.poll(() => field.getAttribute('data-validation')).toBe(state);
  await expect.poll(() => field.getAttribute('aria-invalid')).toBe(state === 'error' ? 'true' : 'false');
}

/** Waits until the list shows exactly these names, in this order. */
export async function expectRows(page: Page, names: string[]): Promise<void> {
  await expect
    .poll(async () => page.getByRole('table').locator('tbody tr button:not([aria-label])').allInnerTexts())
    .toEqual(names);
}

/** The success toast carrying `text` (a screen also announces its first load with one). */
export async function waitForSuccessToast(
  page: Page,
  text: string | RegExp = /guardad[oa]|eliminad[oa]/,
): Promise<void> {
  await page.getByText('Mensaje de Cimiento').first().waitFor();
  await page.getByText(text).first().waitFor();
}

/** spec §8: what opening each catalogue screen announces. */
export const loadedMessages = {
  'tipos-area': 'Tipos de área cargadas',
  actividades: 'Actividades cargadas',
  sistemas: 'Sistemas cargados',
  componentes: 'Componentes cargados',
  oficios: 'Oficios cargados',
  recursos: 'Recursos cargados',
} as const;

export async function waitForErrorToast(page: Page): Promise<void> {
  await page.getByText('Error en Cimiento').first().waitFor();
}

export type SimpleCatalogue = {
  collection: 'actividades' | 'sistemas' | 'oficios';
  path: string;
  /** The card title. */
  title: string;
  modalTitle: string;
  addLabel: string;
  removeText: string;
  /** Seeded through the API, in priority order. */
  seed: { code: string; name: string; priority: number }[];
  added: { code: string; name: string; priority: number };
  screenshotName: string;
};

/**
 * The add / edit / search / validation / delete scenarios that activities and systems share (their
 * modals hold code, priority and name only). Each test leaves the list as the next one expects.
 */
export function describeSimpleCatalogue(
  config: SimpleCatalogue,
  hooks: {
    it: (name: string, run: () => Promise<void>) => void;
    session: () => SignedInSession;
    api: () => CatalogueApi;
  },
): void {
  const { it } = hooks;
  const seededNames = () => config.seed.map((record) => record.name);

  it('lists the seeded records in priority order and announces the load', async () => {
    const { page } = hooks.session();
    await openCatalogue(page, config.path, config.title, config.seed[0]?.name);
    await waitForSuccessToast(page, loadedMessages[config.collection]);
    await expectRows(page, seededNames());
    await screenshot(page, `${config.screenshotName}-list`);
  });

  it('adds a record through the modal, which shows the validation states as it is filled', async () => {
    const { page } = hooks.session();
    await openCatalogue(page, config.path, config.title, config.seed[0]?.name);
    await page.getByRole('button', { name: config.addLabel }).click();
    const dialog = recordDialog(page, config.modalTitle);
    await dialog.waitFor();
    const code = dialog.getByRole('textbox', { name: 'Código' });
    const name = dialog.getByRole('textbox', { name: 'Nombre' });
    const priority = dialog.getByRole('spinbutton', { name: 'Prioridad' });
    await expect.poll(() => priority.inputValue()).toBe('1');
    await expectValidation(code, 'error');
    await expectValidation(name, 'error');
    await expectValidation(priority, 'success');
    await code.fill(config.added.code);
    await name.fill(config.added.name);
    await priority.fill(String(config.added.priority));
    await expectValidation(code, 'success');
    await expectValidation(name, 'success');
    await screenshot(page, `${config.screenshotName}-modal-filled`);
    await dialog.getByRole('button', { name: 'Grabar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await waitForSuccessToast(page);
    await rowButton(page, config.added.name).waitFor();
    const stored = await hooks.api().findByCode(config.collection, config.added.code);
    expect(stored).toMatchObject(config.added);
  });

  it('refuses an empty code: the error state shows, the modal stays open and nothing is saved', async () => {
    const { page } = hooks.session();
    const before = await hooks.api().load(config.collection);
    await openCatalogue(page, config.path, config.title, config.seed[0]?.name);
    await page.getByRole('button', { name: config.addLabel }).click();
    const dialog = recordDialog(page, config.modalTitle);
    await dialog.waitFor();
    const priority = dialog.getByRole('spinbutton', { name: 'Prioridad' });
    await dialog.getByRole('textbox', { name: 'Nombre' }).fill('Sin código');
    await priority.fill('0');
    await expectValidation(priority, 'error');
    await expectValidation(dialog.getByRole('textbox', { name: 'Código' }), 'error');
    await screenshot(page, `${config.screenshotName}-modal-errors`);
    await dialog.getByRole('button', { name: 'Grabar' }).click();
    await waitForErrorToast(page);
    await expect.poll(() => dialog.getByRole('textbox', { name: 'Nombre' }).inputValue()).toBe('Sin código');
    expect(await hooks.api().load(config.collection)).toEqual(before);
    await dialog.getByRole('button', { name: 'Cerrar', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('edits a copy of a record opened from its name; closing without saving changes nothing', async () => {
    const { page } = hooks.session();
    const target = config.seed[0];
    if (!target) throw new Error('the suite needs a seeded record');
    await openCatalogue(page, config.path, config.title, target.name);
    await rowButton(page, target.name).click();
    const dialog = recordDialog(page, config.modalTitle);
    await dialog.waitFor();
    const name = dialog.getByRole('textbox', { name: 'Nombre' });
    await expect.poll(() => dialog.getByRole('textbox', { name: 'Código' }).inputValue()).toBe(target.code);
    await expect.poll(() => name.inputValue()).toBe(target.name);
    await name.fill(`${target.name} provisorio`);
    // Escape closes without saving
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await rowButton(page, target.name).waitFor();

    await rowButton(page, target.name).click();
    await dialog.waitFor();
    await expect.poll(() => name.inputValue()).toBe(target.name);
    const renamed = `${target.name} renovado`;
    await name.fill(renamed);
    await dialog.getByRole('button', { name: 'Grabar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await rowButton(page, renamed).waitFor();
    expect(await hooks.api().findByCode(config.collection, target.code)).toMatchObject({ name: renamed });
    await hooks.api().save(config.collection, {
      ...(await hooks.api().findByCode(config.collection, target.code)),
      name: target.name,
    });
  });

  it('searches the list and says when nothing matches', async () => {
    const { page } = hooks.session();
    const target = config.seed[1] ?? config.seed[0];
    if (!target) throw new Error('the suite needs a seeded record');
    await openCatalogue(page, config.path, config.title, target.name);
    await page.getByPlaceholder('Buscar').fill(target.name);
    await expectRows(page, [target.name]);
    await page.getByPlaceholder('Buscar').fill('zzz-no-existe');
    await page.getByText('No se encontraron resultados').waitFor();
    await screenshot(page, `${config.screenshotName}-search-empty`);
  });

  it('deletes a record only after confirmation', async () => {
    const { page } = hooks.session();
    const target = config.seed.at(-1);
    if (!target) throw new Error('the suite needs a seeded record');
    await openCatalogue(page, config.path, config.title, target.name);
    await page.getByRole('button', { name: `Eliminar ${target.name}` }).click();
    const confirm = confirmDialog(page);
    await confirm.getByText(config.removeText).waitFor();
    await screenshot(page, `${config.screenshotName}-confirm-delete`);
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await rowButton(page, target.name).waitFor();
    expect(await hooks.api().findByCode(config.collection, target.code)).toBeDefined();

    await page.getByRole('button', { name: `Eliminar ${target.name}` }).click();
    await confirm.getByRole('button', { name: 'Si, estoy seguro' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await rowButton(page, target.name).waitFor({ state: 'detached' });
    expect(await hooks.api().findByCode(config.collection, target.code)).toBeUndefined();
  });
}
