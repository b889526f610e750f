import { formatNumber } from '@cimiento/domain';

/** The limits an uploaded workbook is read within (xlsx-reader.ts), and the two ways a read is refused. */

export const WORKBOOK_LIMITS = {
  /** entries in the zip (a workbook has a few dozen) */
  entries: 10_000,
  /** bytes unpacked from the parts that are read */
  unpackedBytes: 200 * 1024 * 1024,
  /** XML nesting (a sheet's deepest is 7) */
  depth: 64,
  /** row elements in the sheet (Excel's maximum) */
  rows: 1_048_576,
  /** cells in one row (Excel's maximum columns) */
  cellsPerRow: 16_384,
  /** characters in one cell (Excel's maximum) */
  cellChars: 32_767,
  /** strings in the shared strings table */
  sharedStrings: 1_000_000,
  /** characters in all the shared strings together */
  sharedStringChars: 64 * 1024 * 1024,
  /** cell formats (Excel's maximum is 64,000) */
  cellStyles: 65_536,
  /** cells kept from the rows with data (a row counts up to its last cell with a value) */
  keptCells: 4_000_000,
} as const;

export type WorkbookLimits = { [K in keyof typeof WORKBOOK_LIMITS]: number };

/** A limit passed: the message names it. Nothing was written. */
export class WorkbookLimitError extends Error {}

/** Not a workbook this reader can read (not a zip, encrypted, broken XML, no sheets…). */
export class NotAWorkbookError extends Error {}

export function limitError(message: string): WorkbookLimitError {
  return new WorkbookLimitError(message);
}

export function megabytes(bytes: number): string {
  const value = bytes / 1024 / 1024;
  return value >= 1 ? formatNumber(value) : formatNumber(value, 2);
}

export function cellTooLong(limits: WorkbookLimits, where: string): WorkbookLimitError {
  return limitError(
    `${where} tiene más de ${formatNumber(limits.cellChars)} caracteres, el máximo de una celda de Excel`,
  );
}
