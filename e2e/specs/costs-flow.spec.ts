import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Download, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction } from '../support/api';
import { screenshot } from '../support/browser';
import { confirmDialog, waitForSuccessToast } from '../support/catalogues';
import { openEdp, row as edpRow, toolbarButton as edpToolbarButton } from '../support/edp';
import type { GanttOutput, SeededGantt } from '../support/gantt';
import { openGanttPage, row, seedGanttProject, toolbar, toolbarButton } from '../support/gantt';
import { ProjectApi, edpItemId } from '../support/projects';
import type { SignedInSession } from '../support/signed-in';
import { openAsFirstAdmin } from '../support/signed-in';

/*
 * Issue 16 end to end, as a user goes through it: price the EDP, fix a baseline, record two
 * cut-offs, read the S-curve, then create, approve and download EP N°1 and N°2, checking every
 * figure against this hand-computed project.
 *
 * The seeded project (support/gantt; CLP, budget $1.000.000, startYear 2026), one EDC list under ELA.1:
 *   1 ELA · 2 ELA.1 · 3 M · 4 M.1 · 5 ACT1 · 6 ACT2 · 7 ACT3 · 8 ELA.1.1 · 9 ELA.1.2
 * ACT1 → ACT2 → ACT3 finish to start, 5 working days each (Thursday 01-01 is Año Nuevo):
 *   ACT1 02–08-01-2026 · ACT2 09–15-01 · ACT3 16–22-01 · ELA.1.1 and ELA.1.2 02–08-01.
 *
 * Prices (typed in the EDP screen):
 *   ELA.1   'gl' 1 × $3.000.000 = $3.000.000, spread over its own leaves ACT1–ACT3 by working
 *           days: 5 / 15 each → $1.000.000 on each;
 *   ELA.1.1 'm2' 100 × $12.500 = $1.250.000;
 *   ELA.1.2 'm3' 20 × $40.000 = $800.000;
 *   contract = 3.000.000 + 1.250.000 + 800.000 = $5.050.000 (EDP total; budget 1.000.000 →
 *   difference 1.000.000 − 5.050.000 = −$4.050.000).
 * Terms ('Condiciones del contrato'): retention 5 %, cap 10 % of the contract (= $505.000, never
 * reached here), advance $505.000, IVA 19 %.
 *
 * Cut-off 1, 12-01-2026 (the work through Sunday 11-01), typed in the Gantt's 'Registrar avance':
 *   ACT1 100 %, ACT2 10 %, ELA.1.1 100 %, ELA.1.2 30 %.
 *   EP N°1 lines (issue 33, to the peso: each partida pays its earned value, the S-curve's; its
 *   accumulated % on its leaves, weighted by working days, is shown to 2 decimals and multiplies nothing):
 *     ELA.1   ACT1 1.000.000 × 100 % + ACT2 1.000.000 × 10 % = $1.100.000, shown as
 *             (5 × 100 + 5 × 10 + 5 × 0) / 15 = 36,666… → 36,67 % (3.000.000 × 36,67 % would be $1.100.100)
 *     ELA.1.1 100 % → $1.250.000
 *     ELA.1.2 30 %  → 800.000 × 30 % = $240.000
 *   gross (period) = 1.100.000 + 1.250.000 + 240.000 = $2.590.000, the S-curve's EV below; progress
 *     2.590.000 / 5.050.000 = 51,287… → 51,29 %
 *   retention = 5 % × 2.590.000 = $129.500 (cap 505.000 not reached)
 *   advance repayment = 505.000 × 2.590.000 / 5.050.000 = $259.000 (exactly: 2.590.000 / 10)
 *   net = 2.590.000 − 129.500 − 259.000 = $2.201.500
 *   IVA = 19 % × 2.201.500 = $418.285; total = 2.201.500 + 418.285 = $2.619.785
 *   S-curve at 12-01 (PV from the baseline, fixed after pricing, through 11-01: working days
 *   02, 05, 06, 07, 08, 09-01):
 *     PV = ACT1 1.000.000 + ACT2 1/5 × 1.000.000 = 200.000 + ELA.1.1 1.250.000 + ELA.1.2 800.000
 *        = $3.250.000 → 3.250.000 / 5.050.000 = 64,356… → 64,36 %
 *     EV (each leaf's amount × its progress, as EP N°1 pays) = 1.000.000 + 100.000
 *        + 1.250.000 + 240.000 = $2.590.000 → 51,287… → 51,29 %
 *     SPI = 2.590.000 / 3.250.000 = 0,7969… → 0,80 (Atrasado)
 *
 * Cut-off 2, 26-01-2026 (through 25-01), through the API: everything at 100 %.
 *   EP N°2: accumulated $5.050.000 (100,00 %), previous $2.590.000 → period 5.050.000 − 2.590.000
 *     = $2.460.000 (ELA.1 3.000.000 − 1.100.000 = 1.900.000; ELA.1.1 0; ELA.1.2 800.000 − 240.000
 *     = 560.000)
 *   retention to date 5 % × 5.050.000 = 252.500 (cap 505.000) → period 252.500 − 129.500 = $123.000
 *   repayment to date min(505.000 × 5.050.000 / 5.050.000, 505.000) = 505.000 → period
 *     505.000 − 259.000 = $246.000
 *   net = 2.460.000 − 123.000 − 246.000 = $2.091.000
 *   IVA = 19 % × 2.091.000 = $397.290; total = 2.091.000 + 397.290 = $2.488.290
 *   S-curve at 26-01: PV = EV = $5.050.000 (100,00 %: everything planned through 22-01, all done)
 *     → SPI 1,00 (Al día)
 */
const ACT1 = 5;
const ACT2 = 6;
const ACT3 = 7;
const ELA11 = 8;
const ELA12 = 9;

type PricedItem = { code: string; amount?: string };

type TotalsFigures = {
  contract: string;
  progress: string;
  period: string;
  retention: string;
  advance: string;
  net: string;
  vat: string;
  total: string;
};

const EP1: TotalsFigures = {
  contract: '5050000',
  progress: '51.29',
  period: '2590000',
  retention: '129500',
  advance: '259000',
  net: '2201500',
  vat: '418285',
  total: '2619785',
};

const EP2: TotalsFigures = {
  contract: '5050000',
  progress: '100',
  period: '2460000',
  retention: '123000',
  advance: '246000',
  net: '2091000',
  vat: '397290',
  total: '2488290',
};

/** Opens the item's row in the EDP grid and types its price, committing with Enter. */
async function price(
  page: Page,
  id: number,
  code: string,
  fields: { unit: string; quantity: string; unitPrice: string },
): Promise<void> {
  await edpRow(page, code).dblclick();
  await page.getByLabel(`Unidad del ítem ${id}`, { exact: true }).fill(fields.unit);
  await page.getByLabel(`Cantidad del ítem ${id}`, { exact: true }).fill(fields.quantity);
  const unitPrice = page.getByLabel(`Precio unitario del ítem ${id}`, { exact: true });
  await unitPrice.fill(fields.unitPrice);
  await unitPrice.press('Enter');
  await page.getByLabel(`Cantidad del ítem ${id}`, { exact: true }).waitFor({ state: 'detached' });
}

/** The S-curve table's rows: date, planned, earned, % planned, % earned. */
async function sCurveRows(page: Page): Promise<string[][]> {
  return page
    .getByTestId('s-curve-table')
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) =>
        Array.from(row.querySelectorAll('td'))
          .slice(0, 5)
          .map((cell) => (cell.textContent ?? '').replace('Corte', '').trim()),
      ),
    );
}

async function openSCurve(page: Page, projectId: string): Promise<void> {
  await page.goto(`/projects/${projectId}/curva-s`);
  await page.getByTestId('s-curve-table').waitFor();
  await page.getByTestId('s-curve-chart').locator('svg path').first().waitFor();
  await page.getByTestId('global-spinner').waitFor({ state: 'hidden' });
}

function epLines(page: Page, number: number): Locator {
  return page.getByRole('table', { name: `Partidas del estado de pago N°${number}` });
}

/** Each body row's cells, trimmed, joined by ' | '. */
async function rowTexts(table: Locator): Promise<string[]> {
  return table.locator('tbody tr').evaluateAll((rows) =>
    rows.map((row) =>
      Array.from(row.querySelectorAll('td'))
        .map((cell) => (cell as HTMLElement).innerText.trim())
        .join(' | '),
    ),
  );
}

/** The screen's totals block: each row's key (data-total) and its figure as shown. */
async function screenTotals(page: Page): Promise<Record<string, string>> {
  return page
    .getByTestId('estado-pago-totals')
    .locator('tr[data-total]')
    .evaluateAll((rows) =>
      Object.fromEntries(
        rows.map((row) => [
          row.getAttribute('data-total') ?? '',
          (row.querySelectorAll('td')[0] as HTMLElement | undefined)?.innerText.trim() ?? '',
        ]),
      ),
    );
}

/** $1.234.567 as the screen shows a CLP amount. */
function pesos(amount: string): string {
  return `$${amount.replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;
}

function expectedScreenTotals(figures: TotalsFigures, previous: string, percentShown: string) {
  return {
    contract: pesos(figures.contract),
    progress: `${percentShown} · ${pesos(addPesos(previous, figures.period))}`,
    previous: pesos(previous),
    period: pesos(figures.period),
    retention: `−${pesos(figures.retention)}`,
    advance: `−${pesos(figures.advance)}`,
    net: pesos(figures.net),
    vat: pesos(figures.vat),
    total: pesos(figures.total),
  };
}

/** Whole pesos well inside 2^53: exact as integers (test arithmetic on the golden figures only). */
function addPesos(a: string, b: string): string {
  return String(Number(a) + Number(b));
}

async function createEstadoPago(page: Page, cutoff: string): Promise<void> {
  await page.getByRole('button', { name: 'Nuevo estado de pago' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo estado de pago' });
  await dialog.getByRole('combobox', { name: 'Fecha de corte' }).click();
  await page.getByRole('option', { name: cutoff }).click();
  await dialog.getByRole('button', { name: 'Crear' }).click();
}

async function approve(page: Page, number: number): Promise<void> {
  await page.getByRole('button', { name: 'Aprobar' }).click();
  const confirm = confirmDialog(page);
  await expect.poll(() => confirm.innerText()).toContain('quedará congelado');
  await confirm.getByRole('button', { name: 'Si, estoy seguro' }).click();
  await waitForSuccessToast(page, `Estado de pago N°${number} aprobado: ya no cambia`);
  await expect.poll(() => page.getByRole('button', { name: 'Aprobar' }).count()).toBe(0);
}

async function download(page: Page, button: string): Promise<Download> {
  const [file] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    page.getByRole('button', { name: button, exact: true }).click(),
  ]);
  return file;
}

/**
 * The downloaded workbook's totals block: label (column G) → [figure (K), its CLP (L)], as decimal
 * strings (each figure is a number cell made from the EP's decimal string).
 */
async function workbookTotals(file: Download): Promise<{ title: unknown; totals: Map<string, string | null> }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync(await file.path()) as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Estado de pago');
  if (!sheet) throw new Error('no Estado de pago sheet');
  const totals = new Map<string, string | null>();
  sheet.eachRow((sheetRow) => {
    const label = sheetRow.getCell('G').value;
    const figure = sheetRow.getCell('K').value;
    if (typeof label === 'string') totals.set(label, figure === null ? null : String(figure));
  });
  return { title: sheet.getCell('A1').value, totals };
}

function expectWorkbookTotals(totals: Map<string, string | null>, figures: TotalsFigures): void {
  expect(totals.get('Total contrato')).toBe(figures.contract);
  expect(totals.get('Avance acumulado')).toBe(figures.progress);
  expect(totals.get('Monto del período')).toBe(figures.period);
  expect(totals.get('Retención (5 %)')).toBe(figures.retention);
  expect(totals.get('Devolución anticipo')).toBe(figures.advance);
  expect(totals.get('Neto')).toBe(figures.net);
  expect(totals.get('IVA (19 %)')).toBe(figures.vat);
  expect(totals.get('Total a pagar')).toBe(figures.total);
}

/** '51,29 %' (any screen's way of writing a percentage) as a number: 51.29. */
function percentOf(text: string): number {
  const match = /(-?[\d.]+(?:,\d+)?)\s*%/.exec(text);
  if (!match) throw new Error(`no percentage in '${text}'`);
  return Number((match[1] as string).replace(/\./g, '').replace(',', '.'));
}

/**
 * Issue 33, one progress measure: the project's progress at `cutoff` (DD-MM-YYYY, the latest) and
 * ELA.1.2's, as the five screens that show it read them, each with the basis it names.
 */
async function fiveScreens(
  page: Page,
  project: SeededGantt['project'],
  cutoff: string,
  epNumber: number,
): Promise<Record<string, { project: number; item?: number; basis: string }>> {
  // the Gantt: the header's figure, and the 'Avance' column of ELA (the root) and of ELA.1.2
  await openGanttPage(page, project, ACT1);
  const chip = await page.getByTestId('gantt-project-progress').innerText();
  await page.getByTestId('baseline-menu-button').click();
  const columns = page.getByRole('menuitemcheckbox', { name: 'Columnas de seguimiento' });
  if ((await columns.getAttribute('aria-checked')) !== 'true') await columns.click();
  else await page.keyboard.press('Escape');
  const avance = (id: number) => row(page, id).locator('[data-col-id=":progress"]');
  await avance(ELA12).waitFor();
  const gantt = {
    project: percentOf(await avance(1).innerText()),
    item: percentOf(await avance(ELA12).innerText()),
    basis: chip,
  };
  expect(percentOf(chip)).toBe(gantt.project);
  await screenshot(page, `costs-flow-one-measure-gantt-${epNumber}`);

  // 'Cortes de avance'
  await toolbar(page).getByRole('button', { name: 'Más opciones de avance' }).click();
  await page.getByRole('menuitem', { name: 'Cortes de avance' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cortes de avance' });
  const line = dialog.getByTestId('progress-history-cutoffs').locator('tbody tr', { hasText: cutoff });
  await line.waitFor();
  const cortes = {
    project: percentOf(await line.locator('td').nth(3).innerText()),
    basis: await dialog.getByTestId('progress-history-basis').innerText(),
  };
  await screenshot(page, `costs-flow-one-measure-cortes-${epNumber}`);
  await dialog.getByRole('button', { name: 'Cerrar' }).click();

  // the home: the project's card
  await page.goto('/home');
  const card = page.getByTestId('dashboard-project').filter({ hasText: project.name });
  await card.getByTestId('dashboard-project-progress').waitFor();
  const home = {
    project: percentOf(await card.getByTestId('dashboard-project-progress').innerText()),
    basis: await card.getByTestId('dashboard-progress-basis').innerText(),
  };
  await screenshot(page, `costs-flow-one-measure-home-${epNumber}`);

  // the S-curve: '% real' at the cut-off
  await openSCurve(page, project._id);
  const point = (await sCurveRows(page)).find((cells) => cells[0] === cutoff);
  const curve = {
    project: percentOf(point?.[4] ?? ''),
    basis: await page.getByTestId('s-curve-amount-basis').innerText(),
  };

  // the estado de pago at that cut-off: its total's and ELA.1.2's line
  await page.goto(`/projects/${project._id}/estados-pago`);
  await page.getByRole('heading', { name: `Estado de pago N°${epNumber}` }).waitFor();
  const lines = await rowTexts(epLines(page, epNumber));
  const ela12 = lines.find((text) => text.startsWith('ELA.1.2 |'))?.split(' | ') ?? [];
  const progressRow = page.getByTestId('estado-pago-totals').locator('tr[data-total="progress"]');
  const ep = {
    project: percentOf((await screenTotals(page)).progress ?? ''),
    item: percentOf(ela12[8] ?? ''),
    basis: await progressRow.innerText(),
  };
  return { gantt, cortes, home, curve, ep };
}

describe('costs end to end: prices, cut-offs, the S-curve and estados de pago N°1 and N°2 (issue 16)', () => {
  let session: SignedInSession;
  let page: Page;
  let seeded: SeededGantt;
  const call = <T>(name: string, data: unknown) => callFunction<T>(session.server.url, name, data, seeded.cookie);

  beforeAll(async () => {
    session = await openAsFirstAdmin('costos');
    page = session.page;
    seeded = await seedGanttProject(session, ['ELA.1']);
    // the golden project is in pesos
    expect(seeded.project.currency).toBe('CLP');
    await seeded.saveGantt((task) =>
      task.TaskID === ACT2 ? { Predecessor: `${ACT1}FS` } : task.TaskID === ACT3 ? { Predecessor: `${ACT2}FS` } : {},
    );
    const planned = new Map((await seeded.loadGantt()).activities.map((task) => [task.TaskID, task]));
    expect(
      [ACT1, ACT2, ACT3, ELA11, ELA12].map((id) => [planned.get(id)?.StartDate, planned.get(id)?.EndDate]),
    ).toEqual([
      ['2026-01-02', '2026-01-08'],
      ['2026-01-09', '2026-01-15'],
      ['2026-01-16', '2026-01-22'],
      ['2026-01-02', '2026-01-08'],
      ['2026-01-02', '2026-01-08'],
    ]);
  }, 120_000);

  afterAll(async () => {
    await session?.close();
  });

  it('prices ELA.1, ELA.1.1 and ELA.1.2 in the EDP screen and saves them', async () => {
    const { project } = seeded;
    const amount = (code: string) => page.locator(`[data-edp-amount="${edpItemId(project, code)}"]`);
    await openEdp(page, project);
    await price(page, edpItemId(project, 'ELA.1'), 'ELA.1', { unit: 'gl', quantity: '1', unitPrice: '3.000.000' });
    await price(page, edpItemId(project, 'ELA.1.1'), 'ELA.1.1', { unit: 'm2', quantity: '100', unitPrice: '12.500' });
    await price(page, edpItemId(project, 'ELA.1.2'), 'ELA.1.2', { unit: 'm3', quantity: '20', unitPrice: '40.000' });
    await expect.poll(() => amount('ELA.1.1').textContent()).toBe('$1.250.000');
    expect(await amount('ELA.1.2').textContent()).toBe('$800.000');
    // ELA.1: its own 3.000.000 + 1.250.000 + 800.000
    expect(await amount('ELA.1').textContent()).toBe('$5.050.000');
    expect(await amount('ELA').textContent()).toBe('$5.050.000');
    await page
      .getByTestId('edp-budget-summary')
      .getByText('Total ítems: $5.050.000 · Presupuesto: $1.000.000 · Diferencia: -$4.050.000')
      .waitFor();

    await edpToolbarButton(page, 'Grabar EDP').click();
    await confirmDialog(page).getByRole('button', { name: 'Si, estoy seguro' }).click();
    await waitForSuccessToast(page, /EDP grabado/);
    await expect.poll(() => page.getByText('Cambios sin grabar', { exact: true }).count()).toBe(0);
    await screenshot(page, 'costs-flow-edp-prices');

    const projects = await ProjectApi.forSession(session);
    const stored = (await projects.load(project._id)) as unknown as { edp: { items: PricedItem[] } };
    expect(
      Object.fromEntries(stored.edp.items.filter((item) => item.amount).map((item) => [item.code, item.amount])),
    ).toEqual({
      'ELA.1': '3000000',
      'ELA.1.1': '1250000',
      'ELA.1.2': '800000',
    });
  }, 120_000);

  it("fixes the baseline from the Gantt's 'Línea base' menu and records cut-off 1 in 'Registrar avance'", async () => {
    await openGanttPage(page, seeded.project, ACT1);
    await page.getByTestId('baseline-menu-button').click();
    await page.getByRole('menuitem', { name: 'Fijar línea base…' }).click();
    const baselineDialog = page.getByRole('dialog', { name: 'Fijar línea base' });
    await expect.poll(() => baselineDialog.getByLabel('Nombre').inputValue()).toBe('Línea base 1');
    await baselineDialog.getByRole('button', { name: 'Fijar', exact: true }).click();
    await baselineDialog.waitFor({ state: 'hidden' });
    await waitForSuccessToast(page, 'Línea base «Línea base 1» fijada: 9 tareas');

    const grid = page.getByRole('dialog', { name: 'Registrar avance' });
    const focused = () =>
      page.evaluate(() => (document.activeElement as HTMLElement | null)?.getAttribute('data-testid') ?? '');
    await toolbarButton(page, 'Registrar avance').click();
    await grid.waitFor();
    expect(await focused()).toBe('progress-cutoff');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('12-01-2026');
    await page.keyboard.press('Enter');
    expect(await focused()).toBe(`progress-actualStart-${ACT1}`);
    // ACT1: Inicio real, Fin real, 100 %
    await page.keyboard.type('02-01-2026');
    await page.keyboard.press('Tab');
    await page.keyboard.type('08-01-2026');
    await page.keyboard.press('Tab');
    await page.keyboard.type('100');
    await page.keyboard.press('Enter');
    expect(await focused()).toBe(`progress-progress-${ACT2}`);
    await page.keyboard.type('10');
    await page.keyboard.press('Enter');
    expect(await focused()).toBe(`progress-progress-${ELA11}`);
    await page.keyboard.type('100');
    await page.keyboard.press('Enter');
    expect(await focused()).toBe(`progress-progress-${ELA12}`);
    await page.keyboard.type('30');
    // Enter fills its Inicio real with the scheduled start (a progress above 0 needs one)
    await page.keyboard.press('Enter');
    expect(await grid.getByTestId(`progress-actualStart-${ELA12}`).inputValue()).toBe('02-01-2026');
    await expect.poll(() => grid.getByTestId('progress-grid-counts').innerText()).toContain('4 cambiadas');
    await screenshot(page, 'costs-flow-progress-typed');
    await grid.getByRole('button', { name: 'Grabar avance' }).click();
    await expect.poll(() => grid.getByTestId('progress-grid-counts').innerText()).toContain('0 cambiadas');
    await grid.getByRole('button', { name: 'Salir' }).click();
    await grid.waitFor({ state: 'detached' });
    expect(await page.getByTestId('gantt-cutoff-chip').innerText()).toBe('Corte: 12-01-2026');

    const stored = new Map((await seeded.loadGantt()).activities.map((task) => [task.TaskID, task.Progress]));
    expect([ACT1, ACT2, ACT3, ELA11, ELA12].map((id) => stored.get(id))).toEqual([100, 10, 0, 100, 30]);
  }, 120_000);

  it('reads the S-curve at cut-off 1: PV from the baseline, EV, and SPI 0,80', async () => {
    await openSCurve(page, seeded.project._id);
    expect(await page.getByTestId('s-curve-duration-basis').count()).toBe(0);
    // the baseline was fixed after the prices: its own amounts, no warning about current ones
    expect((await page.getByTestId('s-curve-message').allInnerTexts()).join(' ')).not.toContain(
      'antes de que hubiera precios',
    );
    expect(await sCurveRows(page)).toEqual([
      ['02-01-2026', '$0', '—', '0,00 %', '—'],
      ['12-01-2026', '$3.250.000', '$2.590.000', '64,36 %', '51,29 %'],
      ['01-02-2026', '$5.050.000', '—', '100,00 %', '—'],
    ]);
    const spi = await page.getByTestId('s-curve-spi').innerText();
    expect(spi).toContain('0,80');
    expect(spi).toContain('Atrasado');
  }, 60_000);

  it("sets 'Condiciones del contrato', creates EP N°1 at 12-01-2026, approves it and downloads it", async () => {
    await page.goto(`/projects/${seeded.project._id}/estados-pago`);
    await page.getByRole('heading', { level: 1, name: 'Estados de pago' }).waitFor();
    await page.getByText('Aún no hay estados de pago').waitFor();

    await page.getByRole('button', { name: 'Condiciones del contrato' }).click();
    const terms = page.getByRole('dialog', { name: 'Condiciones del contrato' });
    await terms.getByLabel('Contrato', { exact: true }).fill('Contrato N°12');
    await terms.getByLabel('Contratista', { exact: true }).fill('Constructora Los Aromos');
    await terms.getByLabel('Retención %', { exact: true }).fill('5');
    await terms.getByLabel('Tope retención % del contrato', { exact: true }).fill('10');
    await terms.getByLabel('Anticipo (CLP)', { exact: true }).fill('505.000');
    await terms.getByLabel('IVA %', { exact: true }).fill('19');
    await terms.getByRole('button', { name: 'Grabar' }).click();
    await waitForSuccessToast(page, /Condiciones del contrato guardadas/);
    await terms.waitFor({ state: 'hidden' });
    const stored = await call<{ settings: Record<string, string> }>('loadEstadosPago', { id: seeded.project._id });
    expect(stored.settings).toMatchObject({
      retentionPercent: '5',
      retentionCapPercent: '10',
      advanceAmount: '505000',
      vatPercent: '19',
    });

    await createEstadoPago(page, '12-01-2026');
    await waitForSuccessToast(page, 'Estado de pago N°1 creado al corte del 12-01-2026');
    await page.getByRole('heading', { name: 'Estado de pago N°1' }).waitFor();
    expect(await rowTexts(epLines(page, 1))).toEqual([
      'ELA.1 | Torre | gl | 1 | 3.000.000 | 3.000.000 | 0,00 % | 36,67 % | 36,67 % | 0 | 1.100.000 | 1.100.000',
      'ELA.1.1 | Piso 1 | m2 | 100 | 12.500 | 1.250.000 | 0,00 % | 100,00 % | 100,00 % | 0 | 1.250.000 | 1.250.000',
      'ELA.1.2 | Piso 2 | m3 | 20 | 40.000 | 800.000 | 0,00 % | 30,00 % | 30,00 % | 0 | 240.000 | 240.000',
    ]);
    expect(await screenTotals(page)).toEqual(expectedScreenTotals(EP1, '0', '51,29 %'));

    await approve(page, 1);
    const excel = await download(page, 'Descargar Excel');
    expect(excel.suggestedFilename()).toBe(`EP-${seeded.project.code}-N1.xlsx`);
    const { title, totals } = await workbookTotals(excel);
    expect(title).toBe('Estado de pago N°1');
    expectWorkbookTotals(totals, EP1);
  }, 120_000);

  it("issue 33: the Gantt, 'Cortes de avance', the home, the S-curve and EP N°1 read the same progress at cut-off 1", async () => {
    const screens = await fiveScreens(page, seeded.project, '12-01-2026', 1);
    // the project: EV 2.590.000 of 5.050.000 = 51,29 % (by duration it read (5 × 100 + 5 × 10 +
    // 5 × 100 + 5 × 30) / 25 = 48 %); ELA.1.2: 30 %
    expect(Object.fromEntries(Object.entries(screens).map(([key, value]) => [key, value.project]))).toEqual({
      gantt: 51.29,
      cortes: 51.29,
      home: 51.29,
      curve: 51.29,
      ep: 51.29,
    });
    expect([screens.gantt?.item, screens.ep?.item]).toEqual([30, 30]);
    // every screen names the basis
    for (const screen of Object.values(screens)) expect(screen.basis).toContain('ponderado por monto');
    await screenshot(page, 'costs-flow-one-measure-ep1');
  }, 180_000);

  it('records cut-off 2 (everything done), creates EP N°2, approves it and downloads its Excel and PDF', async () => {
    const { version } = await seeded.loadGantt();
    await call<GanttOutput>('saveProgress', {
      id: seeded.project._id,
      cutoff: '2026-01-26',
      entries: [
        { TaskID: ACT2, ActualStart: '2026-01-09', ActualFinish: '2026-01-16', Progress: 100 },
        { TaskID: ACT3, ActualStart: '2026-01-19', ActualFinish: '2026-01-23', Progress: 100 },
        { TaskID: ELA12, ActualStart: '2026-01-02', ActualFinish: '2026-01-14', Progress: 100 },
      ],
      version,
    });

    await openSCurve(page, seeded.project._id);
    expect(await sCurveRows(page)).toEqual([
      ['02-01-2026', '$0', '—', '0,00 %', '—'],
      ['12-01-2026', '$3.250.000', '$2.590.000', '64,36 %', '51,29 %'],
      ['26-01-2026', '$5.050.000', '$5.050.000', '100,00 %', '100,00 %'],
      ['01-02-2026', '$5.050.000', '—', '100,00 %', '—'],
    ]);
    const spi = await page.getByTestId('s-curve-spi').innerText();
    expect(spi).toContain('1,00');
    expect(spi).toContain('Al día');
    await screenshot(page, 'costs-flow-s-curve');

    await page.goto(`/projects/${seeded.project._id}/estados-pago`);
    await page.getByRole('heading', { level: 1, name: 'Estados de pago' }).waitFor();
    await createEstadoPago(page, '26-01-2026');
    await waitForSuccessToast(page, 'Estado de pago N°2 creado al corte del 26-01-2026');
    await page.getByRole('heading', { name: 'Estado de pago N°2' }).waitFor();
    expect(await rowTexts(epLines(page, 2))).toEqual([
      'ELA.1 | Torre | gl | 1 | 3.000.000 | 3.000.000 | 36,67 % | 63,33 % | 100,00 % | 1.100.000 | 1.900.000 | 3.000.000',
      'ELA.1.1 | Piso 1 | m2 | 100 | 12.500 | 1.250.000 | 100,00 % | 0,00 % | 100,00 % | 1.250.000 | 0 | 1.250.000',
      'ELA.1.2 | Piso 2 | m3 | 20 | 40.000 | 800.000 | 30,00 % | 70,00 % | 100,00 % | 240.000 | 560.000 | 800.000',
    ]);
    expect(await screenTotals(page)).toEqual(expectedScreenTotals(EP2, EP1.period, '100,00 %'));

    await approve(page, 2);
    await screenshot(page, 'costs-flow-ep2');
    const excel = await download(page, 'Descargar Excel');
    expect(excel.suggestedFilename()).toBe(`EP-${seeded.project.code}-N2.xlsx`);
    const { title, totals } = await workbookTotals(excel);
    expect(title).toBe('Estado de pago N°2');
    expectWorkbookTotals(totals, EP2);

    const pdf = await download(page, 'Descargar PDF');
    expect(pdf.suggestedFilename()).toBe(`EP-${seeded.project.code}-N2.pdf`);
    expect(
      readFileSync(await pdf.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // both approved, as stored
    const stored = await call<{ estadosPago: Array<{ number: number; status: string; totals: { total: string } }> }>(
      'loadEstadosPago',
      { id: seeded.project._id },
    );
    expect(stored.estadosPago.map((ep) => [ep.number, ep.status, ep.totals.total])).toEqual([
      [1, 'approved', EP1.total],
      [2, 'approved', EP2.total],
    ]);
  }, 180_000);

  it('issue 33: the same five screens read 100 % at cut-off 2, and cut-off 1 still reads 51,29 % where it is listed', async () => {
    const screens = await fiveScreens(page, seeded.project, '26-01-2026', 2);
    expect(Object.values(screens).map((screen) => screen.project)).toEqual([100, 100, 100, 100, 100]);
    expect([screens.gantt?.item, screens.ep?.item]).toEqual([100, 100]);
    await openSCurve(page, seeded.project._id);
    expect((await sCurveRows(page)).find((cells) => cells[0] === '12-01-2026')?.[4]).toBe('51,29 %');
  }, 180_000);

  it('issue 33: a price changed after EP N°1 and N°2 were approved leaves their figures on the S-curve, the recalculated ones beside', async () => {
    // ELA.1.2 from 20 × $40.000 to 20 × $50.000 = $1.000.000: at 12-01 (30 %) it earns $300.000 now,
    // so EV = 1.100.000 + 1.250.000 + 300.000 = $2.650.000 of the $5.250.000 the tasks carry = 50,48 %;
    // at 26-01 everything done: $5.250.000, 100 %
    const id = seeded.project._id;
    const { project } = await call<{
      project: { edp: { items: Array<{ code: string; unitPrice?: string }>; version: number } };
    }>('loadProject', { id });
    await call('saveEdp', {
      id,
      edp: {
        items: project.edp.items.map((item) => (item.code === 'ELA.1.2' ? { ...item, unitPrice: '50000' } : item)),
        version: project.edp.version,
      },
    });
    await openSCurve(page, id);
    const cutoffRow = (date: string) =>
      page.getByTestId('s-curve-table').locator('tbody tr', { has: page.getByText(date, { exact: true }) });
    // 'Real' stays as each EP reported it; what the data gives now is written under it
    const first = cutoffRow('12-01-2026');
    expect(
      await first
        .locator('td')
        .nth(2)
        .evaluate((cell) => cell.firstChild?.textContent),
    ).toBe('$2.590.000');
    expect(await first.locator('td').nth(4).innerText()).toBe('51,29 %');
    expect(await first.getByTestId('s-curve-recalculated').innerText()).toBe(
      'reportado en EP N°1; recalculado hoy: $2.650.000 (50,48 %)',
    );
    const second = cutoffRow('26-01-2026');
    expect(await second.getByTestId('s-curve-recalculated').innerText()).toBe(
      'reportado en EP N°2; recalculado hoy: $5.250.000 (100,00 %)',
    );
    expect(await second.locator('td').nth(4).innerText()).toBe('100,00 %');
    await screenshot(page, 'costs-flow-s-curve-reported');
  }, 120_000);
});
