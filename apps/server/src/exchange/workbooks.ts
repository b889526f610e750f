import {
  EDP_SHEET_NAME,
  EDP_SHEET_TITLES,
  EXCEL_MAX_OUTLINE_LEVEL,
  GANTT_SHEET_NAME,
  GANTT_SHEET_TITLES,
  edpSheetRows,
  ganttSheetRows,
} from '@cimiento/domain/workbook';
import type { SheetRow } from '@cimiento/domain/workbook';
import { PassThrough } from 'node:stream';
import {
  MAX_TASK_DURATION,
  PROGRESS_SHEET_NAME,
  PROGRESS_SHEET_TITLES,
  formatNumber,
  progressSheetRows,
} from '@cimiento/domain';
import type { Currency, ExportedFile, GanttTask, PricedEdpItem, WorkbookRowError } from '@cimiento/domain';
import ExcelJS from 'exceljs';
import { HttpsError } from '../core/https-error';
import { readXlsxSheet } from './xlsx-reader';
import type { WorkbookLimits } from './xlsx-limits';
import { NotAWorkbookError, WorkbookLimitError } from './xlsx-limits';

/**
 * The Excel side of issue 14, on the server: the EDP's and the Gantt's workbooks written with
 * exceljs (the web no longer carries it), and an uploaded workbook read back into plain rows for
 * the domain's rules (packages/domain/src/workbook). Reading (xlsx-reader.ts, issue 30) streams the
 * parts a sheet needs under the limits of WORKBOOK_LIMITS and keeps no row past the cap.
 */

export const XLSX_MIME_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const NOT_A_WORKBOOK_MESSAGE = 'El archivo no es un libro de Excel (.xlsx) válido';
/** Rows above the header the domain looks through for the titles (sheet-rows.ts). */
const HEADER_SLACK_ROWS = 20;

const DATE_FORMAT = 'dd-mm-yyyy';

/** A project code as a file name can carry it. */
function safeFileCode(code: string): string {
  return code.replace(/[\\/:*?"<>|\s]+/g, '_') || 'proyecto';
}

/**
 * A workbook written with exceljs's streaming writer: rows go out as they are committed instead of
 * piling up as objects (100,000 tasks took 11 s and 1.1 GB with the in-memory Workbook).
 */
function streamingWorkbook(): { workbook: ExcelJS.stream.xlsx.WorkbookWriter; finish: () => Promise<string> } {
  const stream = new PassThrough();
  const parts: Buffer[] = [];
  stream.on('data', (part: Buffer) => parts.push(part));
  const done = new Promise<void>((resolve, reject) => {
    stream.on('end', resolve);
    stream.on('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Cimiento';
  workbook.created = new Date();
  return {
    workbook,
    finish: async () => {
      await workbook.commit();
      await done;
      return Buffer.concat(parts).toString('base64');
    },
  };
}

/**
 * A decimal string as a cell: a number when the number reads back as the same text (every
 * quantity and price with up to 15 significant digits), else the exact text, which the import
 * reads too. Empty for undefined.
 */
function decimalCell(value: string | undefined): number | string | null {
  if (value === undefined) return null;
  const number = Number(value);
  return String(number) === value ? number : value;
}

/** How Excel shows an amount in each currency (its separators follow the reader's locale). */
const AMOUNT_FORMATS: Record<Currency, string> = {
  CLP: '#,##0',
  UF: '#,##0.00',
  USD: '#,##0.00',
  MUSD: '#,##0.00',
  MMUSD: '#,##0.00',
};

/**
 * The EDP as 'Exportar a Excel' has written it since issue 5: sheet 'EDP', header Código, Nombre,
 * Nivel (bold, frozen), one row per item in tree order with Excel's outline level set to its depth
 * (at most 7), the parent above its group, codes indented by depth. Issue 16: then Unidad,
 * Cantidad, Precio unitario and Monto (the item's total in the project's currency, its own amount
 * plus its items'; bold on an item with items under it; the import ignores it).
 */
export async function edpWorkbook(
  items: readonly PricedEdpItem[],
  projectCode: string,
  currency: Currency,
): Promise<ExportedFile> {
  const { workbook, finish } = streamingWorkbook();
  const sheet = workbook.addWorksheet(EDP_SHEET_NAME, {
    properties: { outlineProperties: { summaryBelow: false, summaryRight: false } },
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  const T = EDP_SHEET_TITLES;
  sheet.columns = [
    { header: T.code, key: 'code', width: 28 },
    { header: T.name, key: 'name', width: 60 },
    { header: T.level, key: 'level', width: 8 },
    { header: T.unit, key: 'unit', width: 10 },
    { header: T.quantity, key: 'quantity', width: 14 },
    { header: T.unitPrice, key: 'unitPrice', width: 18 },
    { header: `${T.amount} (${currency})`, key: 'amount', width: 20, style: { numFmt: AMOUNT_FORMATS[currency] } },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const row of edpSheetRows(items, currency)) {
    const added = sheet.addRow({
      code: row.code,
      name: row.name,
      level: row.level,
      unit: row.unit ?? null,
      quantity: decimalCell(row.quantity),
      unitPrice: decimalCell(row.unitPrice),
      amount: decimalCell(row.amount),
    });
    added.outlineLevel = Math.min(row.level, EXCEL_MAX_OUTLINE_LEVEL);
    added.getCell('code').alignment = { indent: Math.min(row.level, 15) };
    if (row.summary) added.getCell('amount').font = { bold: true };
    added.commit();
  }
  sheet.commit();
  return {
    fileName: `${safeFileCode(projectCode)}-edp.xlsx`,
    mimeType: XLSX_MIME_TYPE,
    content: await finish(),
  };
}

/** A YYYY-MM-DD day as Excel's date of that day: UTC midnight, so no time zone moves it. */
function excelDate(iso: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return null;
  return new Date(`${iso}T00:00:00.000Z`);
}

/**
 * The Gantt's task table: Id (1..n in tree order), Código (issue 32: unique), Nombre, Inicio, Fin (date cells,
 * dd-mm-yyyy), Duración, Avance, Predecesoras (in the sheet's Ids), Holgura, Crítica ('Sí'/'No'),
 * Ubicación (issue 32: the names of its summaries; last, so older sheets' columns keep their letters),
 * Recursos (issue 35: written as the Gantt's column; an import leaves the resources as they are);
 * rows grouped by outline with summaries bold and above their group, the header frozen.
 */
export async function ganttWorkbook(
  tasks: readonly GanttTask[],
  projectCode: string,
  /** issue 35: the resources catalogue's names, for the 'Recursos' column */
  resourceName: (resourceId: string) => string | undefined = () => undefined,
): Promise<ExportedFile> {
  const T = GANTT_SHEET_TITLES;
  const { workbook, finish } = streamingWorkbook();
  const sheet = workbook.addWorksheet(GANTT_SHEET_NAME, {
    properties: { outlineProperties: { summaryBelow: false, summaryRight: false } },
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = [
    { header: T.id, key: 'id', width: 7 },
    { header: T.code, key: 'code', width: 22 },
    { header: T.name, key: 'name', width: 50 },
    { header: T.start, key: 'start', width: 12, style: { numFmt: DATE_FORMAT } },
    { header: T.finish, key: 'finish', width: 12, style: { numFmt: DATE_FORMAT } },
    { header: T.duration, key: 'duration', width: 10 },
    { header: T.progress, key: 'progress', width: 9 },
    { header: T.predecessors, key: 'predecessors', width: 22 },
    { header: T.float, key: 'float', width: 9 },
    { header: T.critical, key: 'critical', width: 8 },
    { header: T.parents, key: 'parents', width: 50 },
    // issue 35: last, so the older sheets' columns keep their letters
    { header: T.resources, key: 'resources', width: 40 },
  ];
  const headerRow = sheet.getRow(1);
  headerRow.font = { bold: true };
  headerRow.alignment = { vertical: 'middle' };
  for (const row of ganttSheetRows(tasks, resourceName)) {
    const added = sheet.addRow({
      id: row.id,
      code: row.code,
      name: row.name,
      parents: row.parents,
      start: excelDate(row.start),
      finish: excelDate(row.finish),
      duration: row.duration,
      progress: row.progress,
      predecessors: row.predecessors,
      float: row.totalFloat,
      critical: row.critical ? 'Sí' : 'No',
      // an empty cell for a task without resources
      resources: row.resources === '' ? null : row.resources,
    });
    added.outlineLevel = Math.min(row.outlineLevel, EXCEL_MAX_OUTLINE_LEVEL);
    added.getCell('name').alignment = { indent: Math.min(row.outlineLevel, 15) };
    if (row.isSummary) added.font = { bold: true };
    added.commit();
  }
  sheet.commit();
  return {
    fileName: `${safeFileCode(projectCode)}-gantt.xlsx`,
    mimeType: XLSX_MIME_TYPE,
    content: await finish(),
  };
}

/** The header fill of the columns the user fills in the progress sheet (a light yellow). */
const INPUT_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFF2CC' } };

/**
 * issue 15: the progress sheet 'Avance' (progressSheetRows): one row per leaf in Gantt order with
 * Código (issue 32: unique), Nombre, Inicio, Fin, Inicio LB, Fin LB (date cells, dd-mm-yyyy; blank without a
 * baseline), Avance % (a number 0–100, checked by Excel as it is typed), Inicio real, Fin real, and
 * (issue 32) Id, the row in the Gantt, and Ubicación, its tower, floor and component, and (issue 34)
 * Duración restante (blank: what the progress leaves). The header is bold and frozen, with a
 * filter; the four columns to fill have a yellow header.
 */
export async function progressWorkbook(tasks: readonly GanttTask[], projectCode: string): Promise<ExportedFile> {
  const T = PROGRESS_SHEET_TITLES;
  const { workbook, finish } = streamingWorkbook();
  const sheet = workbook.addWorksheet(PROGRESS_SHEET_NAME, { views: [{ state: 'frozen', ySplit: 1 }] });
  const date = { numFmt: DATE_FORMAT };
  sheet.columns = [
    { header: T.code, key: 'code', width: 24 },
    { header: T.name, key: 'name', width: 50 },
    { header: T.start, key: 'start', width: 12, style: date },
    { header: T.finish, key: 'finish', width: 12, style: date },
    { header: T.baselineStart, key: 'baselineStart', width: 12, style: date },
    { header: T.baselineFinish, key: 'baselineFinish', width: 12, style: date },
    { header: T.progress, key: 'progress', width: 10 },
    { header: T.actualStart, key: 'actualStart', width: 12, style: date },
    { header: T.actualFinish, key: 'actualFinish', width: 12, style: date },
    // issue 32: the row's Id in the Gantt and its tower, floor and component (last, so the columns
    // of a sheet written before keep their letters)
    { header: T.id, key: 'id', width: 7 },
    { header: T.parents, key: 'parents', width: 50 },
    // issue 34: what is left of a task under way, to fill (blank: what the progress leaves)
    { header: T.remaining, key: 'remaining', width: 12 },
  ];
  const headerRow = sheet.getRow(1);
  headerRow.font = { bold: true };
  headerRow.alignment = { vertical: 'middle' };
  for (const key of ['progress', 'actualStart', 'actualFinish', 'remaining']) headerRow.getCell(key).fill = INPUT_FILL;
  const rows = progressSheetRows(tasks);
  sheet.autoFilter = `A1:L${rows.length + 1}`;
  if (rows.length > 0) {
    // the streaming writer has them (written on commit), its typings do not
    (
      sheet as unknown as { dataValidations: { add: (range: string, rule: ExcelJS.DataValidation) => void } }
    ).dataValidations.add(`G2:G${rows.length + 1}`, {
      type: 'decimal',
      operator: 'between',
      formulae: [0, 100],
      allowBlank: true,
      showErrorMessage: true,
      errorTitle: 'Avance %',
      error: 'El avance debe ser un número entre 0 y 100',
    });
    (
      sheet as unknown as { dataValidations: { add: (range: string, rule: ExcelJS.DataValidation) => void } }
    ).dataValidations.add(`L2:L${rows.length + 1}`, {
      type: 'whole',
      operator: 'between',
      formulae: [0, MAX_TASK_DURATION],
      allowBlank: true,
      showErrorMessage: true,
      errorTitle: T.remaining,
      error: `La duración restante es un número entero de días hábiles entre 0 y ${MAX_TASK_DURATION} (vacía: la que deja el avance)`,
    });
  }
  const day = (iso: string | undefined) => (iso === undefined ? null : excelDate(iso));
  for (const row of rows) {
    sheet
      .addRow({
        id: row.id,
        code: row.code,
        name: row.name,
        parents: row.parents,
        start: day(row.start),
        finish: day(row.finish),
        baselineStart: day(row.baselineStart),
        baselineFinish: day(row.baselineFinish),
        progress: row.progress,
        actualStart: day(row.actualStart),
        actualFinish: day(row.actualFinish),
        remaining: row.remaining ?? null,
      })
      .commit();
  }
  sheet.commit();
  return {
    fileName: `${safeFileCode(projectCode)}-avance.xlsx`,
    mimeType: XLSX_MIME_TYPE,
    content: await finish(),
  };
}

// ---------------------------------------------------------------- reading

export type ReadSheet = { name: string; rows: SheetRow[] };

/**
 * The rows of an uploaded workbook's sheet named `sheetName` (case-insensitive), or of its first
 * sheet, read by xlsx-reader.ts in bounded memory and time. Not a zip or not a workbook →
 * INVALID_ARGUMENT 'El archivo no es un libro de Excel (.xlsx) válido'; a limit passed (unpacked
 * bytes, rows, cells, characters, shared strings, depth…) → INVALID_ARGUMENT naming it; more than
 * `maxRows` rows with data (past the header) → INVALID_ARGUMENT naming that limit, the rows past it
 * read off the stream without being kept.
 */
export async function readWorkbookSheet(
  content: string,
  /** limits: WORKBOOK_LIMITS unless a test wants smaller ones */
  options: { sheetName: string; maxRows: number; what: string; limits?: Partial<WorkbookLimits> },
): Promise<ReadSheet> {
  let sheet: Awaited<ReturnType<typeof readXlsxSheet>>;
  try {
    sheet = await readXlsxSheet(Buffer.from(content, 'base64'), {
      sheetName: options.sheetName,
      maxDataRows: options.maxRows + HEADER_SLACK_ROWS + 1,
      ...(options.limits === undefined ? {} : { limits: options.limits }),
    });
  } catch (error) {
    if (error instanceof WorkbookLimitError) throw new HttpsError('INVALID_ARGUMENT', error.message);
    if (error instanceof NotAWorkbookError) throw new HttpsError('INVALID_ARGUMENT', NOT_A_WORKBOOK_MESSAGE);
    throw error;
  }
  if (sheet === undefined) throw new HttpsError('INVALID_ARGUMENT', `${NOT_A_WORKBOOK_MESSAGE}: no tiene hojas`);
  if (sheet.dataRows > options.maxRows + HEADER_SLACK_ROWS + 1) {
    throw new HttpsError(
      'INVALID_ARGUMENT',
      `El libro tiene más de ${formatNumber(options.maxRows)} filas con datos; ${options.what} admite como máximo ${formatNumber(options.maxRows)}`,
    );
  }
  return { name: sheet.name, rows: sheet.rows };
}

/** How many of a refusal's errors its message lists. */
const LISTED_ERRORS = 5;

/** 'Fila 12: …; Fila 15: … y 3 errores más', for INVALID_ARGUMENT. */
export function rowErrorsMessage(errors: readonly WorkbookRowError[], what: string): string {
  const listed = errors.slice(0, LISTED_ERRORS).map((error) => error.message);
  const rest = errors.length - listed.length;
  const more = rest === 0 ? '' : ` y ${formatNumber(rest)} ${rest === 1 ? 'error más' : 'errores más'}`;
  return `No se importó ${what}; corrige el libro: ${listed.join('; ')}${more}`;
}
