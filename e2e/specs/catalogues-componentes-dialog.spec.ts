import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import type { CatalogueRecord } from '../support/catalogues';
import { CatalogueApi, openCatalogue, recordDialog, rowButton, waitForSuccessToast } from '../support/catalogues';
import type { SignedInSession } from '../support/signed-in';
import { openAsFirstAdmin } from '../support/signed-in';

/** 47 activities, as the catalogue had: a few named on purpose (accents), the rest numbered. */
const NAMED_ACTIVITIES: [code: string, name: string][] = [
  ['EXC', 'Excavación'],
  ['HRM', 'Hormigonado'],
  ['HRL', 'Hormigonado de losas y vigas'],
  ['ENT', 'Entibación de zanjas'],
  ['CAÑ', 'Instalación de cañerías de cobre'],
  ['MOL', 'Moldaje y descimbre'],
  ['ENF', 'Enfierradura'],
];

const LONG_NAMES = [
  'Empalme a matriz con collarín de arranque y válvula de corte',
  'Llave de paso, válvula de retención y cámara de inspección',
  'Nicho y medidor',
];

function checklist(dialog: Locator, subcomponentName: string): Locator {
  return dialog.getByRole('group', { name: `${subcomponentName} - Actividades`, exact: true });
}

/** The labels of the ticked activities of a checklist, in the list's order. */
async function tickedLabels(group: Locator): Promise<string[]> {
  const ticked: string[] = [];
  for (const box of await group.getByRole('checkbox').all()) {
    if (await box.isChecked()) ticked.push((await box.locator('xpath=ancestor::label').innerText()).trim());
  }
  return ticked;
}

/** Whether the element is wholly inside the viewport and is what a click at its centre would hit. */
async function isFullyVisibleAndOnTop(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) return false;
  const inside =
    box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width && box.y + box.height <= viewport.height;
  const onTop = await locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const hit = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
    return hit !== null && element.contains(hit);
  });
  return inside && onTop;
}

describe('Componente Principal dialog at 1024×768', () => {
  let session: SignedInSession;
  let api: CatalogueApi;
  let activities: CatalogueRecord[];

  beforeAll(async () => {
    session = await openAsFirstAdmin('componentes-dialogo');
    api = await CatalogueApi.forSession(session);
    const rows = [...NAMED_ACTIVITIES];
    for (let n = rows.length + 1; n <= 47; n += 1) rows.push([`P${n}`, `Partida ${n}`]);
    for (const [index, [code, name]] of rows.entries()) {
      await api.save('actividades', { code, name, priority: index + 1 });
    }
    activities = await api.load('actividades');
    expect(activities).toHaveLength(47);
    const byCode = (code: string) => ({ _id: activities.find((activity) => activity.code === code)?._id });
    await api.save('componentes', {
      code: 'AAP',
      name: 'Arranque de agua potable',
      priority: 1,
      subcomponents: LONG_NAMES.map((name, index) => ({
        code: `AAP-${index + 1}`,
        name,
        priority: index + 1,
        actividades: index === 0 ? [byCode('EXC'), byCode('P30')] : [],
      })),
    });
  });

  afterAll(async () => {
    await session?.close();
  });

  it('keeps Grabar in view and clickable, shows whole names, and filters the 47 activities keeping the ticks', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1024, height: 768 });
    await openCatalogue(page, '/admin/componentes', 'Componentes principales', 'Arranque de agua potable');
    await rowButton(page, 'Arranque de agua potable').click();
    const dialog = recordDialog(page, 'Componente Principal');
    await dialog.waitFor();
    await dialog.getByRole('radio', { name: 'Ver actividades de la fila 1' }).check();
    const group = checklist(dialog, LONG_NAMES[0] ?? '');
    await expect.poll(() => group.getByRole('checkbox').count()).toBe(47);

    // the actions stay in view whatever the content's height: the content scrolls instead
    const save = dialog.getByRole('button', { name: 'Grabar', exact: true });
    expect(await isFullyVisibleAndOnTop(page, save)).toBe(true);
    expect(await isFullyVisibleAndOnTop(page, dialog.getByRole('button', { name: 'Cerrar', exact: true }))).toBe(true);

    // every subcomponent name shows whole: wrapped onto more lines, never cut
    for (const [index, name] of LONG_NAMES.entries()) {
      const cell = dialog.getByRole('textbox', { name: `Nombre de la fila ${index + 1}` });
      expect(await cell.inputValue()).toBe(name);
      const size = await cell.evaluate((element) => ({
        scrollWidth: element.scrollWidth,
        clientWidth: element.clientWidth,
        scrollHeight: element.scrollHeight,
        clientHeight: element.clientHeight,
      }));
      expect(size.scrollWidth, name).toBeLessThanOrEqual(size.clientWidth);
      expect(size.scrollHeight, name).toBeLessThanOrEqual(size.clientHeight);
    }
    await screenshot(page, 'catalogues-componentes-dialog-1024');

    // the filter narrows by name without regard to case or accents, and by code
    const filter = dialog.getByRole('searchbox', { name: 'Filtrar actividades' });
    await filter.fill('HORMIGONADO');
    await expect.poll(() => group.getByRole('checkbox').count()).toBe(2);
    await dialog.getByText('2 de 47 · 2 marcadas').waitFor();
    await group.getByRole('checkbox', { name: 'HRL · Hormigonado de losas y vigas' }).check();
    await filter.fill('entibacion');
    await expect.poll(() => group.getByRole('checkbox').count()).toBe(1);
    await group.getByRole('checkbox', { name: 'ENT · Entibación de zanjas' }).check();
    await filter.fill('cañ');
    await expect.poll(() => group.getByRole('checkbox').count()).toBe(1);
    await filter.fill('zzz');
    await dialog.getByText('Ninguna actividad coincide con el filtro.').waitFor();
    await screenshot(page, 'catalogues-componentes-dialog-filter');

    // ticks made under a filter, and those hidden by it, are all kept
    await filter.fill('');
    await expect.poll(() => group.getByRole('checkbox').count()).toBe(47);
    // each label ends with the activity's duration (issue 13): these were seeded without one, so 5 days
    expect(await tickedLabels(group)).toEqual([
      'EXC · Excavación · 5 d',
      'HRL · Hormigonado de losas y vigas · 5 d',
      'ENT · Entibación de zanjas · 5 d',
      'P30 · Partida 30 · 5 d',
    ]);
    await dialog.getByRole('switch', { name: 'Mostrar solo marcadas' }).check();
    await expect.poll(() => group.getByRole('checkbox').count()).toBe(4);
    await dialog.getByText('4 de 47 · 4 marcadas').waitFor();
    // unticking under 'solo marcadas' leaves the row in place, unticked, so a slip can be undone
    await group.getByRole('checkbox', { name: 'P30 · Partida 30' }).uncheck();
    await dialog.getByText('4 de 47 · 3 marcadas').waitFor();
    expect(await tickedLabels(group)).toEqual([
      'EXC · Excavación · 5 d',
      'HRL · Hormigonado de losas y vigas · 5 d',
      'ENT · Entibación de zanjas · 5 d',
    ]);

    await save.click();
    await dialog.waitFor({ state: 'hidden' });
    await waitForSuccessToast(page);
    const stored = await api.findByCode('componentes', 'AAP');
    expect(stored?.subcomponents?.map((sub) => [sub.name, sub.actividades.map((activity) => activity.code)])).toEqual([
      [LONG_NAMES[0], ['EXC', 'HRL', 'ENT']],
      [LONG_NAMES[1], []],
      [LONG_NAMES[2], []],
    ]);
  });
});
