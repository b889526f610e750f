import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../support/api';
import { callFunction, createUserApi, signInApi, signInContext, uniqueAccount } from '../support/api';
import { axeViolations, describeViolations } from '../support/axe';
import { newContext, screenshot } from '../support/browser';
import { confirmDialog, waitForSuccessToast } from '../support/catalogues';
import type { LoadedProject } from '../support/projects';
import { sidebar } from '../support/projects';
import type { SignedInSession } from '../support/signed-in';
import { openAsFirstAdmin } from '../support/signed-in';

/*
 * Issue 30, the 'Papelera': a user (B, not an administrator) deletes a project from the list; it goes
 * to the trash, out of the list. The administrator (A) restores it from Administración › Papelera and
 * it is back in B's 'Mis proyectos' with its history, the deletion and the restore included. Deleting
 * for good and emptying the trash ask first, saying what they take (counts and money).
 */

type Holdings = {
  edpItems: number;
  edcItems: number;
  tasks: number;
  estadosPago: number;
  approvedEstadosPago: number;
  amount: string;
};

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** What the screens say a project holds ('…y un monto de $1.500.000'), from loadProjectHoldings' numbers. */
function holdingsText(holdings: Holdings, money: string): string {
  return [
    plural(holdings.edpItems, 'ítem del EDP', 'ítems del EDP'),
    plural(holdings.edcItems, 'ítem de EDC', 'ítems de EDC'),
    plural(holdings.tasks, 'tarea del Gantt', 'tareas del Gantt'),
    `${plural(holdings.estadosPago, 'estado de pago', 'estados de pago')} y un monto de ${money}`,
  ].join(', ');
}

describe('the Papelera: delete, restore, delete for good', () => {
  let session: SignedInSession;
  let adminCookie: string;
  let planner: Account;
  let plannerCookie: string;
  let plannerContext: BrowserContext;
  let a: Page;
  let b: Page;
  let project: LoadedProject;
  let holdings: Holdings;

  const call = <T>(name: string, data: unknown, cookie = plannerCookie) =>
    callFunction<T>(session.server.url, name, data, cookie);

  /** A CLP project of B's with a priced EDP item (10 × 150.000 = $1.500.000), its Gantt stored and an edit in its history. */
  async function seedProject(name: string, code: string): Promise<LoadedProject> {
    const saved = await call<{ project: LoadedProject }>('saveProject', {
      project: { name, code, template: 'plantilla-2', currency: 'CLP', budget: '2000000', sequencing: 'none' },
    });
    const loaded = await call<{ project: LoadedProject }>('loadProject', { id: saved.project._id });
    const items = loaded.project.edp.items.map((item, index, all) =>
      index === all.length - 1 ? { ...item, unit: 'm2', quantity: '10', unitPrice: '150000' } : item,
    );
    await call('saveEdp', { id: saved.project._id, edp: { items, version: loaded.project.edp.version } });
    await call('loadGantt', { id: saved.project._id });
    return (await call<{ project: LoadedProject }>('loadProject', { id: saved.project._id })).project;
  }

  const trashRow = (page: Page, id: string): Locator => page.getByTestId(`trash-row-${id}`);

  async function openTrash(page: Page) {
    await page.goto('/admin/papelera');
    await page.getByRole('heading', { level: 1, name: 'Papelera' }).waitFor();
  }

  /** Until no transition or animation runs (a button enabled once the list arrives fades to its colour). */
  async function settle(page: Page) {
    await page.waitForFunction(
      () => document.getAnimations().every((animation) => animation.playState !== 'running'),
      undefined,
      { timeout: 5_000, polling: 100 },
    );
  }

  async function setDarkMode(page: Page, isDarkMode: boolean) {
    await page.evaluate((dark) => {
      const key = 'cimiento-settings';
      const saved = JSON.parse(localStorage.getItem(key) ?? '{"state":{},"version":1}') as {
        state: Record<string, unknown>;
        version: number;
      };
      localStorage.setItem(key, JSON.stringify({ ...saved, state: { ...saved.state, isDarkMode: dark } }));
    }, isDarkMode);
  }

  beforeAll(async () => {
    session = await openAsFirstAdmin('papelera');
    adminCookie = await signInApi(session.server.url, session.admin.email, session.admin.password);
    planner = uniqueAccount('beto');
    await createUserApi(session.server.url, adminCookie, planner);
    plannerCookie = await signInApi(session.server.url, planner.email, planner.password);
    plannerContext = await newContext(session.browser, session.server.url);
    await signInContext(plannerContext, session.server.url, planner.email, planner.password);
    a = session.page;
    b = await plannerContext.newPage();
    project = await seedProject('Bodega Quilicura', 'BQ1');
    // A follows it: B's deletion reaches A's bell
    await call('followProject', { id: project._id, follow: true }, adminCookie);
    holdings = (await call<{ holdings: Holdings }>('loadProjectHoldings', { id: project._id })).holdings;
    expect(holdings.amount).toBe('1500000');
    expect(holdings.tasks).toBeGreaterThan(0);
  }, 120_000);

  afterAll(async () => {
    await session?.close();
  });

  it('B deletes the project: the question says it goes to the Papelera for 30 days and what it holds; it leaves the list', async () => {
    await b.goto('/projects');
    await b.getByRole('heading', { level: 1, name: 'Lista de proyectos' }).waitFor();
    await sidebar(b).getByRole('link', { name: 'Bodega Quilicura', exact: true }).waitFor();
    await b.getByRole('button', { name: 'Eliminar Bodega Quilicura' }).click();
    const dialog = confirmDialog(b);
    await dialog.getByText('Confirma que deseas eliminar el proyecto').waitFor();
    await dialog
      .getByText(
        '«Bodega Quilicura» (BQ1) irá a la Papelera: un administrador puede restaurarlo durante 30 días; después se elimina definitivamente.',
      )
      .waitFor();
    await dialog.getByText(`Contiene ${holdingsText(holdings, '$1.500.000')}.`).waitFor();
    await screenshot(b, 'trash-remove-confirm');
    await dialog.getByRole('button', { name: 'Si, estoy seguro' }).click();
    await waitForSuccessToast(b, /enviado a la Papelera\. Un administrador puede restaurarlo dentro de 30 días/);
    await b.getByText('No se encontraron resultados').first().waitFor();
    await sidebar(b).getByRole('link', { name: 'Bodega Quilicura', exact: true }).waitFor({ state: 'detached' });
    // the project's own address: not found, and where it may be
    await b.goto(`/projects/${project._id}`);
    await b.getByRole('heading', { level: 1, name: 'Proyecto no encontrado' }).waitFor();
    await b.getByText('Si está en la Papelera, un administrador puede restaurarlo.').waitFor();
  });

  it('A is told in the bell; opening the notice shows the project is not found, and the screen holds', async () => {
    await a.goto('/home');
    const bell = a.getByRole('banner').getByRole('button', { name: /^Notificaciones/ });
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notificaciones: 1 sin leer');
    await bell.click();
    const item = a.getByRole('menuitem').filter({ hasText: `${planner.name} envió el proyecto a la Papelera` });
    await item.waitFor();
    await item.click();
    await a.waitForURL(`**/projects/${project._id}**`);
    await a.getByRole('heading', { level: 1, name: 'Proyecto no encontrado' }).waitFor();
    await a.getByRole('link', { name: 'Ir a la lista de proyectos' }).waitFor();
    // the notice stays in the list
    await a.goto('/pages/notifications');
    await a.getByText(`${planner.name} envió el proyecto a la Papelera`).first().waitFor();
  });

  it('B, not an administrator, has no Papelera in the menu, and its address says it is for administrators', async () => {
    await b.goto('/projects');
    await sidebar(b).getByRole('link', { name: 'Valores UF' }).waitFor();
    expect(await sidebar(b).getByRole('link', { name: 'Papelera' }).count()).toBe(0);
    await openTrash(b);
    await b.getByText('Solo un administrador puede ver la Papelera').waitFor();
    expect(await b.getByText('Bodega Quilicura').count()).toBe(0);
    expect(await b.getByRole('button', { name: 'Vaciar papelera' }).count()).toBe(0);
  });

  it('A sees it in Administración › Papelera: code, name, when (Santiago), by whom, purge date; light and dark, 1440 and 390 px', async () => {
    await a.goto('/home');
    await sidebar(a).getByRole('link', { name: 'Papelera' }).click();
    await a.waitForURL('**/admin/papelera');
    await a.getByRole('heading', { level: 1, name: 'Papelera' }).waitFor();
    const row = trashRow(a, project._id);
    await row.waitFor();
    const text = await row.innerText();
    expect(text).toContain('BQ1');
    expect(text).toContain('Bodega Quilicura');
    expect(text).toContain(planner.name);
    expect(text).toMatch(/\d{2}-\d{2}-\d{4} \d{2}:\d{2}/);
    expect(text).toContain(holdingsText(holdings, '$1.500.000'));
    const violations = await axeViolations(a, 'main');
    expect(describeViolations('/admin/papelera', violations)).toEqual([]);

    for (const isDarkMode of [false, true]) {
      await setDarkMode(a, isDarkMode);
      for (const width of [1440, 390]) {
        await a.setViewportSize({ width, height: width > 1000 ? 900 : 844 });
        await openTrash(a);
        await trashRow(a, project._id).waitFor();
        await settle(a);
        await screenshot(a, `trash-${width}-${isDarkMode ? 'oscuro' : 'claro'}`);
      }
    }
    await setDarkMode(a, false);
    await a.setViewportSize({ width: 1400, height: 900 });
  });

  it('A restores it: it is back in B’s Mis proyectos with its history, the deletion and the restore included', async () => {
    await openTrash(a);
    await trashRow(a, project._id).getByRole('button', { name: 'Restaurar Bodega Quilicura' }).click();
    const dialog = confirmDialog(a);
    await dialog
      .getByText(
        'Se restaurará «Bodega Quilicura» (BQ1): vuelve a la lista de proyectos con todo su contenido y su historial.',
      )
      .waitFor();
    await dialog.getByRole('button', { name: 'Si, estoy seguro' }).click();
    await waitForSuccessToast(a, /restaurado/);
    await a.getByTestId('trash-empty').waitFor();

    await b.goto('/projects');
    const link = sidebar(b).getByRole('link', { name: 'Bodega Quilicura', exact: true });
    await link.click();
    await b.waitForURL(`**/projects/${project._id}`);
    await b.getByRole('heading', { level: 1, name: 'Bodega Quilicura' }).waitFor();
    await b.getByText('Proyecto restaurado desde la Papelera: «Bodega Quilicura» (BQ1)').first().waitFor();
    await b.getByText('Proyecto enviado a la Papelera: «Bodega Quilicura» (BQ1)').first().waitFor();
    await b.getByText(/EDP/).first().waitFor();
    await screenshot(b, 'trash-restored-history');
    const restored = (await call<{ project: LoadedProject }>('loadProject', { id: project._id })).project;
    expect(restored.edp).toEqual(project.edp);
  });

  it('deleting for good and emptying the trash ask first, saying what they take', async () => {
    const second = await seedProject('Galpón Lampa', 'GL2');
    for (const id of [project._id, second._id]) await call('removeProject', { id });
    await openTrash(a);
    await trashRow(a, second._id).waitFor();

    await a.getByRole('button', { name: 'Vaciar papelera' }).click();
    let dialog = confirmDialog(a);
    await dialog
      .getByText('Se eliminarán definitivamente los 2 proyectos de la Papelera. No se puede deshacer.')
      .waitFor();
    const both: Holdings = { ...holdings, edpItems: holdings.edpItems * 2, tasks: holdings.tasks * 2 };
    await dialog.getByText(`Se pierde en total: ${holdingsText(both, '$3.000.000')}.`).waitFor();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await trashRow(a, project._id).getByRole('button', { name: 'Eliminar definitivamente Bodega Quilicura' }).click();
    dialog = confirmDialog(a);
    await dialog.getByText('Se eliminará definitivamente «Bodega Quilicura» (BQ1). No se puede deshacer.').waitFor();
    await dialog.getByText(`Se pierde: ${holdingsText(holdings, '$1.500.000')}.`).waitFor();
    await settle(a);
    await screenshot(a, 'trash-purge-confirm');
    await dialog.getByRole('button', { name: 'Si, estoy seguro' }).click();
    await waitForSuccessToast(a, /eliminado definitivamente/);
    await trashRow(a, project._id).waitFor({ state: 'detached' });
    await trashRow(a, second._id).waitFor();
    await expect(call('loadProject', { id: project._id })).rejects.toThrow(/NOT_FOUND/);

    await a.getByRole('button', { name: 'Vaciar papelera' }).click();
    dialog = confirmDialog(a);
    await dialog.getByText('Se eliminará definitivamente 1 proyecto de la Papelera. No se puede deshacer.').waitFor();
    await dialog.getByRole('button', { name: 'Si, estoy seguro' }).click();
    await waitForSuccessToast(a, /Papelera vaciada/);
    await a.getByTestId('trash-empty').waitFor();
  });
});
