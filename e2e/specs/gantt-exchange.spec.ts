import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Download, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction } from '../support/api';
import { screenshot } from '../support/browser';
import type { GanttOutput } from '../support/gantt';
import {
  cell,
  gridCodes,
  openGanttPage,
  seedGanttProject,
  shown,
  startOf,
  toolbar,
  toolbarButton,
  unsavedChip,
} from '../support/gantt';
import type { LoadedProject } from '../support/projects';
import type { SignedInSession } from '../support/signed-in';
import { openAsFirstAdmin } from '../support/signed-in';

/*
 * 'Exportar' → 'Excel' / 'MS Project (XML)' and 'Importar desde Excel' (issue 14). The seeded
 * project (startYear 2026): EDP ELA · ELA.1 · ELA.1.1 · ELA.1.2, ELA.1's EDC M · M.1 · ACT1 ·
 * ACT2 · ACT3 (TaskIDs 5, 6, 7), each 5 working days from Friday 02-01-2026 (Thursday 1 is Año
 * Nuevo), linked here ACT1 → ACT2 → ACT3 (finish to start):
 *   ACT1 02–08-01 · ACT2 09–15-01 · ACT3 16–22-01 (Monday–Friday).
 * ACT1 made 8 days long in the workbook: 02, 05–09, 12, 13-01 → ACT2 starts Wednesday 14-01.
 */
const A = 5;
const B = 6;
const C = 7;
/** The codes the grid and the workbook show (issue 32): each unique in the project, an EDC item's led by its EDP item's. */
const CODES = ['ELA', 'ELA.1', 'ELA.1.M', 'ELA.1.M.1', 'ELA.1.ACT1', 'ELA.1.ACT2', 'ELA.1.ACT3', 'ELA.1.1', 'ELA.1.2'];
const HEADER = [
  'Id',
  'Código',
  'Nombre',
  'Inicio',
  'Fin',
  'Duración',
  'Avance',
  'Predecesoras',
  'Holgura',
  'Crítica',
  'Ubicación',
];

/** A cell's value as text: dates (Excel's, at UTC midnight) as YYYY-MM-DD. */
function cellValue(value: ExcelJS.CellValue): string {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && 'richText' in value) return value.richText.map((part) => part.text).join('');
  if (typeof value === 'object' && 'result' in value) return String(value.result);
  return String(value);
}

async function readWorkbook(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
}

function sheetRows(sheet: ExcelJS.Worksheet): string[][] {
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    const values: string[] = [];
    for (let column = 1; column <= HEADER.length; column += 1) values.push(cellValue(row.getCell(column).value));
    rows.push(values);
  });
  return rows;
}

describe('Gantt: exchange with MS Project and Excel (issue 14)', () => {
  let session: SignedInSession;
  let page: Page;
  let project: LoadedProject;
  let cookie: string;
  let loadGantt: () => Promise<GanttOutput>;
  let workDir: string;

  async function exportAs(name: 'Excel' | 'MS Project (XML)'): Promise<Download> {
    await toolbarButton(page, 'Exportar').click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name, exact: true }).click(),
    ]);
    return download;
  }

  function importDialog(): Locator {
    return page.getByRole('dialog', { name: 'Importar desde Excel' });
  }

  beforeAll(async () => {
    session = await openAsFirstAdmin('intercambio');
    page = session.page;
    const seeded = await seedGanttProject(session, ['ELA.1']);
    project = seeded.project;
    cookie = seeded.cookie;
    loadGantt = seeded.loadGantt;
    await seeded.saveGantt((task) =>
      task.TaskID === B ? { Predecessor: `${A}FS` } : task.TaskID === C ? { Predecessor: `${B}FS` } : {},
    );
    workDir = mkdtempSync(path.join(tmpdir(), 'cimiento-gantt-exchange-'));
  });

  afterAll(async () => {
    await session?.close();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  it('Exportar → Excel downloads the task table the grid shows; edited and imported back, the successor moves', async () => {
    await openGanttPage(page, project, A);
    expect(await gridCodes(page)).toEqual(CODES);
    expect(await startOf(page, B)).toBe('09-01-2026');
    const gantt = await loadGantt();

    const download = await exportAs('Excel');
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const bytes = readFileSync(await download.path());
    const workbook = await readWorkbook(bytes);
    const sheet = workbook.getWorksheet('Gantt');
    if (!sheet) throw new Error('no Gantt sheet');
    const rows = sheetRows(sheet);
    expect(rows[0]).toEqual(HEADER);
    // one row per grid row, in the grid's order, with its dates and duration
    expect(rows.slice(1).map((row) => row[1])).toEqual(CODES);
    // loadGantt's tasks are in the grid's order; each row names its task by the unique code
    const ids = new Map(gantt.activities.map((task, index) => [CODES[index], task.TaskID]));
    for (const row of rows.slice(1)) {
      const id = ids.get(row[1] ?? '') as number;
      expect([shown(row[3] ?? ''), shown(row[4] ?? ''), row[5]]).toEqual([
        await startOf(page, id),
        await cell(page, id, 'endIso').innerText(),
        await cell(page, id, 'workDays').innerText(),
      ]);
    }
    // ACT2 after ACT1 in the sheet's Ids (row 5 is ACT1)
    expect(rows[6]?.[7]).toBe('5FS');

    // ACT1 (row 6 of the sheet: the header, then ELA, ELA.1, M, M.1) lasts 8 days now
    const act1 = sheet.getRow(6);
    expect(cellValue(act1.getCell(2).value)).toBe('ELA.1.ACT1');
    act1.getCell(6).value = 8;
    const edited = path.join(workDir, 'gantt-editado.xlsx');
    writeFileSync(edited, Buffer.from(await workbook.xlsx.writeBuffer()));

    await toolbar(page).getByRole('button', { name: 'Importar desde Excel' }).click();
    const dialog = importDialog();
    await dialog.waitFor();
    await screenshot(page, 'gantt-import-choose');
    await dialog.getByLabel('Archivo Excel (.xlsx)').setInputFiles(edited);
    const preview = dialog.getByTestId('gantt-import-preview');
    await preview.waitFor();
    expect(await preview.getByTestId('gantt-import-updated').innerText()).toBe('1');
    expect(await preview.getByTestId('gantt-import-added').innerText()).toBe('0');
    expect(await preview.getByTestId('gantt-import-unchanged').innerText()).toBe(String(CODES.length - 1));
    expect(await dialog.getByTestId('gantt-import-errors').count()).toBe(0);
    await screenshot(page, 'gantt-import-preview');
    // the dry run wrote nothing
    expect((await loadGantt()).version).toBe(gantt.version);

    await dialog.getByRole('button', { name: 'Importar', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => startOf(page, B)).toBe('14-01-2026');
    expect(await cell(page, A, 'endIso').innerText()).toBe('13-01-2026');
    expect(await cell(page, A, 'workDays').innerText()).toBe('8');
    expect(await unsavedChip(page).count()).toBe(0);
    const stored = await loadGantt();
    expect(stored.version).toBeGreaterThan(gantt.version);
    expect(stored.activities.find((task) => task.TaskID === B)).toMatchObject({
      StartDate: '2026-01-14',
      EndDate: '2026-01-20',
    });
  });

  it('a workbook with a bad row lists it in the preview and imports nothing', async () => {
    await openGanttPage(page, project, A);
    const before = await loadGantt();
    const workbook = await readWorkbook(readFileSync(await (await exportAs('Excel')).path()));
    const sheet = workbook.getWorksheet('Gantt');
    if (!sheet) throw new Error('no Gantt sheet');
    // ACT2 (row 7) after a row that does not exist
    expect(cellValue(sheet.getRow(7).getCell(2).value)).toBe('ELA.1.ACT2');
    sheet.getRow(7).getCell(8).value = '99FS';
    const bad = path.join(workDir, 'gantt-con-error.xlsx');
    writeFileSync(bad, Buffer.from(await workbook.xlsx.writeBuffer()));

    await toolbar(page).getByRole('button', { name: 'Importar desde Excel' }).click();
    const dialog = importDialog();
    await dialog.getByLabel('Archivo Excel (.xlsx)').setInputFiles(bad);
    const errors = dialog.getByTestId('gantt-import-errors');
    await errors.waitFor();
    const messages = await errors.getByRole('listitem').allInnerTexts();
    expect(messages.length).toBeGreaterThan(0);
    expect(messages[0]).toMatch(/^Fila 7: /);
    await dialog.getByText(/El archivo tiene \d+ errore?s?: corríge/).waitFor();
    expect(await dialog.getByRole('button', { name: 'Importar', exact: true }).isDisabled()).toBe(true);
    await screenshot(page, 'gantt-import-errors');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await loadGantt()).version).toBe(before.version);
  });

  it('with unsaved edits, an export says the saved Gantt is exported; an import asks to save or discard first', async () => {
    await openGanttPage(page, project, A);
    await toolbarButton(page, 'Calendario').click();
    const calendar = page.getByRole('dialog', { name: 'Calendario del proyecto' });
    await calendar.getByRole('checkbox', { name: 'Sábado' }).check();
    await calendar.getByRole('button', { name: 'Aplicar' }).click();
    await calendar.waitFor({ state: 'hidden' });
    await unsavedChip(page).waitFor();

    await toolbarButton(page, 'Exportar').click();
    await page.getByRole('menuitem', { name: 'Excel', exact: true }).click();
    const question = page.getByRole('alertdialog', { name: 'Cambios sin grabar' });
    await question.getByText('Se exportará el Gantt grabado; tienes cambios sin grabar.').waitFor();
    await screenshot(page, 'gantt-export-unsaved');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      question.getByRole('button', { name: 'Exportar igual' }).click(),
    ]);
    const sheet = (await readWorkbook(readFileSync(await download.path()))).getWorksheet('Gantt');
    if (!sheet) throw new Error('no Gantt sheet');
    // the saved Gantt (Monday–Friday): ACT2 still starts Wednesday 14-01; the edits are still on screen
    expect(sheetRows(sheet)[6]?.[3]).toBe('2026-01-14');
    await question.waitFor({ state: 'hidden' });
    await unsavedChip(page).waitFor();

    await toolbar(page).getByRole('button', { name: 'Importar desde Excel' }).click();
    await question.getByText(/Antes de importar, grábalos o descártalos/).waitFor();
    await question.getByRole('button', { name: 'Cancelar' }).click();
    await question.waitFor({ state: 'hidden' });
    // nothing lost by asking
    await unsavedChip(page).waitFor();
    expect(await importDialog().count()).toBe(0);
  });

  it('Exportar → MS Project (XML) downloads a file that importProject reads back to the same dates', async () => {
    await openGanttPage(page, project, A);
    const gantt = await loadGantt();
    const download = await exportAs('MS Project (XML)');
    expect(download.suggestedFilename()).toMatch(/\.xml$/);
    const xml = readFileSync(await download.path(), 'utf8');
    expect(xml.startsWith('<?xml')).toBe(true);
    expect(xml).toContain('<Project');

    const imported = await callFunction<{ project: { _id: string }; warnings: string[] }>(
      session.server.url,
      'importProject',
      { format: 'mspdi', fileName: download.suggestedFilename(), content: xml, code: 'ELA-RT', name: 'Ida y vuelta' },
      cookie,
    );
    const back = await callFunction<GanttOutput>(session.server.url, 'loadGantt', { id: imported.project._id }, cookie);
    // the new project's root takes the code and name given, its items the file's WBS codes (issue 34:
    // the codes the export wrote, ELA.1 …, without a warning); every task comes back in the same
    // place of the tree, with the same name, duration and dates
    expect(back.activities).toHaveLength(gantt.activities.length);
    const shape = (output: GanttOutput, root: string) => {
      const index = new Map(output.activities.map((task, at) => [task.TaskID, at]));
      return output.activities.map((task, at) => [
        at === 0 ? root : task.TaskName,
        task.ParentId === undefined ? null : index.get(task.ParentId),
        task.Duration,
        task.StartDate,
        task.EndDate,
        task.isSummary,
      ]);
    };
    expect(shape(back, 'raíz')).toEqual(shape(gantt, 'raíz'));
    expect(back.activities[0]?.TaskName).toBe('Ida y vuelta');
    // the links too: ACT2 after ACT1, ACT3 after ACT2
    const backIds = back.activities.map((task) => task.TaskID);
    expect(back.activities[5]?.Predecessor).toBe(`${backIds[4]}FS`);
    expect(back.activities[6]?.Predecessor).toBe(`${backIds[5]}FS`);
    expect(imported.warnings).toEqual([]);
    expect(back.projectStart).toBe(gantt.projectStart);
    expect(back.projectFinish).toBe(gantt.projectFinish);
  });
});
