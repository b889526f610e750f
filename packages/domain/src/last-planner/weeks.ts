import { dayNumber, isoDay, weekday } from '../gantt/calendar';

/**
 * Issue 36, the Last Planner's weeks (docs/LAST-PLANNER.md "Weeks"): a week runs Monday to Sunday
 * (domain.md: "weeks start on Monday") and is named by its Monday, YYYY-MM-DD. Date-only values as
 * UTC day numbers (gantt/calendar.ts), so no time zone can move a day; which day 'today' is in
 * America/Santiago is the caller's (santiagoToday).
 */

/** The Monday of the week that holds `date` (YYYY-MM-DD); throws RangeError on a date that does not exist. */
export function weekOf(date: string): string {
  const day = dayNumber(date);
  // 0 = Sunday … 6 = Saturday: Sunday belongs to the week that began six days before
  const sinceMonday = (weekday(day) + 6) % 7;
  return isoDay(day - sinceMonday);
}

/** The Sunday that closes the week of `date`. */
export function weekEnd(date: string): string {
  return isoDay(dayNumber(weekOf(date)) + 6);
}

/** The day `days` days after `date` (before it when negative). */
export function addDays(date: string, days: number): string {
  return isoDay(dayNumber(date) + days);
}

/** Whether `date` is a real day and a Monday (a week's name). */
export function isMonday(date: string): boolean {
  try {
    return weekday(dayNumber(date)) === 1;
  } catch {
    return false;
  }
}

/**
 * Every week from the one that holds `from` to the one that holds `to`, both included, by their
 * Mondays; empty when `to` is before `from`'s week.
 */
export function weeksBetween(from: string, to: string): string[] {
  const first = dayNumber(weekOf(from));
  const last = dayNumber(weekOf(to));
  const weeks: string[] = [];
  for (let day = first; day <= last; day += 7) weeks.push(isoDay(day));
  return weeks;
}
