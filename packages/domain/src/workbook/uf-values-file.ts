import type { UfValue } from '../functions/cost-contracts';
import type { WorkbookRowError } from '../functions/exchange-contracts';
import { parseChileanDecimal, parseDecimal } from '../format/decimal';
import type { DecimalParseResult } from '../format/decimal';
import { formatNumber } from '../format/money';
import { cellDate, cellText, chileanDate, isBlankRow, rowError, titleKey } from './sheet-rows';
import type { SheetCell, SheetRow } from './sheet-rows';

/**
 * 'Valores UF' from a file (issue 16): the rows of a CSV or of a worksheet's first sheet, as the
 * Central Bank (BCCh) or the SII publish them, read into UF values by date. Cimiento has no
 * internet, so the user downloads one of these and imports it. Two layouts, told apart by their
 * titles:
 *   - the BCCh's series: a date column ('Periodo', 'Fecha') and a value column ('Valor', 'UF',
 *     'Unidad de fomento (UF)'), one row per day, or the same two columns with no title row;
 *   - the SII's yearly table: a title row 'Día', 'Ene' … 'Dic' (or the months' whole names), one
 *     row per day 1–31, the year from a cell above it ('UF 2025', 'Valores UF año 2025') or else
 *     from the file's name ('uf2025.csv'). A file may hold several years' tables, one under another.
 * Dates are dd-mm-aaaa, dd.mm.aaaa, dd/mm/aaaa, aaaa-mm-dd or date cells; values '39.485,65'
 * (Chilean), '39485.65' or '39,485.65' (a plain CSV) or number cells. Every problem is a row error
 * 'Fila N: …'; the caller refuses the whole file if there is any. Pure.
 */

/** A row as this reader takes it: a sheet row with its number, or bare cells (numbered from 1). */
export type UfFileRow = SheetRow | readonly SheetCell[];

export type UfFileLayout = 'series' | 'yearly';

export type UfFileResult = {
  /** by date, each date once */
  values: UfValue[];
  errors: WorkbookRowError[];
  /** the layout recognised; absent when none was */
  layout?: UfFileLayout;
};

/** How many rows above the data may hold titles and notes. */
const HEADER_SEARCH_ROWS = 30;

const MONTH_KEYS: Record<string, number> = {
  ene: 1,
  enero: 1,
  feb: 2,
  febrero: 2,
  mar: 3,
  marzo: 3,
  abr: 4,
  abril: 4,
  may: 5,
  mayo: 5,
  jun: 6,
  junio: 6,
  jul: 7,
  julio: 7,
  ago: 8,
  agosto: 8,
  sep: 9,
  sept: 9,
  set: 9,
  septiembre: 9,
  setiembre: 9,
  oct: 10,
  octubre: 10,
  nov: 11,
  noviembre: 11,
  dic: 12,
  diciembre: 12,
};

const MONTH_NAMES = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

const DAY_KEYS = new Set(['dia', 'dias', 'day']);
const DATE_KEYS = new Set(['periodo', 'fecha', 'dia', 'date', 'day', 'fechaperiodo']);
/** What stands for "no value" in a published series. */
const NO_VALUE = /^(nd|n\/d|n\.d\.?|s\/i|-+|—|–)$/i;

function numbered(rows: readonly UfFileRow[]): SheetRow[] {
  return rows.map((row, index) => (Array.isArray(row) ? { row: index + 1, cells: row } : (row as SheetRow)));
}

function isDateKey(key: string): boolean {
  return DATE_KEYS.has(key) || key.startsWith('fecha') || key.startsWith('periodo');
}

/** A value column's title: the UF's own name first (a BCCh export may hold other series beside it). */
function valueKeyRank(key: string): number {
  if (key === '') return 0;
  if (key.includes('unidaddefomento') || key === 'uf' || key.startsWith('uf') || key.endsWith('uf')) return 2;
  if (key.startsWith('valor') || key === 'value') return 1;
  return 0;
}

/** 'Día' + at least six months in one row: the SII's table. Its columns: the day's, and each month's. */
function yearlyHeader(row: SheetRow): { day: number; months: Map<number, number> } | undefined {
  const keys = row.cells.map((cell) => titleKey(cellText(cell)));
  const day = keys.findIndex((key) => DAY_KEYS.has(key));
  if (day < 0) return undefined;
  const months = new Map<number, number>();
  keys.forEach((key, index) => {
    const month = MONTH_KEYS[key];
    if (month !== undefined && !months.has(month)) months.set(month, index);
  });
  return months.size >= 6 ? { day, months } : undefined;
}

/** The series' titles: a date column and a value column. */
function seriesHeader(row: SheetRow): { date: number; value: number } | undefined {
  const keys = row.cells.map((cell) => titleKey(cellText(cell)));
  const date = keys.findIndex(isDateKey);
  if (date < 0) return undefined;
  let value = -1;
  let rank = 0;
  keys.forEach((key, index) => {
    const keyRank = index === date ? 0 : valueKeyRank(key);
    if (keyRank > rank) {
      rank = keyRank;
      value = index;
    }
  });
  if (value < 0 && DATE_KEYS.has(keys[date] as string)) {
    // a value column titled with the series' code ('F073.UFF.PRE.Z.D'): the row's only other title
    const others = keys.flatMap((key, index) => (index !== date && key !== '' ? [index] : []));
    if (others.length === 1) value = others[0] as number;
  }
  return value < 0 ? undefined : { date, value };
}

/** A year named in a title cell: 'UF 2025', 'Valores UF año 2025', 'Año 2025'. */
function yearInTitle(cell: SheetCell | undefined): number | undefined {
  const text = cellText(cell);
  const key = titleKey(text);
  if (!(key.includes('uf') || key.includes('ano') || key.includes('unidaddefomento'))) return undefined;
  const match = /(?:^|\D)((?:19|20)\d{2})(?:\D|$)/.exec(text);
  return match ? Number(match[1]) : undefined;
}

/** A year in the file's name ('uf2025.csv', 'UF_2025.xlsx'). */
export function yearInFileName(fileName: string | undefined): number | undefined {
  const match = /(?:^|\D)((?:19|20)\d{2})(?:\D|$)/.exec(fileName ?? '');
  return match ? Number(match[1]) : undefined;
}

/** A value cell read as a canonical decimal; undefined for an empty cell or a published 'ND'. */
function readValue(cell: SheetCell | undefined): DecimalParseResult | undefined {
  // a number cell to Excel's own 15 significant digits: a computed 39485.649999999994 is 39485.65
  if (typeof cell === 'number') return parseDecimal(Number.isFinite(cell) ? Number(cell.toPrecision(15)) : cell);
  const text = cellText(cell);
  if (text === '' || NO_VALUE.test(text)) return undefined;
  if (/^-\s*\d/.test(text)) return { ok: false, error: 'no puede ser negativo' };
  // '39,485.65': the English form a plain CSV may carry, commas grouping thousands
  if (/^\d{1,3}(,\d{3})+\.\d+$/.test(text)) return parseChileanDecimal(text.replace(/,/g, '').replace('.', ','));
  return parseChileanDecimal(text);
}

/** The checked value of a cell, or the error's words. */
function checkedValue(cell: SheetCell | undefined): { value: string } | { error: string } | undefined {
  const read = readValue(cell);
  if (read === undefined) return undefined;
  const shown = cellText(cell);
  if (!read.ok) {
    if (read.error.startsWith('admite') || read.error.startsWith('debe tener')) {
      return { error: `el valor ${shown} ${read.error}` };
    }
    if (read.error === 'no puede ser negativo') return { error: `el valor ${shown} debe ser mayor que 0` };
    return { error: `el valor «${shown}» no es un número: escríbelo como 39.485,65` };
  }
  if (/^0(\.0*)?$/.test(read.value)) return { error: 'el valor debe ser mayor que 0' };
  return { value: read.value };
}

/** A UF value as a reader writes it: '39.485,65', with its third and fourth decimals when it has them. */
export function shownUfValue(value: string): string {
  const decimals = (value.split('.')[1] ?? '').length;
  return formatNumber(value, Math.max(2, decimals));
}

/** Collects the values, refusing the same date twice with different values. */
class Collector {
  readonly errors: WorkbookRowError[] = [];
  private readonly byDate = new Map<string, { value: string; row: number }>();

  add(row: number, field: string, date: string, value: string): void {
    const seen = this.byDate.get(date);
    if (seen === undefined) {
      this.byDate.set(date, { value, row });
      return;
    }
    if (seen.value !== value) {
      this.errors.push(
        rowError(
          row,
          field,
          `la fecha ${chileanDate(date)} ya aparece en la fila ${seen.row} con otro valor (${shownUfValue(seen.value)} y ${shownUfValue(value)})`,
        ),
      );
    }
  }

  error(row: number, field: string, what: string): void {
    this.errors.push(rowError(row, field, what));
  }

  values(): UfValue[] {
    return [...this.byDate.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([date, { value }]) => ({ date, value }));
  }
}

function readYearly(rows: SheetRow[], fileName: string | undefined): UfFileResult {
  const collect = new Collector();
  let table: { day: number; months: Map<number, number>; titles: SheetCell[]; year?: number; row: number } | undefined;
  let titleYear: number | undefined;
  let tables = 0;
  for (const row of rows) {
    const header = yearlyHeader(row);
    if (header) {
      const year = titleYear ?? row.cells.map(yearInTitle).find((found) => found !== undefined);
      const named = year ?? (tables === 0 ? yearInFileName(fileName) : undefined);
      tables += 1;
      titleYear = undefined;
      table = { ...header, titles: [...row.cells], row: row.row, ...(named === undefined ? {} : { year: named }) };
      if (named === undefined) {
        collect.error(
          row.row,
          cellText(row.cells[header.day]),
          'no se encontró el año de la tabla: escríbelo sobre ella («UF 2025») o en el nombre del archivo (uf2025.csv)',
        );
      }
      continue;
    }
    if (isBlankRow(row)) continue;
    const year = row.cells.map(yearInTitle).find((found) => found !== undefined);
    const dayText = table === undefined ? '' : cellText(row.cells[table.day]);
    if (year !== undefined && !/^\d+$/.test(dayText)) {
      // a title over the next table
      titleYear = year;
      continue;
    }
    if (table === undefined) continue;
    const cellsWithValues = [...table.months.values()].filter((index) => cellText(row.cells[index]) !== '');
    if (cellsWithValues.length === 0) continue;
    const day = /^\d{1,2}$/.test(dayText) ? Number(dayText) : Number.NaN;
    const dayField = cellText(table.titles[table.day]);
    if (!(day >= 1 && day <= 31)) {
      collect.error(row.row, dayField, `el día «${dayText}» no es válido: debe ser un número de 1 a 31`);
      continue;
    }
    if (table.year === undefined) continue;
    for (const [month, index] of table.months) {
      const field = cellText(table.titles[index]);
      const checked = checkedValue(row.cells[index]);
      if (checked === undefined) continue;
      if ('error' in checked) {
        collect.error(row.row, field, `${checked.error} (${field})`);
        continue;
      }
      const date = cellDate(`${day}-${month}-${table.year}`);
      if (typeof date !== 'string') {
        collect.error(
          row.row,
          field,
          `el ${day} de ${MONTH_NAMES[month - 1]} de ${table.year} no existe, pero tiene un valor`,
        );
        continue;
      }
      collect.add(row.row, field, date, checked.value);
    }
  }
  return { values: collect.values(), errors: collect.errors, layout: 'yearly' };
}

/** '01-03-2025 00:00' as '01-03-2025': a date exported with its (midnight) time. */
function withoutTime(cell: SheetCell | undefined): SheetCell | undefined {
  if (typeof cell !== 'string') return cell;
  const match = /^(\d{1,2}[-/.]\d{1,2}[-/.]\d{4})\s+\d{1,2}:\d{2}(?::\d{2})?$/.exec(cell.trim());
  return match ? (match[1] as string) : cell;
}

function readSeries(rows: SheetRow[], start: number, columns: { date: number; value: number }): UfFileResult {
  const collect = new Collector();
  const header = start > 0 ? rows[start - 1] : undefined;
  const dateField = header ? cellText(header.cells[columns.date]) || 'Fecha' : 'Fecha';
  const valueField = header ? cellText(header.cells[columns.value]) || 'Valor' : 'Valor';
  for (const row of rows.slice(start)) {
    if (isBlankRow(row)) continue;
    const dateCell = row.cells[columns.date];
    const valueCell = row.cells[columns.value];
    const date = cellDate(withoutTime(dateCell));
    const checked = checkedValue(valueCell);
    if (checked === undefined) {
      // a day with no value published, or a note under the table ('Fuente: Banco Central de Chile')
      continue;
    }
    if (typeof date !== 'string') {
      const shown = cellText(dateCell);
      collect.error(
        row.row,
        dateField,
        shown === ''
          ? 'falta la fecha'
          : `la fecha «${shown}» no es válida: escríbela como dd-mm-aaaa (por ejemplo 01-03-2025)`,
      );
      continue;
    }
    if ('error' in checked) {
      collect.error(row.row, valueField, checked.error);
      continue;
    }
    collect.add(row.row, valueField, date, checked.value);
  }
  return { values: collect.values(), errors: collect.errors, layout: 'series' };
}

/**
 * The UF values of a file's rows (ufValuesFromRows): the SII's yearly table if a row holds 'Día'
 * and the months, else the BCCh's series under a 'Fecha'/'Periodo' + 'Valor'/'UF' title row, else
 * a series with no titles (dates in the first column, values in the second). `fileName` gives the
 * SII table's year when no cell names it.
 */
export function ufValuesFromRows(input: readonly UfFileRow[], options: { fileName?: string } = {}): UfFileResult {
  const rows = numbered(input).filter((row) => row.cells.length > 0);
  const search = rows.slice(0, HEADER_SEARCH_ROWS);
  const yearlyAt = search.findIndex((row) => yearlyHeader(row) !== undefined);
  let result: UfFileResult | undefined;
  if (yearlyAt >= 0) result = readYearly(rows, options.fileName);
  if (result === undefined) {
    const seriesAt = search.findIndex((row) => seriesHeader(row) !== undefined);
    const titled = seriesAt >= 0 ? search[seriesAt] : undefined;
    if (titled) {
      result = readSeries(rows, seriesAt + 1, seriesHeader(titled) as { date: number; value: number });
    } else {
      // no titles: the first row whose first cell is a date starts the data
      const firstData = search.findIndex((row) => typeof cellDate(row.cells[0]) === 'string');
      if (firstData >= 0) result = readSeries(rows, firstData, { date: 0, value: 1 });
    }
  }
  if (result === undefined) {
    return {
      values: [],
      errors: [
        rowError(
          rows[0]?.row ?? 1,
          '',
          'no se reconoce el archivo: debe tener una columna de fechas y otra de valores (Banco Central) o la tabla del SII (Día y los meses)',
        ),
      ],
    };
  }
  if (result.errors.length === 0 && result.values.length === 0) {
    return {
      ...result,
      errors: [rowError(rows[0]?.row ?? 1, '', 'el archivo no tiene valores UF')],
    };
  }
  return result;
}
