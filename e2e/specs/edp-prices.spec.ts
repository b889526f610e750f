import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction, signInApi } from '../support/api';
import { screenshot } from '../support/browser';
import { CatalogueApi, confirmDialog, waitForSuccessToast } from '../support/catalogues';
import { openEdp, row, toolbarButton } from '../support/edp';
import type { LoadedProject } from '../support/projects';
import { ProjectApi, edpItemId, seedAreaTypeProject } from '../support/projects';
import type { SignedInSession } from '../support/signed-in';
import { openAsFirstAdmin } from '../support/signed-in';

/**
 * Prices in the EDP (issue 16): each item's Unidad, Cantidad and Precio unitario typed in its row,
 * Monto and the totals up the tree, the budget summary, a save that survives a reload, and the
 * prices through the Excel export and import. The project is ELA (CLP, budget $1.000.000):
 * ELA · ELA.1 · ELA.1.1 · ELA.1.2 · ELA.2 · ELA.2.1 · ELA.2.2.
 */

type PricedItem = LoadedProject['edp']['items'][number] & {
  unit?: string;
  quantity?: string;
  unitPrice?: string;
  amount?: string;
};

function summary(page: Page): Locator {
  return page.getByTestId('edp-budget-summary');
}

function amount(page: Page, project: LoadedProject, code: string): Locator {
  return page.locator(`[data-edp-amount="${edpItemId(project, code)}"]`);
}

/** Opens the item's row for editing and types its price, committing with Enter. */
async function price(
  page: Page,
  project: LoadedProject,
  code: string,
  fields: { unit: string; quantity: string; unitPrice: string },
): Promise<void> {
  const id = edpItemId(project, code);
  await row(page, code).dblclick();
  await page.getByLabel(`Unidad del ítem ${id}`, { exact: true }).fill(fields.unit);
  await page.getByLabel(`Cantidad del ítem ${id}`, { exact: true }).fill(fields.quantity);
  const unitPrice = page.getByLabel(`Precio unitario del ítem ${id}`, { exact: true });
  await unitPrice.fill(fields.unitPrice);
  await unitPrice.press('Enter');
  await page.getByLabel(`Cantidad del ítem ${id}`, { exact: true }).waitFor({ state: 'detached' });
}

async function toggleDarkMode(page: Page, isDark: boolean): Promise<void> {
  await page.getByRole('button', { name: 'Configuración Dashboard' }).click();
  const toggle = page.getByLabel('Fondo claro / Fondo Oscuro');
  if (isDark) await toggle.check();
  else await toggle.uncheck();
  await page.locator(`html[data-theme-mode="${isDark ? 'dark' : 'light'}"]`).waitFor({ state: 'attached' });
  await page.keyboard.press('Escape');
  await toggle.waitFor({ state: 'hidden' });
}

/** The first sheet's rows as exceljs reads them (values from column A). */
function sheetValues(workbook: ExcelJS.Workbook): unknown[][] {
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('sin hoja');
  const rows: unknown[][] = [];
  sheet.eachRow((sheetRow) => rows.push((sheetRow.values as unknown[]).slice(1)));
  return rows;
}

describe('prices in the EDP', () => {
  let session: SignedInSession;
  let projects: ProjectApi;
  let project: LoadedProject;
  let scratch: string;

  beforeAll(async () => {
    session = await openAsFirstAdmin('edpprecios');
    projects = await ProjectApi.forSession(session);
    project = await seedAreaTypeProject(session);
    scratch = mkdtempSync(path.join(tmpdir(), 'cimiento-edp-prices-'));
  });

  afterAll(async () => {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
    await session?.close();
  });

  it('prices items in their rows, shows Monto, the totals up the tree and the budget difference, and keeps them after save and reload', async () => {
    const { page } = session;
    await openEdp(page, project);
    await summary(page).getByText('Total ítems: $0 · Presupuesto: $1.000.000 · Diferencia: $1.000.000').waitFor();

    await price(page, project, 'ELA.1.1', { unit: 'm2', quantity: '120', unitPrice: '4.500' });
    await price(page, project, 'ELA.1.2', { unit: 'm2', quantity: '80,5', unitPrice: '5.000' });
    // 1 × 250.000,5 = $250.001 (whole pesos, half away from zero)
    await price(page, project, 'ELA.2.1', { unit: 'gl', quantity: '1', unitPrice: '250.000,5' });

    await expect.poll(() => amount(page, project, 'ELA.1.1').textContent()).toBe('$540.000');
    expect(await amount(page, project, 'ELA.1.2').textContent()).toBe('$402.500');
    expect(await amount(page, project, 'ELA.2.1').textContent()).toBe('$250.001');
    expect(await amount(page, project, 'ELA.2.2').count()).toBe(0);
    // the parents' totals
    expect(await amount(page, project, 'ELA.1').textContent()).toBe('$942.500');
    expect(await amount(page, project, 'ELA.2').textContent()).toBe('$250.001');
    expect(await amount(page, project, 'ELA').textContent()).toBe('$1.192.501');
    expect(await row(page, 'ELA.1.2').getByText('80,5', { exact: true }).count()).toBe(1);
    await summary(page)
      .getByText('Total ítems: $1.192.501 · Presupuesto: $1.000.000 · Diferencia: -$192.501')
      .waitFor();
    // over the budget: the difference in red (the theme's error colour)
    const color = await page.getByTestId('edp-budget-difference').evaluate((node) => getComputedStyle(node).color);
    expect(color).toBe('rgb(211, 47, 47)');
    await screenshot(page, 'edp-prices-light');
    await toggleDarkMode(page, true);
    await screenshot(page, 'edp-prices-dark');
    await toggleDarkMode(page, false);

    // a bad number stays in its row with its Spanish message
    const id = edpItemId(project, 'ELA.2.2');
    await row(page, 'ELA.2.2').dblclick();
    const quantity = page.getByLabel(`Cantidad del ítem ${id}`, { exact: true });
    await quantity.fill('doce');
    await quantity.press('Enter');
    await page.getByText('Cantidad debe ser un número, por ejemplo 1.234,5', { exact: true }).waitFor();
    await screenshot(page, 'edp-prices-error');
    await quantity.press('Escape');

    await toolbarButton(page, 'Grabar EDP').click();
    await confirmDialog(page).getByRole('button', { name: 'Si, estoy seguro' }).click();
    await waitForSuccessToast(page, /EDP grabado/);
    await expect.poll(() => page.getByText('Cambios sin grabar', { exact: true }).count()).toBe(0);

    const stored = (await projects.load(project._id)).edp.items as PricedItem[];
    expect(stored.find((item) => item.code === 'ELA.1.2')).toMatchObject({
      unit: 'm2',
      quantity: '80.5',
      unitPrice: '5000',
      amount: '402500',
    });
    expect(stored.find((item) => item.code === 'ELA.2.1')).toMatchObject({ unitPrice: '250000.5', amount: '250001' });

    await page.reload();
    await page.locator('tbody tr').first().waitFor();
    await expect.poll(() => amount(page, project, 'ELA').textContent()).toBe('$1.192.501');
    expect(await amount(page, project, 'ELA.1.2').textContent()).toBe('$402.500');
    expect(await row(page, 'ELA.2.1').getByText('250.000,5', { exact: true }).count()).toBe(1);
    await summary(page).getByText('Diferencia: -$192.501', { exact: false }).waitFor();
  });

  it('exports the prices to Excel and imports an edited workbook back', async () => {
    const { page } = session;
    await openEdp(page, project);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      toolbarButton(page, 'Exportar a Excel').click(),
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const rows = sheetValues(workbook);
    expect(rows[0]).toEqual(['Código', 'Nombre', 'Nivel', 'Unidad', 'Cantidad', 'Precio unitario', 'Monto (CLP)']);
    expect(rows[1]).toEqual(['ELA', 'Edificio Los Aromos', 0, undefined, undefined, undefined, 1192501]);
    expect(rows[3]).toEqual(['ELA.1.1', 'Piso 1', 2, 'm2', 120, 4500, 540000]);
    expect(rows[4]).toEqual(['ELA.1.2', 'Piso 2', 2, 'm2', 80.5, 5000, 402500]);
    expect(rows[6]).toEqual(['ELA.2.1', 'Piso 1', 2, 'gl', 1, 250000.5, 250001]);

    // in Excel: ELA.2.1 now 2,5 gl (typed as Chilean text), ELA.1.1's price emptied, ELA.2.2 priced
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    sheet.getCell('E7').value = '2,5';
    sheet.getCell('F4').value = null;
    sheet.getRow(8).getCell(4).value = 'un';
    sheet.getRow(8).getCell(5).value = 10;
    sheet.getRow(8).getCell(6).value = '1.000';
    const file = path.join(scratch, 'EDP-ELA-precios.xlsx');
    await workbook.xlsx.writeFile(file);

    await toolbarButton(page, 'Importar desde Excel').click();
    const dialog = page.getByRole('dialog', { name: 'Importar EDP desde Excel' });
    await dialog.getByLabel('Archivo Excel del EDP').setInputFiles(file);
    await dialog.getByText('El archivo tiene 7 filas de ítems.').waitFor();
    await dialog.getByText('Ítems agregados: 0 · renombrados: 0 · eliminados: 0 · sin cambios: 4').waitFor();
    await dialog.getByText('Cambia el precio (Unidad, Cantidad o Precio unitario) de 3 ítems.').waitFor();
    await dialog.getByRole('button', { name: 'Reemplazar EDP' }).click();
    await confirmDialog(page).getByRole('button', { name: 'Si, estoy seguro' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await waitForSuccessToast(page, /EDP/);

    // 2,5 × 250.000,5 = 625.001,25 → $625.001; ELA.1.1 unpriced; 10 × 1.000 = $10.000
    await expect.poll(() => amount(page, project, 'ELA.2.1').textContent()).toBe('$625.001');
    expect(await amount(page, project, 'ELA.1.1').count()).toBe(0);
    expect(await amount(page, project, 'ELA.2.2').textContent()).toBe('$10.000');
    expect(await amount(page, project, 'ELA').textContent()).toBe('$1.037.501');
    await summary(page).getByText('Diferencia: -$37.501', { exact: false }).waitFor();
    const stored = (await projects.load(project._id)).edp.items as PricedItem[];
    expect(stored.find((item) => item.code === 'ELA.1.1')).toMatchObject({ unit: 'm2', quantity: '120' });
    expect(stored.find((item) => item.code === 'ELA.1.1')?.unitPrice).toBeUndefined();
    expect(stored.find((item) => item.code === 'ELA.2.2')).toMatchObject({
      unit: 'un',
      quantity: '10',
      unitPrice: '1000',
    });
    await screenshot(page, 'edp-prices-imported');
  });

  it('stays usable with 5,000 priced items: opens with the totals, and an edit updates Monto and the summary at once', async () => {
    const { page } = session;
    const catalogues = await CatalogueApi.forSession(session);
    const bloque = await catalogues.save('tipos-area', {
      code: 'BLQ',
      name: 'Bloque',
      priority: 2,
      sectores: [
        { code: 'D', name: 'Departamento', quantity: 4, priority: 1 },
        { code: 'B', name: 'Bodega', quantity: 3, priority: 2 },
        { code: 'E', name: 'Estacionamiento', quantity: 2, priority: 3 },
      ],
    });
    const saved = await projects.save({
      name: 'Condominio Grande',
      code: 'CG',
      currency: 'CLP',
      budget: '100000000',
      tiposArea: [{ ...bloque, quantity: 500 }],
    });
    expect(saved.edpItemCount).toBe(5001);
    const big = await projects.load(saved._id);
    // every one of the 4,500 leaves priced: 2 un × $10.000,5 = $20.001
    const parents = new Set(big.edp.items.map((item) => item.parentId));
    const items = big.edp.items.map((item) =>
      parents.has(item.id) ? item : { ...item, unit: 'un', quantity: '2', unitPrice: '10000.5' },
    );
    const cookie = await signInApi(session.server.url, session.admin.email, session.admin.password);
    await callFunction(
      session.server.url,
      'saveEdp',
      { id: big._id, edp: { items, version: big.edp.version } },
      cookie,
    );

    const opened = Date.now();
    await openEdp(page, big);
    // 4.500 × $20.001 = $90.004.500
    await summary(page)
      .getByText('Total ítems: $90.004.500 · Presupuesto: $100.000.000 · Diferencia: $9.995.500')
      .waitFor();
    const openMs = Date.now() - opened;
    expect(await amount(page, big, 'CG').textContent()).toBe('$90.004.500');
    expect(await amount(page, big, 'CG.1').textContent()).toBe('$180.009');
    await page.getByText('1-50 de 501').waitFor();

    await row(page, 'CG.1').getByRole('button', { name: 'Expandir CG.1' }).click();
    const id = edpItemId(big, 'CG.1.1');
    await row(page, 'CG.1.1').dblclick();
    const quantity = page.getByLabel(`Cantidad del ítem ${id}`, { exact: true });
    await quantity.fill('1.002');
    const edited = Date.now();
    await quantity.press('Enter');
    // 1.002 × $10.000,5 = $10.020.501
    await expect.poll(() => amount(page, big, 'CG.1.1').textContent()).toBe('$10.020.501');
    await summary(page)
      .getByText('Total ítems: $100.005.000 · Presupuesto: $100.000.000 · Diferencia: -$5.000')
      .waitFor();
    const editMs = Date.now() - edited;
    // a figure to read in the log, not a timed assertion (speed belongs in `npm run bench`)
    console.log(`EDP de 5.000 ítems con precio: abre en ${openMs} ms; una edición de precio en ${editMs} ms`);
    await screenshot(page, 'edp-prices-5000');
  });
});
