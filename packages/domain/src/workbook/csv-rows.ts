import Papa from 'papaparse';
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

export function csvRows(text: string): SheetRow[] {
  const body = text.replace(/^\uFEFF/, '');
  const parsed = Papa.parse<string[]>(body, { delimiter: csvDelimiter(body), skipEmptyLines: false, header: false });
  return parsed.data.map((cells, index) => ({ row: index + 1, cells: cells.map((cell) => cell.trim()) }));
}
