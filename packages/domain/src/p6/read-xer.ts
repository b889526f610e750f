import type { XerCalendar } from './xer-calendar';

/**
 * Primavera P6 XER (issue 34): the file's bytes as tables. An XER file is tab-separated text: an
 * `ERMHDR` line (version, export date, …, base currency), then per table a `%T` line (its name),
 * one `%F` line (its fields) and `%R` lines (its rows), and `%E` at the end. P6 writes it in the
 * exporting PC's code page and says nothing about it. The traps, from `../shared/data/p6/README.md`
 * (13 files P6 5.0 to 23.12 wrote): CP1252 or CP1251 text (strict UTF-8 first, then a code page),
 * UTF-8 byte-order marks at the start of memo fields inside CP1252 text, 0x7F 0x7F pairs standing
 * for a line break inside a field, rows shorter than their field list, CRLF or LF, several projects
 * in one file. What the tables mean (projects, WBS, activities, links, calendars) is mapped
 * elsewhere; this only reads them, and refuses a file that is not XER in Spanish, naming the line.
 */

/** The code pages an XER file is read in: UTF-8 when it decodes strictly, else the PC's ANSI page. */
export type XerEncoding = 'utf-8' | 'windows-1252' | 'windows-1251';

export type XerHeader = {
  /** P6's version ('8.4', '20.12', '23.12') */
  version: string;
  /** the export date as written ('2025-04-24') */
  exportDate: string;
  /** the database's base currency ('USD', 'GBP'); '' when absent */
  currency: string;
};

export type XerTable = {
  name: string;
  fields: string[];
  /** each row by field name; a row shorter than the fields has '' for the missing ones */
  rows: Record<string, string>[];
};

export type XerFile = {
  header: XerHeader;
  encoding: XerEncoding;
  /** by table name (PROJECT, PROJWBS, TASK, TASKPRED, CALENDAR…), in the file's order */
  tables: Map<string, XerTable>;
  /** P6 XML (read-p6xml.ts): its calendars already read, by clndr_id (XER's are in CALENDAR.clndr_data) */
  calendars?: Map<string, XerCalendar>;
  /**
   * P6 XML: its baseline projects (BaselineProject), each a copy of a project's activities as they
   * were when it was kept: the project it belongs to, its name, and its activities as TASK rows
   */
  baselineProjects?: { originalProjectId: string; id: string; name: string; activities: Record<string, string>[] }[];
};

export type ReadXerResult = { ok: true; xer: XerFile } | { ok: false; error: string };

export const NOT_XER = 'El archivo no es un XER de Primavera P6: su primera línea debe comenzar con ERMHDR';

const UTF8_BOM = '\uFEFF';
/** a UTF-8 byte-order mark read as CP1252 (or CP1251) text */
const BOM_AS_1252 = '\u00EF\u00BB\u00BF';
const BOM_AS_1251 = '\u043F\u00BB\u0457';

/**
 * Whether CP1251 reads these bytes as Cyrillic words: most letters above 0xBF sit beside another
 * (words of Cyrillic letters), where in Western CP1252 text they are single accents among ASCII.
 */
function readsAsCyrillic(bytes: Uint8Array): boolean {
  let high = 0;
  let paired = 0;
  for (let index = 0; index < bytes.length; index += 1) {
    const byte = bytes[index] as number;
    if (byte < 0xc0) continue;
    high += 1;
    const before = index > 0 ? (bytes[index - 1] as number) : 0;
    const after = index + 1 < bytes.length ? (bytes[index + 1] as number) : 0;
    if (before >= 0xc0 || after >= 0xc0) paired += 1;
  }
  return high >= 4 && paired / high >= 0.6;
}

/**
 * Windows-1252's 0x80–0x9F (WHATWG's table): '€', '‚', 'ƒ' … where Latin-1 has control codes.
 * Node's TextDecoder('windows-1252') decodes as Latin-1 (0x92 → U+0092, not '’'), so the page is
 * mapped here; the rest of the page is Latin-1.
 */
const CP1252_HIGH = [
  0x20ac, 0x0081, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008d,
  0x017d, 0x008f, 0x0090, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a,
  0x0153, 0x009d, 0x017e, 0x0178,
];

/** Bytes in Windows-1252, whatever the runtime's TextDecoder does with the page. */
export function decodeWindows1252(bytes: Uint8Array): string {
  const units = new Uint16Array(bytes.length);
  for (let index = 0; index < bytes.length; index += 1) {
    const byte = bytes[index] as number;
    units[index] = byte >= 0x80 && byte < 0xa0 ? (CP1252_HIGH[byte - 0x80] as number) : byte;
  }
  return new TextDecoder('utf-16le').decode(units);
}

/**
 * The file's text: strict UTF-8 when its bytes are UTF-8, else `codePage` when given, else
 * Windows-1251 when the text reads as Cyrillic words, else Windows-1252.
 */
export function decodeXer(
  bytes: Uint8Array,
  codePage?: 'windows-1252' | 'windows-1251',
): {
  text: string;
  encoding: XerEncoding;
} {
  if (codePage === undefined) {
    try {
      return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes), encoding: 'utf-8' };
    } catch {
      // not UTF-8: the PC's code page
    }
  }
  const encoding = codePage ?? (readsAsCyrillic(bytes) ? 'windows-1251' : 'windows-1252');
  const text = encoding === 'windows-1252' ? decodeWindows1252(bytes) : new TextDecoder(encoding).decode(bytes);
  return { text, encoding };
}

/** A field as P6 meant it: a leading byte-order mark dropped, each 0x7F 0x7F pair a line break. */
function cleanField(value: string): string {
  let text = value;
  if (text.startsWith(UTF8_BOM)) text = text.slice(1);
  else if (text.startsWith(BOM_AS_1252) || text.startsWith(BOM_AS_1251)) text = text.slice(3);
  return text.includes('\u007F') ? text.replaceAll('\u007F\u007F', '\n').replaceAll('\u007F', '\n') : text;
}

/** Reads an XER file's text (decodeXer's) as its header and tables. */
export function parseXer(text: string, encoding: XerEncoding = 'utf-8'): ReadXerResult {
  const lines = text.split(/\r?\n/);
  const first = (lines[0] ?? '').replace(/^\uFEFF/, '');
  if (!first.startsWith('ERMHDR')) return { ok: false, error: NOT_XER };
  const head = first.split('\t');
  const header: XerHeader = { version: head[1] ?? '', exportDate: head[2] ?? '', currency: head[8] ?? '' };
  const tables = new Map<string, XerTable>();
  let table: XerTable | null = null;
  let hasEnd = false;
  for (let index = 1; index < lines.length; index += 1) {
    const line = lines[index] as string;
    if (line === '') continue;
    const at = `línea ${index + 1}`;
    if (hasEnd) return { ok: false, error: `El XER tiene contenido después de %E (${at})` };
    const tag = line.slice(0, 2);
    const rest = line.length > 2 ? line.slice(3) : '';
    if (tag === '%T') {
      const name = rest.trim();
      if (name === '') return { ok: false, error: `Falta el nombre de la tabla en %T (${at})` };
      if (tables.has(name)) return { ok: false, error: `La tabla ${name} aparece dos veces (${at})` };
      table = { name, fields: [], rows: [] };
      tables.set(name, table);
    } else if (tag === '%F') {
      if (!table) return { ok: false, error: `Hay una lista de campos %F antes de una tabla %T (${at})` };
      if (table.fields.length > 0)
        return { ok: false, error: `La tabla ${table.name} tiene dos listas de campos %F (${at})` };
      table.fields = rest.split('\t').map((field) => field.trim());
    } else if (tag === '%R') {
      if (!table || table.fields.length === 0) {
        return { ok: false, error: `Hay una fila %R antes de la lista de campos %F de su tabla (${at})` };
      }
      const values = rest.split('\t');
      if (values.length > table.fields.length) {
        return {
          ok: false,
          error: `Una fila de ${table.name} tiene ${values.length} valores y la tabla ${table.fields.length} campos (${at})`,
        };
      }
      const row: Record<string, string> = {};
      table.fields.forEach((field, position) => {
        row[field] = cleanField(values[position] ?? '');
      });
      table.rows.push(row);
    } else if (tag === '%E') {
      hasEnd = true;
    } else {
      return { ok: false, error: `Línea que no es %T, %F, %R ni %E (${at})` };
    }
  }
  return { ok: true, xer: { header, encoding, tables } };
}

/** decodeXer then parseXer: an XER file's bytes as its tables. */
export function readXer(bytes: Uint8Array, codePage?: 'windows-1252' | 'windows-1251'): ReadXerResult {
  const { text, encoding } = decodeXer(bytes, codePage);
  return parseXer(text, encoding);
}
