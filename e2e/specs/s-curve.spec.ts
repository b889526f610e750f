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
    // both curves drawn
    expect(await page.getByTestId('s-curve-chart').locator('svg path').count()).toBeGreaterThanOrEqual(2);
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
    expect(values(7)).toEqual(['Fecha', 'Programado', 'Real', '% programado', '% real', 'Costo real']);
    expect(values(10)).toEqual([new Date('2026-01-26T00:00:00.000Z'), 15, 12, 60, 48]);
    expect(values(15)).toEqual(['SPI', 0.8, 'EV / PV al último corte']);

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
  });
});
