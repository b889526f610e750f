/**
 * Typed column filters (issue 19: the task table and the EDP grid). A filter is typed as text; the
 * grid filters only with a valid one and shows 'Filtro no válido' for any other, which filters
 * nothing. Numbers and dates take an optional comparison first: '5', '>5', '<= 2,5', '>=01-03-2026'.
 */

export const filterOperators = ['>=', '<=', '>', '<', '='] as const;
export type FilterOperator = (typeof filterOperators)[number];

export type ComparisonFilter<T> = { operator: FilterOperator; value: T };

/** The outcome of reading a typed filter: nothing typed, a valid filter, or an invalid text. */
export type ParsedFilter<T> = { status: 'empty' } | { status: 'valid'; filter: T } | { status: 'invalid' };

const NUMBER = /^-?\d+(?:[.,]\d+)?$/;
const TYPED_DATE = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function splitOperator(text: string): { operator: FilterOperator; rest: string } {
  const trimmed = text.trim();
  const operator = filterOperators.find((candidate) => trimmed.startsWith(candidate));
  return operator ? { operator, rest: trimmed.slice(operator.length).trim() } : { operator: '=', rest: trimmed };
}

/** A real calendar day as YYYY-MM-DD (31-02-2026 is none). */
function realIsoDate(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** 'dd-mm-aaaa' (also with / or .) or 'aaaa-mm-dd' → YYYY-MM-DD, or null when it is not a real day. */
export function isoOfFilterDate(text: string): string | null {
  const typed = TYPED_DATE.exec(text);
  if (typed) return realIsoDate(Number(typed[3]), Number(typed[2]), Number(typed[1]));
  const iso = ISO_DATE.exec(text);
  if (iso) return realIsoDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  return null;
}

/** A number filter: '5', '>5', '<= 2,5' (a decimal comma or point). */
export function parseNumberFilter(text: string): ParsedFilter<ComparisonFilter<number>> {
  if (text.trim() === '') return { status: 'empty' };
  const { operator, rest } = splitOperator(text);
  if (!NUMBER.test(rest)) return { status: 'invalid' };
  return { status: 'valid', filter: { operator, value: Number(rest.replace(',', '.')) } };
}

/** A date filter: '01-03-2026', '>=01-03-2026', '<2026-03-01'. */
export function parseDateFilter(text: string): ParsedFilter<ComparisonFilter<string>> {
  if (text.trim() === '') return { status: 'empty' };
  const { operator, rest } = splitOperator(text);
  const iso = isoOfFilterDate(rest);
  return iso === null ? { status: 'invalid' } : { status: 'valid', filter: { operator, value: iso } };
}

/** A text filter: the cell contains it, ignoring case and accents (any text is valid). */
export function parseTextFilter(text: string): ParsedFilter<string> {
  const trimmed = text.trim();
  return trimmed === '' ? { status: 'empty' } : { status: 'valid', filter: foldText(trimmed) };
}

export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('es');
}

/** Whether a value passes a comparison (numbers, or YYYY-MM-DD dates compared as text). */
export function compareWith<T extends number | string>(
  value: T,
  { operator, value: bound }: ComparisonFilter<T>,
): boolean {
  switch (operator) {
    case '>':
      return value > bound;
    case '>=':
      return value >= bound;
    case '<':
      return value < bound;
    case '<=':
      return value <= bound;
    default:
      return value === bound;
  }
}

export type ColumnFilterKind = 'text' | 'number' | 'date';

/** Reads a typed filter of the column's kind. */
export function parseColumnFilter(
  kind: ColumnFilterKind,
  text: string,
): ParsedFilter<ComparisonFilter<number> | ComparisonFilter<string> | string> {
  if (kind === 'number') return parseNumberFilter(text);
  if (kind === 'date') return parseDateFilter(text);
  return parseTextFilter(text);
}

/**
 * Whether a cell's value passes the column's typed filter: an empty or invalid filter lets every
 * row through (an invalid one is shown as such, it does not filter).
 */
export function matchesColumnFilter(kind: ColumnFilterKind, text: string, value: unknown): boolean {
  const parsed = parseColumnFilter(kind, text);
  if (parsed.status !== 'valid') return true;
  if (kind === 'text') return foldText(String(value ?? '')).includes(parsed.filter as string);
  if (kind === 'number')
    return typeof value === 'number' && compareWith(value, parsed.filter as ComparisonFilter<number>);
  return typeof value === 'string' && value !== '' && compareWith(value, parsed.filter as ComparisonFilter<string>);
}
