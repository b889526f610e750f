import Papa from 'papaparse';
import { formatNumber } from '../format/money';
import type { SheetRow } from './sheet-rows';

/**
 * A CSV's text as sheet rows (issue 16, UF values): the delimiter guessed, quotes honoured, a byte
 * order mark dropped. Row numbers are the file's lines, so 'Fila 7' is the seventh line; empty
 * lines are kept as empty rows for that. Every cell is text. Pure.
 */

/** How many lines the delimiter is guessed from. */
const GUESS_LINES = 50;

/**
 * ';' when any of the first lines has one outside quotes (Chilean files, the Central Bank's
 * exports: their ',' is the decimal mark), else a tab, else ','. Papaparse's own guess picks ','
 * for a short ';' file whose values carry decimal commas ('01-01-2025;38.419,17').
 */
export function csvDelimiter(text: string): string {
  const lines = text
    .split(/\r\n|\n|\r/, GUESS_LINES * 2)
    .map((line) => line.replace(/"[^"]*"/g, ''))
    .filter((line) => line.trim() !== '')
    .slice(0, GUESS_LINES);
  if (lines.some((line) => line.includes(';'))) return ';';
  if (lines.some((line) => line.includes('\t'))) return '\t';
  return ',';
}

/** Bounds on what a CSV may hold (issue 30); each refused with a message naming it. */
export type CsvLimits = { maxRows: number; maxCellsPerRow: number; maxCellChars: number; what: string };

/** A CSV past one of its limits: `message` names the limit. */
export class CsvLimitError extends Error {}

/**
 * The rows; with `limits`, the parse stops at the first row past one (rows, cells in a row,
 * characters in a cell) with a CsvLimitError, before it holds more than the limits allow.
 */
export function csvRows(text: string, limits?: CsvLimits): SheetRow[] {
  const body = text.replace(/^\uFEFF/, '');
  const rows: SheetRow[] = [];
  let refusal: string | undefined;
  Papa.parse<string[]>(body, {
    delimiter: csvDelimiter(body),
    skipEmptyLines: false,
    header: false,
    step: (result, parser) => {
      const cells = result.data;
      const row = rows.length + 1;
      if (limits !== undefined) {
        if (row > limits.maxRows) {
          refusal = `El archivo tiene más de ${formatNumber(limits.maxRows)} filas; ${limits.what}`;
        } else if (cells.length > limits.maxCellsPerRow) {
          refusal = `La fila ${formatNumber(row)} tiene más de ${formatNumber(limits.maxCellsPerRow)} columnas; Cimiento lee como máximo ${formatNumber(limits.maxCellsPerRow)}`;
        } else if (cells.some((cell) => cell.length > limits.maxCellChars)) {
          refusal = `La fila ${formatNumber(row)} tiene un valor de más de ${formatNumber(limits.maxCellChars)} caracteres; Cimiento lee como máximo ${formatNumber(limits.maxCellChars)}`;
        }
        if (refusal !== undefined) {
          parser.abort();
          return;
        }
      }
      rows.push({ row, cells: cells.map((cell) => cell.trim()) });
    },
  });
  if (refusal !== undefined) throw new CsvLimitError(refusal);
  return rows;
}
