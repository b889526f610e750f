import type { WorkingCalendar } from '../gantt/calendar';
import { dayNumber } from '../gantt/calendar';
import { divideDecimals, multiplyDecimals } from '../format/money-math';

/**
 * Planned value (issue 16, groundwork for the S-curve): a task's amount spread linearly over its
 * working days, a milestone's whole on its date. `plannedShare` is the fraction of a task planned
 * by the end of `date` (its working days from `start` through `date`, over all of them), exact as
 * a decimal string; `plannedValue` is that share of `amount` (round it as its currency needs).
 * Dates are YYYY-MM-DD; a date off work counts the working days before it. Pure.
 */

/** The task's working days from `start` done by the end of `date` (negative before it starts). */
function workedThrough(calendar: WorkingCalendar, start: string, date: string): number {
  const day = dayNumber(date);
  const index = calendar.indexOf(day);
  // indexOf is the first working day on or after `date`: count it only when it is `date` itself
  const through = calendar.dayAt(index) === day ? index + 1 : index;
  return through - calendar.indexOf(dayNumber(start));
}

export function plannedShare(
  calendar: WorkingCalendar,
  task: { start: string; duration: number },
  date: string,
): string {
  if (task.duration <= 0) return date >= task.start ? '1' : '0';
  const worked = workedThrough(calendar, task.start, date);
  if (worked <= 0) return '0';
  if (worked >= task.duration) return '1';
  return divideDecimals(String(worked), String(task.duration));
}

export function plannedValue(
  calendar: WorkingCalendar,
  task: { start: string; duration: number; amount: string },
  date: string,
): string {
  return multiplyDecimals(task.amount, plannedShare(calendar, task, date));
}
