import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import { formatNumber } from '@cimiento/domain';
import type { SheetCell, SheetRow } from '@cimiento/domain';
import { SaxesParser } from 'saxes';
import type { SaxesTag } from 'saxes';
import { TimeSlices } from './time-slices';

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

export type XlsxSheet = {
  name: string;
  /** the rows with data, or none when there were more than `maxDataRows` */
  rows: SheetRow[];
  /** rows with data: all of them, or `maxDataRows` + 1 when there are more (the read stops there) */
  dataRows: number;
};

const CHUNK = 64 * 1024;
/** Compressed bytes given to the inflater at a time: at most ~1,000× that comes out of one write. */
const INFLATE_INPUT = 4 * 1024;

const END_SIGNATURE = 0x06054b50;
const ENTRY_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;

type ZipEntry = { name: string; method: number; flags: number; compressedSize: number; localOffset: number };

function limitError(message: string): WorkbookLimitError {
  return new WorkbookLimitError(message);
}

/** The zip's entries by name (the first of a repeated name); undefined: not a zip this reads. */
function zipEntries(bytes: Buffer, limits: WorkbookLimits): Map<string, ZipEntry> | undefined {
  if (bytes.length < 22) return undefined;
  let end = -1;
  // the end record is 22 bytes plus a comment of at most 65,535
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at -= 1) {
    if (bytes.readUInt32LE(at) === END_SIGNATURE) {
      end = at;
      break;
    }
  }
  if (end < 0) return undefined;
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  // ZIP64 (files over 4 GB): never a workbook that fits an upload
  if (count === 0xffff || at === 0xffffffff) return undefined;
  if (count > limits.entries) {
    throw limitError(
      `El archivo tiene ${formatNumber(count)} partes; un libro de Excel tiene unas pocas decenas y Cimiento lee como máximo ${formatNumber(limits.entries)}`,
    );
  }
  const entries = new Map<string, ZipEntry>();
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== ENTRY_SIGNATURE) return undefined;
    const nameLength = bytes.readUInt16LE(at + 28);
    const name = bytes
      .subarray(at + 46, at + 46 + nameLength)
      .toString('utf8')
      .replace(/^\/+/, '');
    if (!entries.has(name)) {
      entries.set(name, {
        name,
        flags: bytes.readUInt16LE(at + 8),
        method: bytes.readUInt16LE(at + 10),
        compressedSize: bytes.readUInt32LE(at + 20),
        localOffset: bytes.readUInt32LE(at + 42),
      });
    }
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return entries;
}

type Budget = { left: number; limit: number };

function spend(budget: Budget, bytes: number): void {
  budget.left -= bytes;
  if (budget.left < 0) {
    throw limitError(
      `El libro ocupa más de ${megabytes(budget.limit)} MB descomprimido; divídelo o quita las hojas que no se importan`,
    );
  }
}

function megabytes(bytes: number): string {
  const value = bytes / 1024 / 1024;
  return value >= 1 ? formatNumber(value) : formatNumber(value, 2);
}

function* slices(bytes: Buffer, size: number): Generator<Buffer> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

/** One part's text, unpacked a chunk at a time under the budget. */
async function* partText(bytes: Buffer, entry: ZipEntry, budget: Budget): AsyncGenerator<string> {
  const { localOffset, compressedSize, method, flags } = entry;
  if ((flags & 1) !== 0 || (method !== 0 && method !== 8)) throw new NotAWorkbookError('cifrado o comprimido');
  if (localOffset + 30 > bytes.length || bytes.readUInt32LE(localOffset) !== LOCAL_SIGNATURE) {
    throw new NotAWorkbookError('cabecera');
  }
  const start = localOffset + 30 + bytes.readUInt16LE(localOffset + 26) + bytes.readUInt16LE(localOffset + 28);
  if (start + compressedSize > bytes.length) throw new NotAWorkbookError('cortado');
  const raw = bytes.subarray(start, start + compressedSize);
  const decoder = new TextDecoder('utf-8', { ignoreBOM: false });
  if (method === 0) {
    for (const piece of slices(raw, CHUNK)) {
      spend(budget, piece.length);
      yield decoder.decode(piece, { stream: true });
    }
  } else {
    const source = Readable.from(slices(raw, INFLATE_INPUT));
    const inflater = createInflateRaw({ chunkSize: CHUNK });
    source.pipe(inflater);
    try {
      for await (const piece of inflater as AsyncIterable<Buffer>) {
        spend(budget, piece.length);
        yield decoder.decode(piece, { stream: true });
      }
    } catch (error) {
      if (error instanceof WorkbookLimitError) throw error;
      throw new NotAWorkbookError('deflate');
    } finally {
      source.unpipe(inflater);
      source.destroy();
      inflater.destroy();
    }
  }
  const rest = decoder.decode();
  if (rest !== '') yield rest;
}

type XmlHandlers = {
  open: (name: string, attributes: Record<string, string>) => void;
  close: (name: string) => void;
  text: (text: string) => void;
};

/** An element's or attribute's name without its namespace prefix ('x:row' → 'row'). */
function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

/** Parses one part's text with saxes, checking the depth and refusing a DOCTYPE. */
async function readXml(
  chunks: AsyncIterable<string>,
  handlers: XmlHandlers,
  limits: WorkbookLimits,
  slicer: TimeSlices,
): Promise<void> {
  const parser = new SaxesParser({ position: false });
  let depth = 0;
  parser.on('error', () => {
    throw new NotAWorkbookError('xml');
  });
  parser.on('doctype', () => {
    throw limitError('El libro declara un DOCTYPE (entidades XML), que Excel no escribe; no se lee por seguridad');
  });
  parser.on('opentag', (tag: SaxesTag) => {
    depth += 1;
    if (depth > limits.depth) {
      throw limitError(
        `El libro tiene elementos anidados a más de ${formatNumber(limits.depth)} niveles; Excel no escribe libros así`,
      );
    }
    handlers.open(localName(tag.name), tag.attributes as Record<string, string>);
  });
  parser.on('closetag', (tag: SaxesTag) => {
    depth -= 1;
    handlers.close(localName(tag.name));
  });
  parser.on('text', handlers.text);
  parser.on('cdata', handlers.text);
  for await (const chunk of chunks) {
    parser.write(chunk);
    await slicer.turn();
  }
  parser.close();
}

/** An attribute by its local name ('r:id' and 'id' alike when `prefixed`). */
function attribute(attributes: Record<string, string>, name: string, prefixed = false): string | undefined {
  if (!prefixed) return attributes[name];
  for (const [key, value] of Object.entries(attributes)) if (key !== name && localName(key) === name) return value;
  return undefined;
}

/** A part path relative to `folder` ('xl'), as the zip names it. */
function resolvePart(folder: string, target: string): string {
  if (target.startsWith('/')) return target.replace(/^\/+/, '');
  const parts = folder === '' ? [] : folder.split('/');
  for (const piece of target.split('/')) {
    if (piece === '..') parts.pop();
    else if (piece !== '.' && piece !== '') parts.push(piece);
  }
  return parts.join('/');
}

type Relationship = { id: string; type: string; target: string };

async function readRelationships(text: AsyncIterable<string>, limits: WorkbookLimits, slicer: TimeSlices) {
  const relationships: Relationship[] = [];
  await readXml(
    text,
    {
      open: (name, attributes) => {
        if (name !== 'Relationship') return;
        relationships.push({
          id: attributes['Id'] ?? '',
          type: attributes['Type'] ?? '',
          target: attributes['Target'] ?? '',
        });
      },
      close: () => undefined,
      text: () => undefined,
    },
    limits,
    slicer,
  );
  return relationships;
}

/** Excel's _xHHHH_ escapes (a character XML cannot hold, such as a carriage return) decoded. */
function decodeEscapes(text: string): string {
  return text.includes('_x')
    ? text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    : text;
}

function cellTooLong(limits: WorkbookLimits, where: string): WorkbookLimitError {
  return limitError(
    `${where} tiene más de ${formatNumber(limits.cellChars)} caracteres, el máximo de una celda de Excel`,
  );
}

async function readSharedStrings(text: AsyncIterable<string>, limits: WorkbookLimits, slicer: TimeSlices) {
  const strings: string[] = [];
  let current = '';
  let inText = false;
  let phonetic = false;
  let characters = 0;
  await readXml(
    text,
    {
      open: (name) => {
        if (name === 'si') {
          if (strings.length >= limits.sharedStrings) {
            throw limitError(
              `El libro tiene más de ${formatNumber(limits.sharedStrings)} textos distintos; Cimiento lee como máximo ${formatNumber(limits.sharedStrings)}`,
            );
          }
          current = '';
        } else if (name === 't') inText = true;
        else if (name === 'rPh') phonetic = true;
      },
      close: (name) => {
        if (name === 'si') strings.push(decodeEscapes(current));
        else if (name === 't') inText = false;
        else if (name === 'rPh') phonetic = false;
      },
      text: (piece) => {
        if (!inText || phonetic) return;
        current += piece;
        characters += piece.length;
        if (current.length > limits.cellChars)
          throw cellTooLong(limits, `El texto ${formatNumber(strings.length + 1)} del libro`);
        if (characters > limits.sharedStringChars) {
          throw limitError(
            `Los textos del libro suman más de ${formatNumber(limits.sharedStringChars)} caracteres; Cimiento lee como máximo ${formatNumber(limits.sharedStringChars)}`,
          );
        }
      },
    },
    limits,
    slicer,
  );
  return strings;
}

/** Excel's built-in number formats that are not 'General' (exceljs's table, the ids that matter). */
const BUILT_IN_FORMATS: Readonly<Record<number, string>> = {
  1: '0',
  2: '0.00',
  3: '#,##0',
  4: '#,##0.00',
  9: '0%',
  10: '0.00%',
  11: '0.00E+00',
  12: '# ?/?',
  13: '# ??/??',
  14: 'mm-dd-yy',
  15: 'd-mmm-yy',
  16: 'd-mmm',
  17: 'mmm-yy',
  18: 'h:mm AM/PM',
  19: 'h:mm:ss AM/PM',
  20: 'h:mm',
  21: 'h:mm:ss',
  22: 'm/d/yy "h":mm',
  27: 'yyyy"年"m"月"',
  28: 'm"月"d"日"',
  29: 'm"月"d"日"',
  30: 'm-d-yy',
  31: 'yyyy"年"m"月"d"日"',
  32: 'h"时"mm"分"',
  33: 'h"时"mm"分"ss"秒"',
  36: 'yyyy"年"m"月"',
  37: '#,##0 ;(#,##0)',
  38: '#,##0 ;[Red](#,##0)',
  39: '#,##0.00 ;(#,##0.00)',
  40: '#,##0.00 ;[Red](#,##0.00)',
  45: 'mm:ss',
  46: '[h]:mm:ss',
  47: 'mmss.0',
  48: '##0.0E+0',
  49: '@',
  50: 'yyyy"年"m"月"',
  51: 'm"月"d"日"',
  52: 'yyyy"年"m"月"',
  53: 'm"月"d"日"',
  54: 'm"月"d"日"',
  55: 'yyyy"年"m"月"',
  56: 'm"月"d"日"',
  57: 'yyyy"年"m"月"',
  58: 'm"月"d"日"',
};

type CellFormat = { isDate: boolean; isPercent: boolean };
const PLAIN: CellFormat = { isDate: false, isPercent: false };

/** What a number format does to a number: a date (exceljs's rule: y m d h s b outside quotes and brackets) or a percentage. */
function cellFormatOf(code: string | undefined): CellFormat {
  if (code === undefined || code === '') return PLAIN;
  const bare = code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, '');
  return {
    isDate: /[ymdhMsb]+/.test(bare),
    isPercent: code
      .replace(/"[^"]*"/g, '')
      .replace(/\\./g, '')
      .includes('%'),
  };
}

async function readStyles(text: AsyncIterable<string>, limits: WorkbookLimits, slicer: TimeSlices) {
  const custom = new Map<number, string>();
  const numberFormatIds: number[] = [];
  let inCellXfs = false;
  await readXml(
    text,
    {
      open: (name, attributes) => {
        if (name === 'numFmt') {
          const id = Number(attributes['numFmtId']);
          const code = attributes['formatCode'];
          if (Number.isInteger(id) && code !== undefined && custom.size < limits.cellStyles) custom.set(id, code);
        } else if (name === 'cellXfs') inCellXfs = true;
        else if (name === 'xf' && inCellXfs) {
          if (numberFormatIds.length >= limits.cellStyles) {
            throw limitError(
              `El libro tiene más de ${formatNumber(limits.cellStyles)} formatos de celda; Cimiento lee como máximo ${formatNumber(limits.cellStyles)}`,
            );
          }
          numberFormatIds.push(Number(attributes['numFmtId'] ?? 0) || 0);
        }
      },
      close: (name) => {
        if (name === 'cellXfs') inCellXfs = false;
      },
      text: () => undefined,
    },
    limits,
    slicer,
  );
  const formats = new Map<number, CellFormat>();
  return (style: number): CellFormat => {
    let format = formats.get(style);
    if (format === undefined) {
      const id = numberFormatIds[style] ?? 0;
      format = cellFormatOf(custom.get(id) ?? BUILT_IN_FORMATS[id]);
      formats.set(style, format);
    }
    return format;
  };
}

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
