import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import {
  CatalogueApi,
  confirmDialog,
  describeSimpleCatalogue,
  openCatalogue,
  recordDialog,
  rowButton,
  waitForErrorToast,
  waitForSuccessToast,
} from '../support/catalogues';
import type { SignedInSession } from '../support/signed-in';
import { openAsFirstAdmin } from '../support/signed-in';

/** Issue 35: the trades ('Oficios') and resources ('Recursos') catalogues in Chromium. */
describe('Oficios', () => {
  let session: SignedInSession;
  let api: CatalogueApi;
  const seed = [
    { code: 'CAP', name: 'Capataz', priority: 1 },
    { code: 'CAR', name: 'Carpintero', priority: 2 },
    { code: 'JOR', name: 'Jornal', priority: 3 },
  ];

  beforeAll(async () => {
    session = await openAsFirstAdmin('oficios');
    api = await CatalogueApi.forSession(session);
    for (const record of seed) await api.save('oficios', record);
  });

  afterAll(async () => {
    await session?.close();
  });

  describeSimpleCatalogue(
    {
      collection: 'oficios',
      path: '/admin/oficios',
      title: 'Oficios',
      modalTitle: 'Oficio',
      addLabel: 'Agregar oficio',
      removeText: 'Confirma que deseas eliminar este oficio',
      seed,
      added: { code: 'ENF', name: 'Enfierrador', priority: 4 },
      screenshotName: 'catalogues-oficios',
    },
    { it, session: () => session, api: () => api },
  );
});

describe('Recursos', () => {
  let session: SignedInSession;
  let page: Page;
  let api: CatalogueApi;

  beforeAll(async () => {
    session = await openAsFirstAdmin('recursos');
    page = session.page;
    api = await CatalogueApi.forSession(session);
    for (const [priority, [code, name]] of [
      ['CAP', 'Capataz'],
      ['CAR', 'Carpintero'],
      ['JOR', 'Jornal'],
    ].entries())
      await api.save('oficios', { code, name, priority: priority + 1 });
  });

  afterAll(async () => {
    await session?.close();
  });

  it('adds a crew with its trades, cost and availability; a range that overlaps says so at the row', async () => {
    await openCatalogue(page, '/admin/recursos', 'Recursos');
    await page.getByRole('button', { name: 'Agregar recurso' }).click();
    const dialog = recordDialog(page, 'Recurso');
    await dialog.waitFor();
    await dialog.getByLabel('Código').fill('CMOL');
    await dialog.getByLabel('Nombre').fill('Cuadrilla de moldaje');
    await dialog.getByLabel('Máximo de unidades').fill('2');
    // typed as a Chilean writes it: the point groups thousands
    await dialog.getByLabel('Monto').fill('520.000');
    // the crew: 1 capataz + 4 carpinteros + 2 jornales
    for (const [index, [trade, count]] of (
      [
        ['Capataz', '1'],
        ['Carpintero', '4'],
        ['Jornal', '2'],
      ] as const
    ).entries()) {
      await dialog.getByRole('button', { name: 'Agregar oficio' }).click();
      await dialog.getByRole('combobox', { name: 'Oficio' }).nth(index).click();
      await page.getByRole('option', { name: trade, exact: true }).click();
      await dialog.getByTestId(`crew-count-${index}`).fill(count);
    }
    expect(await dialog.getByTestId('crew-size').innerText()).toBe('7 personas');
    // two ranges that share days
    for (const [index, [from, to, max]] of (
      [
        ['05-01-2026', '30-01-2026', '3'],
        ['26-01-2026', '27-02-2026', '1'],
      ] as const
    ).entries()) {
      await dialog.getByRole('button', { name: 'Agregar rango' }).click();
      await dialog.getByTestId(`range-from-${index}`).fill(from);
      await dialog.getByTestId(`range-to-${index}`).fill(to);
      await dialog.getByTestId(`range-max-${index}`).fill(max);
    }
    const overlap = 'Disponibilidad: las filas 1 y 2 se superponen; cada día tiene un solo máximo';
    await dialog.getByRole('alert').filter({ hasText: overlap }).waitFor();
    await screenshot(page, 'catalogues-recursos-dialog');
    // 'Grabar' waits while a field says what is wrong
    await dialog.getByRole('button', { name: 'Grabar' }).click();
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByTestId('range-from-1').fill('02-02-2026');
    await expect.poll(() => dialog.getByRole('alert').filter({ hasText: overlap }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Grabar' }).click();
    await waitForSuccessToast(page, 'Recurso guardado');
    await dialog.waitFor({ state: 'detached' });
    await rowButton(page, 'Cuadrilla de moldaje').waitFor();
    const row = page.getByRole('row').filter({ hasText: 'Cuadrilla de moldaje' });
    expect(await row.innerText()).toContain('1 Capataz + 4 Carpintero + 2 Jornal (7 personas)');
    expect(await row.innerText()).toContain('$520.000 por día');
    await screenshot(page, 'catalogues-recursos');
    expect(await api.findByCode('recursos', 'CMOL')).toMatchObject({
      type: 'labor',
      unit: 'cuadrilla',
      maxUnits: 2,
      costPerDay: '520000',
      currency: 'CLP',
      availability: [
        { from: '2026-01-05', to: '2026-01-30', maxUnits: 3 },
        { from: '2026-02-02', to: '2026-02-27', maxUnits: 1 },
      ],
    });
  });

  it('gives a resource its own calendar: the weekdays it works and its days off, checked as typed', async () => {
    await rowButton(page, 'Cuadrilla de moldaje').click();
    const dialog = recordDialog(page, 'Recurso');
    await dialog.waitFor();
    const calendar = dialog.getByRole('region', { name: 'Calendario propio' });
    // every day ticked and no range: the project's calendar
    expect(await calendar.getByRole('checkbox').count()).toBe(7);
    for (const day of ['Sáb', 'Dom']) await calendar.getByRole('checkbox', { name: day }).uncheck();
    await calendar.getByRole('button', { name: 'Agregar días no laborables' }).click();
    await calendar.getByTestId('day-off-from-0').fill('27-02-2026');
    await calendar.getByTestId('day-off-to-0').fill('16-02-2026');
    const inverted = 'Calendario, fila 1: el término (16-02-2026) es anterior al inicio (27-02-2026)';
    await calendar.getByRole('alert').filter({ hasText: inverted }).waitFor();
    // 'Grabar' waits while the calendar says what is wrong
    await dialog.getByRole('button', { name: 'Grabar' }).click();
    expect(await dialog.isVisible()).toBe(true);
    await calendar.getByTestId('day-off-from-0').fill('16-02-2026');
    await calendar.getByTestId('day-off-to-0').fill('27-02-2026');
    await calendar.getByTestId('day-off-name-0').fill('Vacaciones');
    await expect.poll(() => calendar.getByRole('alert').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Grabar' }).click();
    await waitForSuccessToast(page, 'Recurso guardado');
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByRole('row').filter({ hasText: 'Cuadrilla de moldaje' });
    await expect.poll(() => row.innerText()).toContain('L–V; 1 rango no laborable');
    expect(await api.findByCode('recursos', 'CMOL')).toMatchObject({
      calendar: {
        workingWeekdays: [1, 2, 3, 4, 5],
        exceptions: [{ from: '2026-02-16', to: '2026-02-27', name: 'Vacaciones' }],
      },
    });
  });

  it('refuses to delete a trade in a crew, naming the resource', async () => {
    await openCatalogue(page, '/admin/oficios', 'Oficios', 'Carpintero');
    await page.getByRole('button', { name: 'Eliminar Carpintero' }).click();
    await confirmDialog(page).getByRole('button', { name: 'Si, estoy seguro' }).click();
    await waitForErrorToast(page);
    await page.getByText('está en la cuadrilla de 1 recurso: CMOL Cuadrilla de moldaje').first().waitFor();
    expect(await api.findByCode('oficios', 'CAR')).toBeDefined();
  });

  it("an activity's productivity: unit of work, rendimiento, resource and crews, in light and dark", async () => {
    await openCatalogue(page, '/admin/actividades', 'Actividades');
    await page.getByRole('button', { name: 'Agregar actividad' }).click();
    // the spec keeps the activity modal's title 'Tipo de área'
    const dialog = recordDialog(page, 'Tipo de área');
    await dialog.waitFor();
    await dialog.getByLabel('Código').fill('HRM');
    await dialog.getByLabel('Nombre').fill('Hormigonado de losa');
    await dialog.getByRole('combobox', { name: 'Unidad de trabajo' }).click();
    await page.getByRole('option', { name: 'm³', exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Rendimiento', exact: true }).fill('7,5');
    await dialog.getByRole('combobox', { name: 'Recurso' }).click();
    await page.getByRole('option', { name: 'CMOL · Cuadrilla de moldaje' }).click();
    await dialog.getByRole('textbox', { name: 'Cuadrillas', exact: true }).fill('2');
    await screenshot(page, 'catalogues-actividad-rendimiento');
    await dialog.getByRole('button', { name: 'Grabar' }).click();
    await waitForSuccessToast(page, /Actividad guardada/);
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByRole('row').filter({ hasText: 'Hormigonado de losa' });
    await expect.poll(() => row.innerText()).toContain('7,5 m³/día por cuadrilla');
    expect(await row.innerText()).toContain('Cuadrilla de moldaje [2]');
    expect(await api.findByCode('actividades', 'HRM')).toMatchObject({
      workUnit: 'm3',
      productivity: '7.5',
      crews: 2,
      resourceName: 'Cuadrilla de moldaje',
    });
    // dark mode, as a user sets it: the same dialog reads
    await page.evaluate(() => {
      const key = 'cimiento-settings';
      const saved = JSON.parse(localStorage.getItem(key) ?? '{"state":{},"version":1}') as {
        state: Record<string, unknown>;
      };
      localStorage.setItem(key, JSON.stringify({ state: { ...saved.state, isDarkMode: true }, version: 1 }));
    });
    await page.reload();
    await rowButton(page, 'Hormigonado de losa').click();
    await recordDialog(page, 'Tipo de área').waitFor();
    await screenshot(page, 'catalogues-actividad-rendimiento-oscuro');
    await recordDialog(page, 'Tipo de área').getByRole('button', { name: 'Cerrar' }).first().click();
    await openCatalogue(page, '/admin/recursos', 'Recursos', 'Cuadrilla de moldaje');
    await screenshot(page, 'catalogues-recursos-oscuro');
    await page.evaluate(() => localStorage.removeItem('cimiento-settings'));
    await page.reload();
  });

  it('reads on a phone (390 px)', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openCatalogue(page, '/admin/recursos', 'Recursos', 'Cuadrilla de moldaje');
    await rowButton(page, 'Cuadrilla de moldaje').click();
    await recordDialog(page, 'Recurso').waitFor();
    await screenshot(page, 'catalogues-recursos-dialog-390');
    await recordDialog(page, 'Recurso').getByRole('button', { name: 'Cerrar' }).first().click();
    await page.setViewportSize({ width: 1400, height: 900 });
  });
});
