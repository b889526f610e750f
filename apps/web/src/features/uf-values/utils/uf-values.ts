import { formatDate, parseChileanDecimal, shownUfValue } from '@cimiento/domain';

/**
 * The 'Valores UF' screen's rules (issue 16), apart from the components so they are tested alone:
 * reading a value as a Chilean types it, the years the filter offers, how a value is shown.
 */

/** The year it is now in Santiago. */
export function currentYear(now: Date = new Date()): number {
  return Number(formatDate(now).slice(6, 10));
}

/** The years the filter offers: every year from the table's first to its last value, and the current one; newest first. */
export function yearOptions(first: string | undefined, last: string | undefined, current: number): number[] {
  const years = new Set<number>([current]);
  if (first !== undefined && last !== undefined) {
    const from = Number(first.slice(0, 4));
    const to = Number(last.slice(0, 4));
    for (let year = from; year <= to && to - from < 400; year += 1) years.add(year);
  }
  return [...years].sort((a, b) => b - a);
}

/** A UF value as the table shows it, in pesos: '$39.485,65' (its third and fourth decimals when it has them). */
export function formatUfClp(value: string): string {
  return `$${shownUfValue(value)}`;
}

export type UfValueRead = { ok: true; value: string } | { ok: false; error: string };

/**
 * A value as typed ('39.485,65', '$ 39.485,65', '39485,65'): a canonical decimal greater than 0
 * with at most 4 decimals; otherwise the field's Spanish error.
 */
export function readUfValueInput(text: string): UfValueRead {
  const parsed = parseChileanDecimal(text);
  if (!parsed.ok) {
    if (parsed.error.startsWith('debe ser un monto')) return { ok: false, error: 'escríbelo como 39.485,65' };
    return parsed;
  }
  if (/^0(\.0*)?$/.test(parsed.value)) return { ok: false, error: 'debe ser mayor que 0' };
  return parsed;
}

/** A canonical value as the field starts with it when edited: '39485,65', without thousands dots. */
export function editableUfValue(value: string): string {
  return value.replace('.', ',');
}
