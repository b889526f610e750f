import type { SheetCell, SheetRow } from '@cimiento/domain/workbook';
import { formatNumber } from '@cimiento/domain';
import { TimeSlices } from './time-slices';
import { WORKBOOK_LIMITS, NotAWorkbookError, limitError, cellTooLong } from './xlsx-limits';
import type { WorkbookLimits } from './xlsx-limits';
import { zipEntries, partText } from './xlsx-zip';
import type { Budget } from './xlsx-zip';
import { readXml, attribute, resolvePart, readRelationships } from './xlsx-xml';
import type { Relationship } from './xlsx-xml';
import { decodeEscapes, readSharedStrings, PLAIN, readStyles } from './xlsx-styles';
import type { CellFormat } from './xlsx-styles';

/**
 * An uploaded .xlsx read as a stream, in bounded memory and time (issue 30). The zip's directory is
 * read from the upload's bytes; the parts a sheet needs (the workbook, its relations, the shared
 * strings, the styles and that one sheet) are inflated 64 KB at a time and parsed by saxes as they
 * come, and only the values are kept: no part is ever whole in memory, and the event loop gets a
 * turn every few milliseconds. Every count a bomb could blow up is checked while reading, and the
 * first one past its limit stops the read with a Spanish message that names the limit:
 * the zip's entries, the bytes unpacked, the nesting depth, the rows, the cells in a row, the
 * characters in a cell, the shared strings (count and characters), the cell styles, and the cells
 * kept. A DOCTYPE is refused (saxes never expands an entity anyway). Anything else that does not
 * read as a workbook is NotAWorkbookError.
 *
 * What a cell becomes (SheetCell): shared and inline strings as text (runs joined, phonetic runs
 * left out, Excel's _xHHHH_ escapes decoded), numbers as numbers, a number with a date format as
 * the Date Excel shows (1900 or 1904 date system), booleans, a formula's cached value, errors and
 * empty cells as null; a number with a '%' format as the percentage text the user sees ('75%').
 */

export type XlsxSheet = {
  name: string;
  /** the rows with data, or none when there were more than `maxDataRows` */
  rows: SheetRow[];
  /** rows with data: all of them, or `maxDataRows` + 1 when there are more (the read stops there) */
  dataRows: number;
};

/** Excel's day number as the Date it shows (UTC midnight for whole days), as exceljs reads it. */
function excelDate(serial: number, date1904: boolean): Date {
  return new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 24 * 3600 * 1000));
}

/** 'AB12' → 28; undefined when it is not a cell reference. */
function columnOf(reference: string): number | undefined {
  let column = 0;
  let index = 0;
  for (; index < reference.length; index += 1) {
    const code = reference.charCodeAt(index);
    const letter = code >= 97 ? code - 32 : code;
    if (letter < 65 || letter > 90) break;
    column = column * 26 + (letter - 64);
    if (column > 1_000_000) return undefined;
  }
  return index === 0 ? undefined : column;
}

/** A1's column letters for a message. */
function columnName(column: number): string {
  let name = '';
  for (let rest = column; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    name = String.fromCharCode(65 + ((rest - 1) % 26)) + name;
  }
  return name;
}

type SheetContext = {
  limits: WorkbookLimits;
  sharedStrings: readonly string[];
  formatOf: (style: number) => CellFormat;
  date1904: boolean;
  maxDataRows: number;
};

async function readSheetRows(text: AsyncIterable<string>, context: SheetContext, slicer: TimeSlices) {
  const { limits, sharedStrings, formatOf, date1904 } = context;
  const rows: SheetRow[] = [];
  let dataRows = 0;
  let keptCells = 0;
  let rowElements = 0;
  let lastRow = 0;
  let row: { number: number; cells: SheetCell[]; count: number; nextColumn: number } | undefined;
  let cell:
    { column: number; type: string; style: number; value: string | undefined; inline: string | undefined } | undefined;
  let capture: 'v' | 't' | undefined;
  let inInline = false;
  let phonetic = false;

  const where = () => (cell && row ? `La celda ${columnName(cell.column)}${row.number}` : 'Una celda');

  const valueOf = (current: NonNullable<typeof cell>): SheetCell => {
    const { type, value } = current;
    switch (type) {
      case 's': {
        if (value === undefined) return null;
        return sharedStrings[Number.parseInt(value, 10)] ?? null;
      }
      case 'inlineStr':
        return current.inline === undefined ? (value ?? null) : decodeEscapes(current.inline);
      case 'str':
        return value === undefined ? null : decodeEscapes(value);
      case 'b':
        return value === undefined ? null : Number(value) !== 0;
      case 'e':
        return null;
      case 'd': {
        if (value === undefined) return null;
        const date = new Date(value);
        return Number.isNaN(date.getTime()) ? null : date;
      }
      default: {
        if (value === undefined || value.trim() === '') return null;
        const number = Number(value);
        if (!Number.isFinite(number)) return null;
        const format = formatOf(current.style);
        if (format.isDate) return excelDate(number, date1904);
        // Excel turns '75%' typed in a cell into 0.75 with a '%' format: read what the user sees
        if (format.isPercent) return `${Number((number * 100).toFixed(10))}%`;
        return number;
      }
    }
  };

  const read = readXml(
    text,
    {
      open: (name, attributes) => {
        switch (name) {
          case 'row': {
            rowElements += 1;
            const number = attributes['r'] === undefined ? lastRow + 1 : Number(attributes['r']);
            if (rowElements > limits.rows || !Number.isInteger(number) || number > limits.rows || number < 1) {
              throw limitError(
                `La hoja tiene más de ${formatNumber(limits.rows)} filas, el máximo de Excel; Cimiento no la lee`,
              );
            }
            lastRow = number;
            row = { number, cells: [], count: 0, nextColumn: 1 };
            return;
          }
          case 'c': {
            if (!row) return;
            row.count += 1;
            const reference = attributes['r'];
            const column = reference === undefined ? row.nextColumn : columnOf(reference);
            if (row.count > limits.cellsPerRow || column === undefined || column > limits.cellsPerRow) {
              throw limitError(
                `La fila ${formatNumber(row.number)} tiene más de ${formatNumber(limits.cellsPerRow)} celdas, el máximo de columnas de Excel; Cimiento no la lee`,
              );
            }
            row.nextColumn = column + 1;
            cell = {
              column,
              type: attributes['t'] ?? 'n',
              style: Number(attributes['s'] ?? 0) || 0,
              value: undefined,
              inline: undefined,
            };
            return;
          }
          case 'v':
            if (cell) {
              cell.value = '';
              capture = 'v';
            }
            return;
          case 'is':
            if (cell) {
              inInline = true;
              cell.inline = '';
            }
            return;
          case 't':
            if (cell && inInline) capture = 't';
            return;
          case 'rPh':
            phonetic = true;
            return;
          default:
            return;
        }
      },
      close: (name) => {
        switch (name) {
          case 'v':
          case 't':
            capture = undefined;
            return;
          case 'is':
            inInline = false;
            return;
          case 'rPh':
            phonetic = false;
            return;
          case 'c': {
            if (row && cell) {
              const value = valueOf(cell);
              if (value !== null) row.cells[cell.column - 1] = value;
            }
            cell = undefined;
            return;
          }
          case 'row': {
            if (!row) return;
            const cells = Array.from(row.cells, (value) => value ?? null);
            row = undefined;
            if (cells.every((value) => value === null || (typeof value === 'string' && value.trim() === ''))) return;
            dataRows += 1;
            // past the cap the read stops: the import refuses the sheet whatever the rest holds
            if (dataRows > context.maxDataRows) throw new PastTheCap();
            keptCells += cells.length;
            if (keptCells > limits.keptCells) {
              throw limitError(
                `La hoja tiene más de ${formatNumber(limits.keptCells)} celdas con datos; Cimiento lee como máximo ${formatNumber(limits.keptCells)}`,
              );
            }
            rows.push({ row: lastRow, cells });
            return;
          }
          default:
            return;
        }
      },
      text: (piece) => {
        if (!cell || capture === undefined) return;
        if (capture === 'v') {
          cell.value = (cell.value ?? '') + piece;
          if (cell.value.length > limits.cellChars) throw cellTooLong(limits, where());
        } else if (!phonetic) {
          cell.inline = (cell.inline ?? '') + piece;
          if (cell.inline.length > limits.cellChars) throw cellTooLong(limits, where());
        }
      },
    },
    limits,
    slicer,
  );
  try {
    await read;
  } catch (error) {
    if (error instanceof PastTheCap) return { rows: [], dataRows };
    throw error;
  }
  return { rows, dataRows };
}

/** Thrown from the parser's handler to stop reading a sheet at its first row past the import's cap. */
class PastTheCap extends Error {}

type SheetEntry = { name: string; part: string };

async function readWorkbookPart(text: AsyncIterable<string>, limits: WorkbookLimits, slicer: TimeSlices) {
  const sheets: { name: string; relationship: string }[] = [];
  let date1904 = false;
  await readXml(
    text,
    {
      open: (name, attributes) => {
        if (name === 'sheet') {
          sheets.push({ name: attributes['name'] ?? '', relationship: attribute(attributes, 'id', true) ?? '' });
        } else if (name === 'workbookPr') {
          const value = (attributes['date1904'] ?? '').toLowerCase();
          date1904 = value === '1' || value === 'true';
        }
      },
      close: () => undefined,
      text: () => undefined,
    },
    limits,
    slicer,
  );
  return { sheets, date1904 };
}

/**
 * The rows of the sheet named `sheetName` (case-insensitive) of an uploaded workbook, or of its
 * first sheet (undefined: it has none). The read stops at the first row with data past
 * `maxDataRows` (`rows` is then empty and `dataRows` is `maxDataRows` + 1). WorkbookLimitError when a limit is passed; NotAWorkbookError when it is not a workbook.
 */
export async function readXlsxSheet(
  bytes: Buffer,
  options: { sheetName: string; maxDataRows: number; limits?: Partial<WorkbookLimits> },
): Promise<XlsxSheet | undefined> {
  const limits: WorkbookLimits = { ...WORKBOOK_LIMITS, ...options.limits };
  const entries = zipEntries(bytes, limits);
  if (entries === undefined) throw new NotAWorkbookError('zip');
  const budget: Budget = { left: limits.unpackedBytes, limit: limits.unpackedBytes };
  const slicer = new TimeSlices();
  const text = (name: string): AsyncIterable<string> | undefined => {
    const entry = entries.get(name);
    return entry === undefined ? undefined : partText(bytes, entry, budget);
  };

  // the workbook part: _rels/.rels names it (xl/workbook.xml in every writer seen)
  const rootRelations = text('_rels/.rels');
  const officeDocument = rootRelations
    ? (await readRelationships(rootRelations, limits, slicer)).find((relationship) =>
        relationship.type.endsWith('/officeDocument'),
      )
    : undefined;
  const workbookPath = officeDocument ? resolvePart('', officeDocument.target) : 'xl/workbook.xml';
  const workbookText = text(workbookPath);
  if (workbookText === undefined) throw new NotAWorkbookError('workbook');
  const folder = workbookPath.includes('/') ? workbookPath.slice(0, workbookPath.lastIndexOf('/')) : '';
  const { sheets, date1904 } = await readWorkbookPart(workbookText, limits, slicer);
  const relationsText = text(`${folder === '' ? '' : `${folder}/`}_rels/${workbookPath.slice(folder.length + 1)}.rels`);
  const relations = relationsText ? await readRelationships(relationsText, limits, slicer) : [];
  const partOf = (relationship: Relationship) => resolvePart(folder, relationship.target);

  const worksheets: SheetEntry[] = [];
  for (const sheet of sheets) {
    const relationship = relations.find((candidate) => candidate.id === sheet.relationship);
    if (relationship && relationship.type.endsWith('/worksheet') && entries.has(partOf(relationship))) {
      worksheets.push({ name: sheet.name, part: partOf(relationship) });
    }
  }
  const wanted = options.sheetName.toLowerCase();
  const chosen = worksheets.find((sheet) => sheet.name.toLowerCase() === wanted) ?? worksheets[0];
  if (chosen === undefined) return undefined;

  const byType = (suffix: string, fallback: string) => {
    const relationship = relations.find((candidate) => candidate.type.endsWith(suffix));
    return relationship ? partOf(relationship) : fallback;
  };
  const sharedStringsText = text(byType('/sharedStrings', `${folder}/sharedStrings.xml`));
  const sharedStrings = sharedStringsText ? await readSharedStrings(sharedStringsText, limits, slicer) : [];
  const stylesText = text(byType('/styles', `${folder}/styles.xml`));
  const formatOf = stylesText ? await readStyles(stylesText, limits, slicer) : () => PLAIN;
  const sheetText = text(chosen.part);
  if (sheetText === undefined) throw new NotAWorkbookError('sheet');
  const { rows, dataRows } = await readSheetRows(
    sheetText,
    { limits, sharedStrings, formatOf, date1904, maxDataRows: options.maxDataRows },
    slicer,
  );
  return { name: chosen.name, rows, dataRows };
}
