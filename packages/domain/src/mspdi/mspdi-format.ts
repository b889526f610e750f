import type { LinkType } from '../gantt/schedule-types';
import { dayNumber, isoDay, weekday } from '../gantt/calendar';
import { MAX_TASK_DURATION } from '../functions/gantt-contracts';
import { remainingWorkDays } from '../gantt/tracking';

/**
 * Facts of the MSPDI format shared by the parser and the writer (issue 14). Values from the
 * Project 2007 XML Data Interchange Schema (mspdi_pj12.xsd) and the four sample files.
 */

export const MSPDI_NAMESPACE = 'http://schemas.microsoft.com/project';

/**
 * issue 34: a file's remaining duration (MS Project's RemainingDuration, P6's remaining duration) of
 * a task under way, in working days (`days`, a fraction): whole days, up (work left in a day takes
 * that day; a hair over a whole number from minutes is that number), at most MAX_TASK_DURATION. Kept
 * only when it differs from what the progress leaves (remainingWorkDays), so a task whose file says
 * the same keeps 'Duración restante' empty and follows its progress when it is edited.
 */
export function fileRemaining(days: number | undefined, duration: number, progress: number): number | undefined {
  if (days === undefined || !Number.isFinite(days) || days < 0) return undefined;
  const whole = Math.min(MAX_TASK_DURATION, Math.max(0, Math.ceil(days - 1e-6)));
  return whole === remainingWorkDays(duration, progress) ? undefined : whole;
}

/**
 * issue 34: the last working day of a baseline's Finish, from `start` (YYYY-MM-DD) and the Finish as
 * written ('YYYY-MM-DDTHH:MM…' or P6's 'YYYY-MM-DD HH:MM'): a Finish at the start of a day (08:00 or
 * earlier) after the start day is the end of the working day before, on the calendar's weekdays and
 * exceptions, as MS Project and P6 write a task ending at the end of a day. Undefined when the
 * Finish has no date.
 */
export function baselineFinishDay(
  finishText: string,
  start: string,
  calendar: { workingWeekdays: readonly number[]; exceptions: readonly { date: string; working: boolean }[] },
): string | undefined {
  const finish = datePart(finishText);
  const time = finishText.trim().slice(11, 16);
  if (finish === undefined || finish <= start || time === '' || time > '08:00') return finish;
  const isWorking = (day: number) => {
    const exception = calendar.exceptions.find((candidate) => candidate.date === isoDay(day));
    return exception === undefined ? calendar.workingWeekdays.includes(weekday(day)) : exception.working;
  };
  let day = dayNumber(finish) - 1;
  for (let guard = 0; guard < 366 && !isWorking(day) && day > dayNumber(start); guard += 1) day -= 1;
  return isoDay(day);
}

/** PredecessorLink/Type: 0 = FF, 1 = FS, 2 = SF, 3 = SS. */
export const LINK_TYPE_OF_MSPDI: Readonly<Record<number, LinkType>> = { 0: 'FF', 1: 'FS', 2: 'SF', 3: 'SS' };
export const MSPDI_OF_LINK_TYPE: Readonly<Record<LinkType, number>> = { FF: 0, FS: 1, SF: 2, SS: 3 };

/**
 * Duration and lag formats measured in elapsed (calendar) time: em, eh, ed, ew, emo and their
 * estimated ('?') variants. Their PT…H values are clock time, not working time.
 */
export const ELAPSED_FORMATS: ReadonlySet<number> = new Set([4, 6, 8, 10, 12, 36, 38, 40, 42, 44]);
/** Percent lag formats: % and e% (and their estimated variants); LinkLag then holds the percent. */
export const PERCENT_FORMATS: ReadonlySet<number> = new Set([19, 20, 51, 52]);
/**
 * issue 34: every LagFormat MSPDI defines (m, em, h, eh, d, ed, w, ew, mo, emo, %, e%, their
 * estimated variants, and 53 'null'); a link with another one is left out, named.
 */
export const LAG_FORMATS: ReadonlySet<number> = new Set([
  3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 19, 20, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 51, 52, 53,
]);

/** ConstraintType values and their names in MS Project's Spanish interface. */
export const CONSTRAINT_NAMES: Readonly<Record<number, string>> = {
  1: 'Lo más tarde posible',
  2: 'Debe comenzar el',
  3: 'Debe finalizar el',
  4: 'No comenzar antes del',
  5: 'No comenzar después del',
  6: 'No finalizar antes del',
  7: 'No finalizar después del',
};

/** The MSPDI dateTime's date part ('2003-01-07T08:00:00' → '2003-01-07'), or undefined when it is not a real date. */
export function datePart(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const date = value.trim().slice(0, 10);
  try {
    dayNumber(date);
    return date;
  } catch {
    return undefined;
  }
}

/** The time part of an MSPDI dateTime ('…T08:00:00' → '08:00:00'), or '' when there is none. */
export function timePart(value: string): string {
  const at = value.indexOf('T');
  return at === -1 ? '' : value.slice(at + 1, at + 9);
}

const XSD_DURATION =
  /^(-)?P(?:(\d+(?:\.\d+)?)Y)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

/**
 * An xsd:duration value ('PT16H0M0S', 'P1DT2H', '-PT8H…') in minutes, or undefined when it is not
 * one. Years and months count as 365 and 30 days of 24 hours (MS Project writes hours only).
 */
export function durationMinutes(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const match = XSD_DURATION.exec(value.trim());
  if (!match || value.trim() === 'P' || value.trim().endsWith('T')) return undefined;
  const part = (index: number) => (match[index] === undefined ? 0 : Number(match[index]));
  const minutes = part(2) * 365 * 1440 + part(3) * 30 * 1440 + part(4) * 1440 + part(5) * 60 + part(6) + part(7) / 60;
  if (!Number.isFinite(minutes)) return undefined;
  return match[1] === '-' ? -minutes : minutes;
}

/** Names in warnings are cut to this many characters (issue 34: a 100,000-character name made a 300 KB answer). */
export const MAX_WARNING_NAME = 120;

/** A name as a warning shows it: at most MAX_WARNING_NAME characters, the cut marked '…'. */
export function warningName(name: string): string {
  return name.length > MAX_WARNING_NAME ? `${name.slice(0, MAX_WARNING_NAME - 1)}…` : name;
}

/** 'Tarea A, Tarea B' — the first ten names (each cut by warningName), then 'y N más'. */
export function listNames(names: readonly string[], max = 10): string {
  const shown = names.slice(0, max).map(warningName).join(', ');
  return names.length <= max ? shown : `${shown} y ${names.length - max} más`;
}
