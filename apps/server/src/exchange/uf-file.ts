import { CsvLimitError, csvRows } from '@cimiento/domain/workbook';
import type { SheetRow } from '@cimiento/domain/workbook';
import { MAX_UF_VALUES, formatNumber } from '@cimiento/domain';
import { HttpsError } from '../core/https-error';
import { readWorkbookSheet } from './workbooks';
import { WORKBOOK_LIMITS } from './xlsx-limits';

/**
 * The rows of an uploaded file of UF values (issue 16, importUfValues): a CSV or an Excel workbook
 * (.xlsx, its first sheet), as the Central Bank and the SII publish them. The kind comes from the
 * content when it tells (a workbook is a zip: 'PK'), else from the name's extension; a CSV's text is
 * UTF-8, or UTF-16 with its byte order mark, or else Windows-1252 (Latin-1), as older SII and
 * Excel-saved files are, so 'Día' still reads with its accent.
 */

export const NOT_A_UF_FILE_MESSAGE =
  'El archivo no es un CSV ni un Excel (.xlsx): descarga los valores UF en uno de esos formatos';

/** Rows a file may hold: a value per row, plus titles and notes. */
const MAX_ROWS = MAX_UF_VALUES + 1000;

export type UfFileKind = 'csv' | 'xlsx';

function isZip(bytes: Buffer): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 0x03 || bytes[2] === 0x05);
}

/** An old binary workbook (Excel 97-2003, .xls): an OLE compound file. */
function isOle(bytes: Buffer): boolean {
  return bytes.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]));
}

/** Text the way a CSV may come: UTF-8, UTF-16 with a BOM, else Windows-1252. undefined: not text. */
export function decodeCsvText(bytes: Buffer): string | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  if (bytes.includes(0)) return undefined;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // not UTF-8: an old file saved as Latin-1 (Windows-1252 is its superset browsers and Excel use)
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  // control characters other than tabs and line breaks: a binary file, not text
  let controls = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) controls += 1;
  }
  return controls > Math.max(2, text.length / 1000) ? undefined : text;
}

/** What the file is: its content first ('PK' → a workbook), then its name's extension. */
export function ufFileKind(bytes: Buffer, fileName: string): UfFileKind {
  if (isZip(bytes)) return 'xlsx';
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (isOle(bytes) || extension === 'xls') {
    throw new HttpsError(
      'INVALID_ARGUMENT',
      'El archivo es un Excel antiguo (.xls): ábrelo en Excel y guárdalo como .xlsx o CSV para importarlo',
    );
  }
  if (extension === 'xlsx' || extension === 'xlsm') return 'xlsx';
  return 'csv';
}

/** The file's rows, CSV or first worksheet; anything else → INVALID_ARGUMENT. */
export async function readUfFileRows(content: string, fileName: string): Promise<SheetRow[]> {
  const bytes = Buffer.from(content, 'base64');
  if (bytes.length === 0) throw new HttpsError('INVALID_ARGUMENT', 'El archivo está vacío');
  if (ufFileKind(bytes, fileName) === 'xlsx') {
    const sheet = await readWorkbookSheet(content, {
      sheetName: '',
      maxRows: MAX_ROWS,
      what: 'la tabla de valores UF',
    });
    return sheet.rows;
  }
  const text = decodeCsvText(bytes);
  if (text === undefined) throw new HttpsError('INVALID_ARGUMENT', NOT_A_UF_FILE_MESSAGE);
  try {
    // the same bounds as a workbook's sheet: the rows a table of UF values needs, Excel's columns and cell size
    return csvRows(text, {
      maxRows: MAX_ROWS,
      maxCellsPerRow: WORKBOOK_LIMITS.cellsPerRow,
      maxCellChars: WORKBOOK_LIMITS.cellChars,
      what: `la tabla de valores UF admite como máximo ${formatNumber(MAX_UF_VALUES)} valores`,
    });
  } catch (error) {
    if (error instanceof CsvLimitError) throw new HttpsError('INVALID_ARGUMENT', error.message);
    throw error;
  }
}
