import { findUnsafeCharacter, unsafeCharacterText } from '../functions/common';
import type { WorkbookRowError } from '../functions/exchange-contracts';

/**
 * A worksheet as the workbook rules read it (issue 14): the server turns exceljs's cells into these
 * plain values (a formula gives its result, rich text its text, a date cell a Date at UTC
 * midnight), so the rules stay pure and testable without a workbook.
 */

export type SheetCell = string | number | boolean | Date | null;

/** One worksheet row: `row` is Excel's row number (1 = the first row), `cells[0]` is column A. */
export type SheetRow = { row: number; cells: readonly SheetCell[] };

/** One column the rules look for: its canonical title and the other titles accepted for it. */
export type SheetColumn<K extends string> = { key: K; title: string; aliases?: readonly string[]; required: boolean };

/** Where the header is and which column holds each title. */
export type SheetHeader<K extends string> = { row: number; columns: Partial<Record<K, number>> };

/** How many rows above the header may hold a title or notes. */
const HEADER_SEARCH_ROWS = 20;

/** A title as compared: lower case, without accents, spaces or punctuation ('Código' = 'codigo' = 'CÓDIGO '). */
export function titleKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9%]+/g, '');
}

/** A cell as trimmed text ('' for an empty cell); numbers as JavaScript writes them, dates as YYYY-MM-DD. */
export function cellText(cell: SheetCell | undefined): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString().slice(0, 10);
  if (typeof cell === 'boolean') return cell ? 'Sí' : 'No';
  return String(cell).trim();
}

/** A row with no text in any cell. */
export function isBlankRow(row: SheetRow): boolean {
  return row.cells.every((cell) => cellText(cell) === '');
}

/** 'Fila 12: el código HRT.1.3 está repetido' with its row and field. */
export function rowError(row: number, field: string, what: string): WorkbookRowError {
  return { row, field, message: `Fila ${row}: ${what}` };
}

/**
 * issue 17: the one rule for text, for a cell an import would store. A control character (but tab
 * and line breaks) or a lone surrogate refuses the row, never dropped silently: 'Fila 12: el nombre
 * contiene un carácter de control (U+0000, NUL); quítalo del libro'. `what` names the cell ('el nombre').
 */
export function unsafeTextError(row: number, field: string, what: string, text: string): WorkbookRowError | undefined {
  const character = findUnsafeCharacter(text);
  return character
    ? rowError(row, field, `${what} contiene ${unsafeCharacterText(character)}; quítalo del libro`)
    : undefined;
}

/** 'A, B y C' */
export function listSpanish(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} y ${words.at(-1) as string}`;
}

/**
 * The header row: the first of the sheet's first rows that holds every required title (in any
 * order, any case, with or without accents, among other columns). None → an error naming the
 * missing titles of the row that came closest.
 */
export function findSheetHeader<K extends string>(
  rows: readonly SheetRow[],
  columns: readonly SheetColumn<K>[],
): { ok: true; header: SheetHeader<K> } | { ok: false; error: WorkbookRowError } {
  const wanted = columns.map((column) => ({
    column,
    title: titleKey(column.title),
    keys: new Set([column.title, ...(column.aliases ?? [])].map(titleKey)),
  }));
  let best: { row: number; missing: string[]; found: number } | undefined;
  for (const row of rows.slice(0, HEADER_SEARCH_ROWS)) {
    const found: Partial<Record<K, number>> = {};
    const keys = row.cells.map((cell) => titleKey(cellText(cell)));
    // the column's own title first, wherever it is; one of its other names only when the title is missing
    for (const { column, title, keys: accepted } of wanted) {
      const exact = keys.indexOf(title);
      const other = keys.findIndex((key) => key !== '' && accepted.has(key));
      const index = exact >= 0 ? exact : other;
      if (index >= 0) found[column.key] = index;
    }
    const missing = columns.filter((column) => column.required && found[column.key] === undefined);
    if (missing.length === 0) return { ok: true, header: { row: row.row, columns: found } };
    const count = Object.keys(found).length;
    if (count > 0 && (best === undefined || count > best.found)) {
      best = { row: row.row, missing: missing.map((column) => column.title), found: count };
    }
  }
  const required = columns.filter((column) => column.required).map((column) => column.title);
  if (best) {
    const what =
      best.missing.length === 1
        ? `falta la columna ${best.missing[0]}`
        : `faltan las columnas ${listSpanish(best.missing)}`;
    return {
      ok: false,
      error: rowError(
        best.row,
        best.missing[0] as string,
        `${what}; la fila de títulos debe tener ${listSpanish(required)}`,
      ),
    };
  }
  return {
    ok: false,
    error: rowError(
      rows[0]?.row ?? 1,
      required[0] ?? '',
      `no se encontró la fila de títulos; la hoja debe tener las columnas ${listSpanish(required)}`,
    ),
  };
}

/** The cell under a column of the header (undefined when the sheet has no such column). */
export function cellAt<K extends string>(row: SheetRow, header: SheetHeader<K>, key: K): SheetCell | undefined {
  const index = header.columns[key];
  return index === undefined ? undefined : (row.cells[index] ?? null);
}

/** The rows below the header that hold something. */
export function dataRows<K extends string>(rows: readonly SheetRow[], header: SheetHeader<K>): SheetRow[] {
  return rows.filter((row) => row.row > header.row && !isBlankRow(row));
}

/**
 * A whole number in a cell: a number, or text like '12' or '1.234' (Chilean thousands). undefined
 * for an empty cell, NaN for anything else.
 */
export function cellInteger(cell: SheetCell | undefined): number | undefined {
  if (typeof cell === 'number') return Number.isInteger(cell) ? cell : Number.NaN;
  const text = cellText(cell);
  if (text === '') return undefined;
  if (/^[+-]?\d{1,3}(\.\d{3})+$/.test(text)) return Number(text.replace(/\./g, ''));
  if (/^[+-]?\d+$/.test(text)) return Number(text);
  return Number.NaN;
}

/** A decimal in a cell: a number, or text with a comma or a dot as the decimal mark; a trailing '%' is allowed. */
export function cellDecimal(cell: SheetCell | undefined): number | undefined {
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : Number.NaN;
  const text = cellText(cell).replace(/\s*%$/, '');
  if (text === '') return undefined;
  if (!/^[+-]?\d+([.,]\d+)?$/.test(text)) return Number.NaN;
  return Number(text.replace(',', '.'));
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

function isoOf(year: number, month: number, day: number): string | undefined {
  if (year < 1900 || year > 9999) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** Excel's day 0 (its serial numbers count days from 30 December 1899). */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

/**
 * A date in a cell, as YYYY-MM-DD: a date cell (its UTC day: the server reads Excel's dates as UTC
 * midnight), an Excel serial number, or text dd-mm-aaaa, dd/mm/aaaa or aaaa-mm-dd. undefined for an
 * empty cell, null for anything else.
 */
export function cellDate(cell: SheetCell | undefined): string | undefined | null {
  if (cell instanceof Date) {
    if (Number.isNaN(cell.getTime())) return null;
    return isoOf(cell.getUTCFullYear(), cell.getUTCMonth() + 1, cell.getUTCDate()) ?? null;
  }
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell) || cell < 1) return null;
    const date = new Date(EXCEL_EPOCH + Math.floor(cell) * 86_400_000);
    return isoOf(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()) ?? null;
  }
  const text = cellText(cell);
  if (text === '') return undefined;
  const dayFirst = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text);
  if (dayFirst) return isoOf(Number(dayFirst[3]), Number(dayFirst[2]), Number(dayFirst[1])) ?? null;
  const yearFirst = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(text);
  if (yearFirst) return isoOf(Number(yearFirst[1]), Number(yearFirst[2]), Number(yearFirst[3])) ?? null;
  return null;
}

/** dd-mm-aaaa, as the workbooks show dates. */
export function chileanDate(iso: string): string {
  return `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;
}
