import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction } from '../support/api';
import { screenshot } from '../support/browser';
import type { GanttOutput, SeededGantt } from '../support/gantt';
import { seedGanttProject } from '../support/gantt';
import { ProjectApi } from '../support/projects';
import type { SignedInSession } from '../support/signed-in';
import { openAsFirstAdmin } from '../support/signed-in';

/*
 * Issue 16, the 'Curva S' screen. The seeded project (support/gantt) has one EDC list under ELA.1:
 *   1 ELA · 2 ELA.1 · 3 M · 4 M.1 · 5 ACT1 · 6 ACT2 · 7 ACT3 · 8 ELA.1.1 · 9 ELA.1.2
 * Nothing is priced at first, so the curve is weighted by duration. The five leaves, 5 working days each, one a week:
 *   ACT1 5–9 Jan · ACT2 12–16 Jan · ACT3 19–23 Jan · ELA.1.1 26–30 Jan · ELA.1.2 2–6 Feb 2026
 * → 25 days. A baseline is fixed, then two cut-offs are recorded:
 *   C1 12-01-2026: ACT1 done, ACT2 at 20 %      PV 5 d (20 %)  EV 5 + 1 = 6 d (24 %)
 *   C2 26-01-2026: ACT2 done, ACT3 at 40 %      PV 15 d (60 %) EV 5 + 5 + 2 = 12 d (48 %)
 *   months: 01-02-2026 PV 20 d (80 %), 01-03-2026 PV 25 d (100 %); SPI 12 / 15 = 0,80
 * Issue 33, 'Proyectado' on the current schedule at C2: EV 12 d, then what is left, ACT3's 60 % × 5 = 3 d
 * over 26–28 Jan, ELA.1.1 26–30 Jan, ELA.1.2 2–6 Feb: 01-02-2026 12 + 3 + 5 = 20 d (80 %), 01-03-2026
 * 25 d (100 %). The estimated finish is the baseline's, 06-02-2026: 0 working days.
 */
const ACT1 = 5;
const ACT2 = 6;
const ACT3 = 7;
const STARTS: Record<string, string> = {
  ACT1: '2026-01-05',
  ACT2: '2026-01-12',
  ACT3: '2026-01-19',
  'ELA.1.1': '2026-01-26',
  'ELA.1.2': '2026-02-02',
};

async function toggleDarkMode(page: Page, isDark: boolean): Promise<void> {
  await page.getByRole('button', { name: 'Configuración Dashboard' }).click();
  const toggle = page.getByLabel('Fondo claro / Fondo Oscuro');
  if (isDark) await toggle.check();
  else await toggle.uncheck();
  await page.locator(`html[data-theme-mode="${isDark ? 'dark' : 'light'}"]`).waitFor({ state: 'attached' });
  await page.keyboard.press('Escape');
}

/** The table's 'Proyectado' and '% proyectado' cells, row by row (issue 33). */
async function projectedTexts(page: Page): Promise<string[][]> {
  return page
    .getByTestId('s-curve-table')
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) =>
        Array.from(row.querySelectorAll('td'))
          .slice(5, 7)
          .map((cell) => (cell.textContent ?? '').trim()),
      ),
    );
}

/** A card's text with its lines joined by ' | '. */
async function cardText(page: Page, testId: string): Promise<string> {
  return (await page.getByTestId(testId).innerText()).split('\n').filter(Boolean).join(' | ');
}

async function tableTexts(page: Page): Promise<string[][]> {
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

describe("the 'Curva S' screen (issue 16)", () => {
  let session: SignedInSession;
  let page: Page;
  let seeded: SeededGantt;

  beforeAll(async () => {
    session = await openAsFirstAdmin('s-curve');
    page = session.page;
    seeded = await seedGanttProject(session, ['ELA.1']);
    await seeded.saveGantt((task) => (STARTS[task.TaskCode] === undefined ? {} : { StartDate: STARTS[task.TaskCode] }));
    const call = <T>(name: string, data: unknown) => callFunction<T>(session.server.url, name, data, seeded.cookie);
    await call('saveBaseline', { id: seeded.project._id, name: 'Contrato' });
    let gantt = await seeded.loadGantt();
    gantt = await call<GanttOutput>('saveProgress', {
      id: seeded.project._id,
      cutoff: '2026-01-12',
      entries: [
        { TaskID: ACT1, ActualStart: '2026-01-05', ActualFinish: '2026-01-09', Progress: 100 },
        { TaskID: ACT2, ActualStart: '2026-01-09', Progress: 20 },
      ],
      version: gantt.version,
    });
    await call('saveProgress', {
      id: seeded.project._id,
      cutoff: '2026-01-26',
      entries: [
        { TaskID: ACT2, ActualStart: '2026-01-09', ActualFinish: '2026-01-16', Progress: 100 },
        { TaskID: ACT3, ActualStart: '2026-01-19', Progress: 40 },
      ],
      version: gantt.version,
    });
  });

  afterAll(async () => {
    await session?.close();
  });

  it('reads the curve weighted by duration from the sidebar, and downloads it as Excel', async () => {
    await page.goto(`/projects/${seeded.project._id}`);
    await page.getByRole('link', { name: 'Curva S' }).click();
    await page.waitForURL(/\/curva-s$/);
    await page.getByTestId('s-curve-table').waitFor();
    await page.getByTestId('s-curve-chart').locator('svg path').first().waitFor();
    await page.getByTestId('global-spinner').waitFor({ state: 'hidden' });

    expect(await page.getByTestId('s-curve-duration-basis').innerText()).toContain('Avance ponderado por duración');
    expect(await tableTexts(page)).toEqual([
      ['05-01-2026', '0 d', '—', '0,00 %', '—'],
      ['12-01-2026', '5 d', '6 d', '20,00 %', '24,00 %'],
      ['26-01-2026', '15 d', '12 d', '60,00 %', '48,00 %'],
      ['01-02-2026', '20 d', '—', '80,00 %', '—'],
      ['01-03-2026', '25 d', '—', '100,00 %', '—'],
    ]);
    expect(await page.getByTestId('s-curve-spi').innerText()).toContain('0,80');
    expect(await page.getByTestId('s-curve-spi').innerText()).toContain('Atrasado');
    // issue 33: 'Proyectado' from the latest cut-off, and the forecast's cards
    expect(await projectedTexts(page)).toEqual([
      ['—', '—'],
      ['—', '—'],
      ['12 d', '48,00 %'],
      ['20 d', '80,00 %'],
      ['25 d', '100,00 %'],
    ]);
    expect(await cardText(page, 's-curve-finish')).toBe(
      'FIN ESTIMADO | 06-02-2026 | Fin del programa actual, con lo que falta reprogramado desde el último corte.',
    );
    expect(await cardText(page, 's-curve-finish-variance')).toBe(
      'Δ FIN VS. LÍNEA BASE | 0 d | A tiempo: termina el mismo día que la línea base.',
    );
    expect(await cardText(page, 's-curve-eac')).toBe('COSTO ESTIMADO (EAC) | — | Sin precios no se estima el costo.');
    expect(await page.getByTestId('s-curve-etc').count()).toBe(0);
    // the three curves drawn, the projected one dashed, and in the legend
    expect(await page.getByTestId('s-curve-chart').locator('svg path').count()).toBeGreaterThanOrEqual(3);
    expect(
      await page
        .getByTestId('s-curve-chart')
        .locator('path[data-series="projected"]')
        .first()
        .evaluate((path) => getComputedStyle(path).strokeDasharray),
    ).toMatch(/^7(px)?,? 5(px)?$/);
    expect(await page.getByTestId('s-curve-legend').innerText()).toContain('Proyectado');
    await screenshot(page, 's-curve-light');

    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.getByRole('button', { name: 'Descargar Excel' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${seeded.project.code}-curva-s.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync(await download.path()) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Curva S');
    if (!sheet) throw new Error('no Curva S sheet');
    const values = (row: number) => (sheet.getRow(row).values as unknown[]).slice(1);
    expect(values(4)).toEqual(['Línea base', 'Contrato']);
    expect(values(5)).toEqual(['Base', 'Avance ponderado por duración (días hábiles)']);
    expect(values(7)).toEqual([
      'Fecha',
      'Programado',
      'Real',
      '% programado',
      '% real',
      'Costo real',
      'Proyectado',
      '% proyectado',
      'Estado de pago',
      'Real recalculado',
      '% real recalculado',
    ]);
    expect(values(10)).toEqual([new Date('2026-01-26T00:00:00.000Z'), 15, 12, 60, 48, undefined, 12, 48]);
    expect(values(11)).toEqual([new Date('2026-02-01T00:00:00.000Z'), 20, undefined, 80, undefined, undefined, 20, 80]);
    expect(values(15)).toEqual(['SPI', 0.8, 'EV / PV al último corte']);
    expect(values(17)?.slice(0, 2)).toEqual(['Fin estimado', new Date('2026-02-06T00:00:00.000Z')]);
    expect(values(18)?.slice(0, 2)).toEqual(['Δ fin (días hábiles)', 0]);

    const [png] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.getByRole('button', { name: 'Descargar PNG' }).click(),
    ]);
    expect(png.suggestedFilename()).toBe(`${seeded.project.code}-curva-s.png`);
    const bytes = readFileSync(await png.path());
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    // for a person to look at, beside the screenshots
    await png.saveAs(fileURLToPath(new URL('../artifacts/s-curve-download.png', import.meta.url)));

    await toggleDarkMode(page, true);
    await page.waitForTimeout(500);
    await screenshot(page, 's-curve-dark');
    await toggleDarkMode(page, false);
  });

  /*
   * Priced through saveEdp, in CLP: ELA.1 3 × $1.000.000 spread over ACT1, ACT2, ACT3 (5 days each: $1.000.000
   * each), ELA.1.1 and ELA.1.2 $1.000.000 each → $5.000.000, every leaf $1.000.000, so the
   * percentages are the duration basis's. 'Contrato' was fixed before the prices: the current
   * amounts go on its dates, and the screen says so.
   *   C1: PV $1.000.000, EV $1.200.000; C2: PV $3.000.000, EV $2.400.000; AC $2.000.000 at C2 → CPI 1,20
   */
  it('reads a priced curve in pesos and takes the actual cost of a cut-off, which gives the CPI', async () => {
    // the seeded project is in pesos; the prices go in as the EDP screen saves them (saveEdp)
    const projects = await ProjectApi.forSession(session);
    const { currency, edp } = await projects.load(seeded.project._id);
    expect(currency).toBe('CLP');
    const prices: Record<string, string> = { 'ELA.1': '3', 'ELA.1.1': '1', 'ELA.1.2': '1' };
    await callFunction(
      session.server.url,
      'saveEdp',
      {
        id: seeded.project._id,
        edp: {
          items: edp.items.map((item) =>
            prices[item.code] === undefined
              ? item
              : { ...item, unit: 'gl', quantity: prices[item.code], unitPrice: '1000000' },
          ),
          version: edp.version,
        },
      },
      seeded.cookie,
    );
    await page.reload();
    await page.getByTestId('s-curve-table').waitFor();
    await page.getByTestId('global-spinner').waitFor({ state: 'hidden' });
    expect(await page.getByTestId('s-curve-message').innerText()).toContain(
      'La línea base «Contrato» se fijó antes de que hubiera precios: lo programado usa los montos actuales sobre sus fechas',
    );
    expect(await page.getByTestId('s-curve-duration-basis').count()).toBe(0);
    expect(await tableTexts(page)).toEqual([
      ['05-01-2026', '$0', '—', '0,00 %', '—'],
      ['12-01-2026', '$1.000.000', '$1.200.000', '20,00 %', '24,00 %'],
      ['26-01-2026', '$3.000.000', '$2.400.000', '60,00 %', '48,00 %'],
      ['01-02-2026', '$4.000.000', '—', '80,00 %', '—'],
      ['01-03-2026', '$5.000.000', '—', '100,00 %', '—'],
    ]);
    expect(await page.getByTestId('s-curve-cpi').innerText()).toContain('Ingresa el costo real');

    const field = page.getByLabel('Costo real al 26-01-2026');
    await field.fill('2.000.000');
    await field.press('Enter');
    await expect.poll(() => page.getByTestId('s-curve-cpi').innerText()).toContain('1,20');
    expect(await page.getByTestId('s-curve-cpi').innerText()).toContain('Bajo el presupuesto');
    // kept: read again after a reload
    await page.reload();
    await page.getByTestId('s-curve-table').waitFor();
    await expect.poll(() => page.getByLabel('Costo real al 26-01-2026').inputValue()).toBe('2.000.000');
    await screenshot(page, 's-curve-priced-light');
    /*
     * Issue 33: EAC = AC + (BAC − EV) / CPI = 2.000.000 + (5.000.000 − 2.400.000) × 2.000.000 / 2.400.000
     * = 2.000.000 + 2.166.666,67 → $4.166.667; ETC $2.166.667; VAC 5.000.000 − 4.166.667 = $833.333
     */
    expect(await cardText(page, 's-curve-eac')).toBe(
      'COSTO ESTIMADO (EAC) | $4.166.667 | Lo gastado más lo que falta, si rinde como lo hecho: AC + (BAC − EV) / CPI.',
    );
    expect(await cardText(page, 's-curve-etc')).toBe(
      'POR GASTAR (ETC) | $2.166.667 | Lo que falta gastar para terminar, según esa estimación: EAC − AC.',
    );
    expect(await cardText(page, 's-curve-vac')).toBe(
      'DESVIACIÓN AL TÉRMINO (VAC) | $833.333 | Ahorro esperado frente al presupuesto: BAC − EAC.',
    );
    expect((await projectedTexts(page)).slice(2)).toEqual([
      ['$2.400.000', '48,00 %'],
      ['$4.000.000', '80,00 %'],
      ['$5.000.000', '100,00 %'],
    ]);
  });

  /*
   * Issue 33: ELA.1.2 moved after the baseline from 2 Feb to Monday 16 Feb (16–20 Feb): the estimated
   * finish is 20-02-2026, 10 working days after the baseline's 06-02-2026 (9–13 and 16–20 Feb). What
   * is left at 01-02-2026 is the same (ACT3's rest and ELA.1.1 in January): $4.000.000; ELA.1.2's
   * $1.000.000 comes by 01-03-2026.
   */
  it('shows a late estimated finish on the cards and the projected curve, at 1440 and 390 px', async () => {
    await seeded.saveGantt((task) => (task.TaskCode === 'ELA.1.2' ? { StartDate: '2026-02-16' } : {}));
    await page.reload();
    await page.getByTestId('s-curve-table').waitFor();
    await page.getByTestId('global-spinner').waitFor({ state: 'hidden' });
    await expect.poll(() => cardText(page, 's-curve-finish')).toContain('20-02-2026');
    expect(await cardText(page, 's-curve-finish-variance')).toBe(
      'Δ FIN VS. LÍNEA BASE | +10 d | Atrasado: termina 10 días hábiles después que la línea base.',
    );
    expect((await projectedTexts(page)).slice(2)).toEqual([
      ['$2.400.000', '48,00 %'],
      ['$4.000.000', '80,00 %'],
      ['$5.000.000', '100,00 %'],
    ]);
    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.getByTestId('s-curve-chart').locator('path[data-series="projected"]').first().waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, 's-curve-forecast-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(300);
    // the cards one under the other, nothing wider than the screen but the table's own scroll
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
    }));
    expect(widths.page).toBeLessThanOrEqual(widths.viewport);
    await screenshot(page, 's-curve-forecast-390');
    await page.setViewportSize({ width: 1400, height: 900 });
  });
});
