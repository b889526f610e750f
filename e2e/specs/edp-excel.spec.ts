import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { confirmDialog, waitForSuccessToast } from '../support/catalogues';
import { openEdp, row, toolbarButton } from '../support/edp';
import type { LoadedProject } from '../support/projects';
import { ProjectApi, seedAreaTypeProject } from '../support/projects';
import type { SignedInSession } from '../support/signed-in';
import { openAsFirstAdmin } from '../support/signed-in';

type SheetRow = [code: string, name: string, level: number];

/** The first sheet's rows under the header, as [Código, Nombre, Nivel]. */
function sheetRows(workbook: ExcelJS.Workbook): { header: unknown[]; rows: SheetRow[] } {
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('sin hoja');
  const all: unknown[][] = [];
  sheet.eachRow((sheetRow) => all.push((sheetRow.values as unknown[]).slice(1)));
  const [header = [], ...rows] = all;
  return { header, rows: rows.map(([code, name, level]) => [String(code), String(name), Number(level)]) };
}

/** A workbook as 'Exportar a Excel' writes it: Código, Nombre, Nivel, one row per item. */
async function writeWorkbook(file: string, rows: SheetRow[]): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('EDP');
  sheet.addRow(['Código', 'Nombre', 'Nivel']);
  for (const sheetRow of rows) sheet.addRow(sheetRow);
  await workbook.xlsx.writeFile(file);
}

/** The EDP as the workbook's rows (its codes are '{project}.{n}.{m}': the depth is the number of dots). */
function asSheetRows(project: LoadedProject): SheetRow[] {
  return project.edp.items.map((item) => [item.code, item.name, item.code.split('.').length - 1]);
}

function importDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Importar EDP desde Excel' });
}

async function openImport(page: Page, project: LoadedProject): Promise<Locator> {
  await openEdp(page, project);
  await toolbarButton(page, 'Importar desde Excel').click();
  const dialog = importDialog(page);
  await dialog.waitFor();
  return dialog;
}

describe("the EDP's Excel round trip", () => {
  let session: SignedInSession;
  let projects: ProjectApi;
  let project: LoadedProject;
  let scratch: string;

  beforeAll(async () => {
    session = await openAsFirstAdmin('edpxlsx');
    projects = await ProjectApi.forSession(session);
    project = await seedAreaTypeProject(session);
    scratch = mkdtempSync(path.join(tmpdir(), 'cimiento-edp-xlsx-'));
  });

  afterAll(async () => {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
    await session?.close();
  });

  it("'Exportar a Excel' downloads the workbook the server builds: Código, Nombre, Nivel, one row per item", async () => {
    const { page } = session;
    await openEdp(page, project);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      toolbarButton(page, 'Exportar a Excel').click(),
    ]);
    // the server names the file (with the project's code)
    expect(download.suggestedFilename()).toMatch(/^[^/\\]*ELA[^/\\]*\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const { header, rows } = sheetRows(workbook);
    // issue 16: the price columns follow (edp-prices.spec.ts)
    expect(header).toEqual(['Código', 'Nombre', 'Nivel', 'Unidad', 'Cantidad', 'Precio unitario', 'Monto (CLP)']);
    expect(rows).toEqual([
      ['ELA', 'Edificio Los Aromos', 0],
      ['ELA.1', 'Torre 1', 1],
      ['ELA.1.1', 'Piso 1', 2],
      ['ELA.1.2', 'Piso 2', 2],
      ['ELA.2', 'Torre 2', 1],
      ['ELA.2.1', 'Piso 1', 2],
      ['ELA.2.2', 'Piso 2', 2],
    ]);
    // Excel's outline levels follow Nivel, so the levels fold in Excel
    const levels: (number | undefined)[] = [];
    workbook.worksheets[0]?.eachRow((sheetRow) => levels.push(sheetRow.outlineLevel));
    expect(levels).toEqual([0, 0, 1, 2, 2, 1, 2, 2]);
  });

  it("imports the edited workbook: the preview counts the changes, 'Reemplazar EDP' asks, and the EDP shows them", async () => {
    const { page } = session;
    // a name changed, a row added and a row deleted, in Excel
    const edited: SheetRow[] = asSheetRows(project)
      .filter(([code]) => code !== 'ELA.2.2')
      .map(([code, name, level]) => [code, code === 'ELA.1' ? 'Torre Norte' : name, level]);
    edited.push(['ELA.3', 'Estacionamientos', 1]);
    const file = path.join(scratch, 'EDP-ELA-editado.xlsx');
    await writeWorkbook(file, edited);

    const dialog = await openImport(page, project);
    await dialog.getByLabel('Archivo Excel del EDP').setInputFiles(file);
    await dialog
      .getByText('Ítems agregados: 1 · renombrados: 1 · eliminados: 1 · sin cambios: 5', { exact: true })
      .waitFor();
    await dialog.getByText('El archivo tiene 7 filas de ítems.').waitFor();
    await dialog.getByText('Ningún ítem eliminado tiene EDC.').waitFor();
    await screenshot(page, 'edp-excel-import-preview');
    await dialog.getByRole('button', { name: 'Reemplazar EDP' }).click();
    const question = confirmDialog(page);
    await question
      .getByText(
        'Se reemplazará el EDP grabado por el del archivo (ítems agregados: 1, renombrados: 1, eliminados: 1, sin cambios: 5).',
      )
      .waitFor();
    await screenshot(page, 'edp-excel-import-confirm');
    await question.getByRole('button', { name: 'Si, estoy seguro' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await waitForSuccessToast(page, /EDP/);

    await row(page, 'ELA.3').getByText('Estacionamientos').waitFor();
    await row(page, 'ELA.1').getByText('Torre Norte').waitFor();
    await expect.poll(() => row(page, 'ELA.2.2').count()).toBe(0);
    expect(await page.getByText('Cambios sin grabar', { exact: true }).count()).toBe(0);
    const stored = await projects.load(project._id);
    expect(stored.edp.items.map((item) => [item.code, item.name])).toEqual(edited.map(([code, name]) => [code, name]));
    project = stored;
  });

  it("lists a workbook's row errors ('Fila N: …') and cannot be confirmed; nothing changes", async () => {
    const { page } = session;
    const before = await projects.load(project._id);
    const rows = asSheetRows(before);
    rows.push(['ELA.1.1', 'Piso repetido', 2]);
    const file = path.join(scratch, 'EDP-ELA-repetido.xlsx');
    await writeWorkbook(file, rows);
    const firstRow = rows.findIndex(([code]) => code === 'ELA.1.1') + 2;

    const dialog = await openImport(page, project);
    await dialog.getByLabel('Archivo Excel del EDP').setInputFiles(file);
    const errors = dialog.getByRole('list', { name: 'Errores del archivo' });
    await errors.waitFor();
    expect(await errors.getByRole('listitem').allInnerTexts()).toEqual([
      `Fila ${rows.length + 1}: el código ELA.1.1 está repetido (ya está en la fila ${firstRow})`,
    ]);
    expect(await dialog.getByRole('button', { name: 'Reemplazar EDP' }).isDisabled()).toBe(true);
    await screenshot(page, 'edp-excel-import-errors');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await projects.load(project._id)).edp).toEqual(before.edp);
  });
});
