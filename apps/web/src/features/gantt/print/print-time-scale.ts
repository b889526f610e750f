import { isoDay, weekday } from '@cimiento/domain';
import type { GanttPrintLabels, TimeScale, TimeUnit } from './print-model';
import { printableText } from './print-text-metrics';

/**
 * The printed time scale: the finest of day / week / month / quarter whose cells stay readable
 * with the project's span stretched to the timeline (`MIN_CELL`), past quarters several pages
 * across; the units' starts, and the labels a scale cell may show.
 */

export type AnyUnit = TimeUnit | 'year';

/** The narrowest readable cell of each scale, mm (its labels fit: '30', '30-12', 'sept', 'T4'). */
export const MIN_CELL: Record<TimeUnit, number> = { day: 4, week: 9, month: 8, quarter: 10 };
/** Room left of the first day and right of the last, mm (a connector's stub and arrowhead fit in it). */
export const TIMELINE_PAD = 3;
/** A short project is not stretched past this, mm per day. */
export const MAX_MM_PER_DAY = 8;
/** the shortest cell of each unit, days */
const UNIT_DAYS: Record<TimeUnit, number> = { day: 1, week: 7, month: 28, quarter: 90 };
const SCALE_ORDER: TimeUnit[] = ['day', 'week', 'month', 'quarter'];
export const UPPER_UNIT: Record<TimeUnit, AnyUnit> = { day: 'month', week: 'month', month: 'quarter', quarter: 'year' };

function monthParts(day: number): { year: number; month: number } {
  const iso = isoDay(day);
  return { year: Number(iso.slice(0, 4)), month: Number(iso.slice(5, 7)) };
}

function monthDay(year: number, month: number): number {
  const normalised = new Date(Date.UTC(year, month - 1, 1));
  return Math.round(normalised.getTime() / 86_400_000);
}

export function unitStart(day: number, unit: AnyUnit): number {
  switch (unit) {
    case 'day':
      return day;
    case 'week':
      // weeks start on Monday (the spec's timeline)
      return day - ((weekday(day) + 6) % 7);
    case 'month': {
      const { year, month } = monthParts(day);
      return monthDay(year, month);
    }
    case 'quarter': {
      const { year, month } = monthParts(day);
      return monthDay(year, Math.floor((month - 1) / 3) * 3 + 1);
    }
    case 'year':
      return monthDay(monthParts(day).year, 1);
  }
}

export function nextUnit(start: number, unit: AnyUnit): number {
  if (unit === 'day') return start + 1;
  if (unit === 'week') return start + 7;
  const { year, month } = monthParts(start);
  const months = unit === 'month' ? 1 : unit === 'quarter' ? 3 : 12;
  return monthDay(year, month + months);
}

/**
 * The scale for the days `first`…`last` (inclusive) on a timeline `width` mm wide: the finest
 * unit whose cells stay readable when the span (whole units) fills the width; past quarters,
 * quarters at their narrowest over several pages across.
 */
export function chooseTimeScale(first: number, last: number, width: number): TimeScale {
  for (const unit of SCALE_ORDER) {
    const axisStart = unitStart(first, unit);
    const axisEnd = nextUnit(unitStart(last, unit), unit);
    const mmPerDay = Math.min((width - 2 * TIMELINE_PAD) / (axisEnd - axisStart), MAX_MM_PER_DAY);
    if (mmPerDay * UNIT_DAYS[unit] >= MIN_CELL[unit]) {
      return { unit, axisStart, axisEnd, mmPerDay, pagesAcross: 1 };
    }
  }
  const axisStart = unitStart(first, 'quarter');
  const axisEnd = nextUnit(unitStart(last, 'quarter'), 'quarter');
  const mmPerDay = MIN_CELL.quarter / UNIT_DAYS.quarter;
  const pagesAcross = Math.ceil(((axisEnd - axisStart) * mmPerDay + 2 * TIMELINE_PAD) / width - 1e-9);
  return { unit: 'quarter', axisStart, axisEnd, mmPerDay, pagesAcross };
}

export function monthNames(locale: string) {
  const long = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
  const short = new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' });
  const names = { long: [] as string[], short: [] as string[] };
  for (let month = 0; month < 12; month += 1) {
    const date = new Date(Date.UTC(2020, month, 1));
    names.long.push(printableText(long.format(date)));
    names.short.push(printableText(short.format(date).replace(/\.$/, '')));
  }
  return names;
}

/**
 * The labels a scale cell may show, longest first (the first that fits is printed); the lower row
 * leaves out the year the upper row already shows.
 */
export function cellLabels(
  unit: AnyUnit,
  start: number,
  months: { long: string[]; short: string[] },
  labels: GanttPrintLabels,
  isUpper: boolean,
): string[] {
  const iso = isoDay(start);
  const year = iso.slice(0, 4);
  const month = Number(iso.slice(5, 7));
  switch (unit) {
    case 'day':
      return [String(Number(iso.slice(8, 10)))];
    case 'week':
      return [`${iso.slice(8, 10)}-${iso.slice(5, 7)}`, iso.slice(8, 10)];
    case 'month': {
      const long = months.long[month - 1] ?? '';
      const short = months.short[month - 1] ?? '';
      return isUpper ? [`${long} ${year}`, `${short} ${year}`, short] : [short];
    }
    case 'quarter': {
      const quarter = labels.quarter(Math.floor((month - 1) / 3) + 1);
      return isUpper ? [`${quarter} ${year}`, quarter] : [quarter];
    }
    case 'year':
      return [year];
  }
}
