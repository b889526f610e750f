import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as mupdf from 'mupdf';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction } from '../support/api';
import { screenshot } from '../support/browser';
import { CatalogueApi } from '../support/catalogues';
import type { GanttOutput, SeededGantt } from '../support/gantt';
import { seedGanttProject } from '../support/gantt';
import type { SignedInSession } from '../support/signed-in';
import { openAsFirstAdmin } from '../support/signed-in';

/*
 * Issue 35, the 'Histograma de recursos' screen. The seeded project (support/gantt) has one EDC list
 * under ELA.1; its leaves ACT1, ACT2, ACT3, ELA.1.1 and ELA.1.2 last 5 working days each, from Friday
 * 02-01-2026 (Thursday 1 is Año Nuevo; the project's calendar starts with 2026).
 * Resources: CMOL Cuadrilla moldaje (4 carpinteros + 1 jornal, 2 available, $500.000 a crew-day),
 * GRUA Grúa torre (1, $1.200.000 a day), TOPO Topografía (a subcontract in US dollars).
 *   ACT1 2–8 Jan: 2 CMOL + 1 GRUA · ACT2 2–8 Jan: 1 CMOL → 3 crews a day against 2: overloaded
 *   ACT3 12–16 Jan: 1 CMOL + 1 TOPO · ELA.1.1 2–6 Feb: 2 CMOL (after the baseline 'Contrato', moved to 9–13 Feb)
 * A cut-off on Tuesday 06-01-2026 with ACT1 and ACT2 at 40 % (2 of their 5 days) keeps their dates.
 * CMOL by week (a crew-day is 5 workers × 8,8 h = 44 HH):
 *   29-12-2025: Friday 2 alone, 3 crews: peak 3, mean 3, 132 HH, $1.500.000       (overloaded)
 *   05-01-2026: 3 crews Monday to Thursday: peak 3, mean 12/5 = 2,4, 528 HH, $6.000.000 (overloaded)
 *   12-01-2026: 1 crew, 5 days: 220 HH, $2.500.000 · 19-01 and 26-01: nothing · 02-02: nothing
 *   09-02-2026: 2 crews, 5 days: 440 HH, $5.000.000
 * Carpenters and jornales by month: see the manpower test below.
 */
const STARTS: Record<string, string> = { ACT3: '2026-01-12', 'ELA.1.1': '2026-02-02' };

async function toggleDarkMode(page: Page, isDark: boolean): Promise<void> {
  await page.getByRole('button', { name: 'Configuración Dashboard' }).click();
  const toggle = page.getByLabel('Fondo claro / Fondo Oscuro');
  if (isDark) await toggle.check();
  else await toggle.uncheck();
  await page.locator(`html[data-theme-mode="${isDark ? 'dark' : 'light'}"]`).waitFor({ state: 'attached' });
  await page.keyboard.press('Escape');
}

/** A table's body rows, cell by cell. */
async function rowsOf(page: Page, testId: string): Promise<string[][]> {
  return page
    .getByTestId(testId)
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => Array.from(row.querySelectorAll('td, th')).map((cell) => (cell.textContent ?? '').trim())),
    );
}

/** The fill of each bar of the current schedule's series, in period order. */
async function barFills(page: Page): Promise<string[]> {
  return page
    .getByTestId('histogram-chart')
    .locator('[data-series="units"] rect')
    .evaluateAll((bars) =>
      bars
        .map((bar) => ({ x: Number(bar.getAttribute('x')), fill: bar.getAttribute('fill') ?? '' }))
        .sort((a, b) => a.x - b.x)
        .map((bar) => bar.fill),
    );
}

async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Waits for the histogram asked for: the table drawn and nothing being computed. */
async function settled(page: Page): Promise<void> {
  await page.getByTestId('histogram-table').waitFor();
  await page.getByTestId('histogram-chart').locator('[data-series="units"] rect').first().waitFor();
  await page.getByRole('progressbar', { name: 'Calculando el histograma…' }).waitFor({ state: 'hidden' });
  await page.getByTestId('global-spinner').waitFor({ state: 'hidden' });
}

describe("the 'Histograma de recursos' screen (issue 35)", () => {
  let session: SignedInSession;
  let page: Page;
  let seeded: SeededGantt;

  beforeAll(async () => {
    session = await openAsFirstAdmin('histograma');
    page = session.page;
    const catalogues = await CatalogueApi.forSession(session);
    const carpintero = await catalogues.save('oficios', { code: 'CAR', name: 'Carpintero', priority: 1 });
    const jornal = await catalogues.save('oficios', { code: 'JOR', name: 'Jornal', priority: 2 });
    const moldaje = await catalogues.save('recursos', {
      code: 'CMOL',
      name: 'Cuadrilla moldaje',
      priority: 1,
      type: 'labor',
      unit: 'cuadrilla',
      maxUnits: 2,
      crew: [
        { trade: carpintero._id, count: 4 },
        { trade: jornal._id, count: 1 },
      ],
      costPerDay: '500000',
      currency: 'CLP',
    });
    const grua = await catalogues.save('recursos', {
      code: 'GRUA',
      name: 'Grúa torre',
      priority: 2,
      type: 'equipment',
      unit: 'un',
      maxUnits: 1,
      costPerDay: '1200000',
      currency: 'CLP',
    });
    const topografia = await catalogues.save('recursos', {
      code: 'TOPO',
      name: 'Topografía',
      priority: 3,
      type: 'subcontract',
      unit: 'gl',
      maxUnits: 1,
      costPerDay: '250',
      currency: 'USD',
    });
    const resources: Record<string, Array<{ resourceId: string; units: number }>> = {
      ACT1: [
        { resourceId: moldaje._id, units: 2 },
        { resourceId: grua._id, units: 1 },
      ],
      ACT2: [{ resourceId: moldaje._id, units: 1 }],
      ACT3: [
        { resourceId: moldaje._id, units: 1 },
        { resourceId: topografia._id, units: 1 },
      ],
      'ELA.1.1': [{ resourceId: moldaje._id, units: 2 }],
    };
    seeded = await seedGanttProject(session, ['ELA.1']);
    let gantt = await seeded.saveGantt((task) => ({
      ...(STARTS[task.TaskCode] === undefined ? {} : { StartDate: STARTS[task.TaskCode] }),
      ...(resources[task.TaskCode] === undefined ? {} : { Resources: resources[task.TaskCode] }),
    }));
    const call = <T>(name: string, data: unknown) => callFunction<T>(session.server.url, name, data, seeded.cookie);
    await call('saveBaseline', { id: seeded.project._id, name: 'Contrato' });
    const ids = Object.fromEntries(gantt.activities.map((task) => [task.TaskCode, task.TaskID]));
    gantt = await call<GanttOutput>('saveProgress', {
      id: seeded.project._id,
      cutoff: '2026-01-06',
      entries: [
        { TaskID: ids.ACT1, ActualStart: '2026-01-02', Progress: 40 },
        { TaskID: ids.ACT2, ActualStart: '2026-01-02', Progress: 40 },
      ],
      version: gantt.version,
    });
    // after the baseline, ELA.1.1 a week later
    await seeded.saveGantt((task) => (task.TaskCode === 'ELA.1.1' ? { StartDate: '2026-02-09' } : {}));
  });

  afterAll(async () => {
    await session?.close();
  });

  it('shows the overloaded weeks of the formwork crews in the chart and the table, from the sidebar', async () => {
    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.goto(`/projects/${seeded.project._id}`);
    await page.getByRole('link', { name: 'Histograma de recursos' }).click();
    await page.waitForURL(/\/histograma$/);
    await page.getByRole('heading', { level: 1, name: 'Histograma de recursos' }).waitFor();
    await settled(page);

    expect(await page.getByTestId('histogram-message').innerText()).toBe(
      'Histograma de 3 series sobre 4 tareas con recursos',
    );
    expect(await page.getByRole('combobox', { name: 'Recurso a graficar' }).innerText()).toBe('CMOL Cuadrilla moldaje');
    expect(await rowsOf(page, 'histogram-table')).toEqual([
      ['29-12-2025Sobrecarga', '3', '3', '2', '132', '$1.500.000'],
      ['05-01-2026Sobrecarga', '3', '2,4', '2', '528', '$6.000.000'],
      ['12-01-2026', '1', '1', '2', '220', '$2.500.000'],
      ['19-01-2026', '0', '0', '2', '0', '$0'],
      ['26-01-2026', '0', '0', '2', '0', '$0'],
      ['02-02-2026', '0', '0', '2', '0', '$0'],
      ['09-02-2026', '2', '2', '2', '440', '$5.000.000'],
    ]);
    expect(
      await page
        .getByTestId('histogram-table')
        .locator('tbody tr')
        .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-overload'))),
    ).toEqual(['true', 'true', 'false', 'false', 'false', 'false', 'false']);
    expect(await page.getByTestId('histogram-total').innerText()).toBe('Total\t3\t—\t—\t1.320\t$15.000.000');
    expect(await page.getByTestId('histogram-overloads').innerText()).toBe(
      'Sobrecarga en 2 periodos: 29-12-2025, 05-01-2026. Algún día de cada uno pide más de lo disponible.',
    );
    expect(await page.getByRole('figure').getAttribute('aria-label')).toContain(
      'Sobrecarga en 2 periodos: 29-12-2025, 05-01-2026',
    );
    // the overloaded weeks' bars in the error colour, the others in the primary one
    const fills = await barFills(page);
    expect(fills.slice(0, 3)).toEqual(['#d32f2f', '#d32f2f', '#1565c0']);
    expect(fills.at(-1)).toBe('#1565c0');
    // the availability's step line, and the cut-off inside the week of 5 January
    expect(await page.getByTestId('histogram-chart').locator('[data-series="available"]').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('histogram-cutoff').textContent()).toBe('Corte 06-01-2026');
    expect(await page.getByTestId('histogram-legend').innerText()).toContain('Sobrecarga');
    // the subcontract in dollars is not summed, and the screen says so
    expect(await page.getByTestId('histogram-missing-rates').innerText()).toBe(
      'No hay valor en pesos para USD: el costo de los recursos en esa moneda no está sumado en la columna «Costo».',
    );
    await screenshot(page, 'resource-histogram-1440-light');

    await toggleDarkMode(page, true);
    await page.waitForTimeout(300);
    expect((await barFills(page)).slice(0, 3)).toEqual(['#e57373', '#e57373', '#64b5f6']);
    await screenshot(page, 'resource-histogram-1440-dark');
    await toggleDarkMode(page, false);
  });

  it('adds the baseline beside the current schedule', async () => {
    await choose(page, 'Línea base', 'Contrato (la vigente)');
    await expect
      .poll(() => page.getByTestId('histogram-table').locator('thead th').allInnerTexts())
      .toContain('Línea base (día punta)');
    await settled(page);
    expect((await rowsOf(page, 'histogram-table')).slice(5)).toEqual([
      ['02-02-2026', '0', '0', '2', '2', '0', '$0'],
      ['09-02-2026', '2', '2', '2', '—', '440', '$5.000.000'],
    ]);
    expect(await page.getByTestId('histogram-chart').locator('[data-series="baseline"] rect').count()).toBeGreaterThan(
      0,
    );
    expect(await page.getByTestId('histogram-legend').innerText()).toContain('Línea base «Contrato»');
    await choose(page, 'Línea base', 'Sin línea base');
    await expect
      .poll(() => page.getByTestId('histogram-table').locator('thead th').allInnerTexts())
      .not.toContain('Línea base (día punta)');
  });

  /*
   * Carpenters by month (8 available: 2 crews of 4). January, 21 working days: Friday 2 and 5–8 Jan
   * 3 crews (12 carpenters), 12–16 Jan 1 (4): peak 12 against 8, mean (12 × 5 + 4 × 5) / 21 = 3,81,
   * 80 carpenter-days × 8,8 h = 704 HH, the carpenters' 4/5 of 20 crew-days × $500.000 = $8.000.000.
   * February, 20 working days: 9–13 Feb 2 crews (8): mean 2, 352 HH, $4.000.000. Jornales: January
   * peak 3 against 2, 176 HH; February 2, 88 HH.
   */
  it("switches to the 'Histograma de mano de obra': workers and HH per trade and month; downloads the Excel", async () => {
    await page.getByRole('button', { name: 'Histograma de mano de obra' }).click();
    await page.getByRole('heading', { level: 1, name: 'Histograma de mano de obra' }).waitFor();
    await expect.poll(() => page.getByRole('combobox', { name: 'Oficio a graficar' }).innerText()).toBe('Carpintero');
    await settled(page);
    expect(await page.getByTestId('histogram-table').locator('thead th').allInnerTexts()).toEqual([
      'Mes',
      'Trabajadores (día punta)',
      'Promedio',
      'Disponible',
      'HH',
      'Costo',
    ]);
    expect(await rowsOf(page, 'histogram-table')).toEqual([
      ['ene 2026Sobrecarga', '12', '3,81', '8', '704', '$8.000.000'],
      ['feb 2026', '8', '2', '8', '352', '$4.000.000'],
    ]);
    expect(await rowsOf(page, 'histogram-manpower')).toEqual([
      ['Carpintero', '12 trab.704 HH', '8 trab.352 HH', '1.056'],
      ['Jornal', '3 trab.176 HH', '2 trab.88 HH', '264'],
    ]);
    await screenshot(page, 'resource-histogram-manpower-1440-light');

    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.getByRole('button', { name: 'Descargar Excel' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${seeded.project.code}-histograma-mano-de-obra.xlsx`);
    await page.getByText('Histograma de mano de obra exportado a Excel: 2 series').waitFor();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync(await download.path()) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Histograma');
    if (!sheet) throw new Error('no Histograma sheet');
    const values = (row: number) => (sheet.getRow(row).values as unknown[]).slice(1);
    expect(values(1)).toEqual(['Histograma de mano de obra']);
    expect(values(3)).toEqual(['Agrupado por', 'Oficio']);
    expect(values(5)).toEqual(['Corte', '06-01-2026']);
    expect(values(9)?.slice(0, 9)).toEqual([
      'Serie',
      'Unidad',
      'Periodo',
      'Unidades (día punta)',
      'Promedio',
      'Disponible',
      'Sobrecarga',
      'Horas',
      'Costo (CLP)',
    ]);
    expect(values(10)?.slice(0, 9)).toEqual([
      'Carpintero',
      'trabajadores',
      new Date('2026-01-01T00:00:00.000Z'),
      12,
      3.81,
      8,
      'Sí',
      704,
      8_000_000,
    ]);
    const manpower = workbook.getWorksheet('Mano de obra');
    if (!manpower) throw new Error('no Mano de obra sheet');
    expect((manpower.getRow(5).values as unknown[]).slice(1)).toEqual(['Carpintero', 12, 704, 8, 352, 1056]);

    const [png] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.getByRole('button', { name: 'Descargar PNG' }).click(),
    ]);
    expect(png.suggestedFilename()).toBe(`${seeded.project.code}-histograma-mano-de-obra.png`);
    expect(
      readFileSync(await png.path())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    // for a person to look at, beside the screenshots
    await png.saveAs(fileURLToPath(new URL('../artifacts/resource-histogram-download.png', import.meta.url)));

    // the PDF: the chart and the table of the trade by month on an A4 landscape page, read with MuPDF
    const [pdf] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.getByRole('button', { name: 'Descargar PDF' }).click(),
    ]);
    expect(pdf.suggestedFilename()).toBe(`${seeded.project.code}-histograma-mano-de-obra.pdf`);
    const bytes = readFileSync(await pdf.path());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const document = mupdf.Document.openDocument(bytes, 'application/pdf');
    const first = document.loadPage(0);
    const [, , width, height] = first.getBounds();
    expect([Math.round(width), Math.round(height)]).toEqual([842, 595]);
    const json = JSON.parse(first.toStructuredText('preserve-whitespace').asJSON()) as {
      blocks: { lines?: { text: string }[] }[];
    };
    const texts = json.blocks.flatMap((block) => (block.lines ?? []).map((line) => line.text.trim()));
    expect(texts).toEqual(expect.arrayContaining(['Histograma de mano de obra', 'Total']));
    expect(texts.some((text) => text.includes('Sobrecarga'))).toBe(true);
    writeFileSync(
      fileURLToPath(new URL('../artifacts/resource-histogram-download-pdf.png', import.meta.url)),
      first.toPixmap(mupdf.Matrix.scale(1.5, 1.5), mupdf.ColorSpace.DeviceRGB, false, true).asPNG(),
    );
  });

  it('fits a phone: nothing wider than the screen but the tables’ own scroll, in light and dark', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    // the download's notice closes by itself (5 s): the screenshots show the screen
    await page.getByText('Histograma de mano de obra exportado a Excel: 2 series').waitFor({ state: 'hidden' });
    await page.waitForTimeout(300);
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
    }));
    expect(widths.page).toBeLessThanOrEqual(widths.viewport);
    await screenshot(page, 'resource-histogram-390-light');
    await toggleDarkMode(page, true);
    await page.waitForTimeout(300);
    await screenshot(page, 'resource-histogram-390-dark');
    await toggleDarkMode(page, false);
    // by resource and week, seven weeks on the axis
    await choose(page, 'Agrupar por', 'Recurso');
    await choose(page, 'Periodo', 'Semana');
    await page.getByRole('heading', { level: 1, name: 'Histograma de recursos' }).waitFor();
    await settled(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'resource-histogram-390-weeks-light');
    await page.setViewportSize({ width: 1400, height: 900 });
  });
});
