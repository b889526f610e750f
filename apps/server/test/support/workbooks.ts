import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import { callFunction } from './factories';
import type { CallResult } from './factories';
import type { TestApp } from './test-app';

/**
 * Excel workbooks in the exchange tests (issue 14): the files exportEdp / exportGantt answer, read
 * with exceljs as Excel would open them, edited, and written back as the base64 importEdp /
 * importGantt take.
 */

export type WorkbookCell = ExcelJS.CellValue;

export type OpenedSheet = {
  sheet: ExcelJS.Worksheet;
  /** every row from row 1, cells from column A (values as exceljs reads them) */
  rows: WorkbookCell[][];
};

/** A base64 workbook opened with exceljs; its sheet `name` (or the first). */
export async function openWorkbook(base64: string, name?: string): Promise<OpenedSheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(base64, 'base64') as unknown as ArrayBuffer);
  const sheet = name === undefined ? workbook.worksheets[0] : workbook.getWorksheet(name);
  if (!sheet) throw new Error(`el libro no tiene la hoja ${name ?? '(primera)'}`);
  const rows: WorkbookCell[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, number) => {
    rows[number - 1] = (row.values as WorkbookCell[]).slice(1);
  });
  return { sheet, rows: Array.from(rows, (row) => row ?? []) };
}

/** A workbook with one sheet holding `rows` from row 1, as base64. */
export async function workbookOf(rows: readonly WorkbookCell[][], sheetName = 'Hoja1'): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  for (const row of rows) sheet.addRow([...row]);
  return Buffer.from((await workbook.xlsx.writeBuffer()) as ArrayBuffer).toString('base64');
}

/** The opened sheet's workbook written back (after edits to `sheet`), as base64. */
export async function writeBack(opened: OpenedSheet): Promise<string> {
  return Buffer.from((await opened.sheet.workbook.xlsx.writeBuffer()) as ArrayBuffer).toString('base64');
}

export function exportEdp(t: Pick<TestApp, 'app'>, cookie: string, id: string): Promise<CallResult> {
  return callFunction(t.app, 'exportEdp', { id }, cookie);
}

export function exportGantt(t: Pick<TestApp, 'app'>, cookie: string, id: string, format = 'xlsx'): Promise<CallResult> {
  return callFunction(t.app, 'exportGantt', { id, format }, cookie);
}

export function importEdp(
  t: Pick<TestApp, 'app'>,
  cookie: string,
  data: { id: string; content: string; version: number; dryRun?: boolean },
): Promise<CallResult> {
  return callFunction(t.app, 'importEdp', data, cookie);
}

export function importGantt(
  t: Pick<TestApp, 'app'>,
  cookie: string,
  data: { id: string; content: string; version: number; dryRun?: boolean },
): Promise<CallResult> {
  return callFunction(t.app, 'importGantt', { format: 'xlsx', ...data }, cookie);
}

/** A call expected to answer 200; its result. */
export function okResult(response: CallResult) {
  expect(response.statusCode, JSON.stringify(response.body).slice(0, 800)).toBe(200);
  return response.body.result;
}

/** A YYYY-MM-DD day as the UTC-midnight date exceljs reads from a date cell. */
export function utcDate(iso: string): Date {
  return new Date(`${iso}T00:00:00.000Z`);
}
