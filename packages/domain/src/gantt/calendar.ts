/**
 * The Gantt's working calendar (domain.md "Gantt"; issue 7): date-only values (YYYY-MM-DD) as UTC
 * day numbers, so no time zone or daylight-saving change can move a date. Working days are the
 * project's working weekdays (Monday–Friday by default; issue 14 allows any non-empty subset),
 * minus the holidays a provider gives per year (none when the project turns Chile's off), with
 * the project's own exceptions (non-working and extra working dates) deciding their dates over
 * both. Chile's holidays come from ./chile-holidays, behind the `@cimiento/domain/holidays` entry
 * so the web bundle never carries the holiday library; the web receives the list from the server.
 *
 * Scheduling works in "working indices": consecutive integers over working days. `indexOf(day)`
 * is the index of the first working day on or after `day`; `dayAt(index)` is that day.
 */

export type WorkWeek = 'mon-fri' | 'mon-sat';

/** issue 14: one of the project's own exceptions to its working weekdays and holidays. */
export type CalendarException = {
  /** YYYY-MM-DD */
  date: string;
  /** e.g. 'Feriado regional', 'Paralización de faena' (may be empty) */
  name: string;
  /** true: an extra working day; false: a non-working day */
  working: boolean;
};

/**
 * issue 14: the project's calendar. Working weekdays are 0 = Sunday … 6 = Saturday (at least one);
 * Chile's national holidays apply when `chileHolidays` is on; an exception decides its date over
 * both (a working exception on a holiday makes it a working day).
 */
export type CalendarRules = {
  workingWeekdays: readonly number[];
  exceptions?: readonly CalendarException[];
};

export type ProjectCalendar = {
  workingWeekdays: number[];
  chileHolidays: boolean;
  exceptions: CalendarException[];
};

export const DEFAULT_WORKING_WEEKDAYS: readonly number[] = [1, 2, 3, 4, 5];

/** The weekdays of the old 'Semana laboral' option. */
export function weekdaysOfWorkWeek(workWeek: WorkWeek): number[] {
  return workWeek === 'mon-sat' ? [1, 2, 3, 4, 5, 6] : [1, 2, 3, 4, 5];
}

/** The 'Semana laboral' option a set of weekdays matches, or 'custom'. */
export function workWeekOfWeekdays(weekdays: readonly number[]): WorkWeek | 'custom' {
  const key = [...new Set(weekdays)].sort((a, b) => a - b).join(',');
  if (key === '1,2,3,4,5') return 'mon-fri';
  if (key === '1,2,3,4,5,6') return 'mon-sat';
  return 'custom';
}

export function defaultProjectCalendar(workWeek: WorkWeek = 'mon-fri'): ProjectCalendar {
  return { workingWeekdays: weekdaysOfWorkWeek(workWeek), chileHolidays: true, exceptions: [] };
}

/** Holidays of one year, as YYYY-MM-DD strings. */
export type HolidayProvider = (year: number) => readonly string[];

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'YYYY-MM-DD' → days since 1970-01-01; throws on a date that does not exist. */
export function dayNumber(iso: string): number {
  const match = ISO_DATE.exec(iso);
  if (!match) throw new RangeError(`Fecha no válida: ${iso}`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const date = new Date(ms);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    throw new RangeError(`Fecha no válida: ${iso}`);
  }
  return Math.round(ms / DAY_MS);
}

/** Days since 1970-01-01 → 'YYYY-MM-DD'. */
export function isoDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday). */
export function weekday(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

function yearOf(day: number): number {
  return new Date(day * DAY_MS).getUTCFullYear();
}

export class WorkingCalendar {
  private readonly holidayCache = new Map<number, Set<number>>();
  /** working[w]: weekday w (0 = Sunday) is a working day */
  private readonly working: boolean[];
  /** exceptions by day number: true = working, false = not */
  private readonly exceptionByDay = new Map<number, boolean>();
  /** the 'Semana laboral' option the weekdays match, or 'custom' */
  readonly workWeek: WorkWeek | 'custom';
  /** First covered day (1 January of the first covered year). */
  private firstDay: number;
  private lastYear: number;
  /** For each covered day (from firstDay): the index of the first working day on or after it. */
  private indexByDay: number[] = [];
  /** For each working index: its day. */
  private dayByIndex: number[] = [];

  constructor(
    /** the old 'Semana laboral' option, or the project's weekdays and exceptions (issue 14) */
    rules: WorkWeek | CalendarRules,
    private readonly holidays: HolidayProvider,
    /** the first year the calendar covers; earlier dates are clamped to its first working day */
    firstYear: number,
  ) {
    const weekdays = typeof rules === 'string' ? weekdaysOfWorkWeek(rules) : rules.workingWeekdays;
    this.working = [0, 1, 2, 3, 4, 5, 6].map((w) => weekdays.includes(w));
    // with no working weekday the calendar would never reach a working day
    if (!this.working.some(Boolean))
      throw new RangeError('El calendario debe tener al menos un día hábil en la semana');
    this.workWeek = workWeekOfWeekdays(weekdays);
    if (typeof rules !== 'string') {
      for (const exception of rules.exceptions ?? [])
        this.exceptionByDay.set(dayNumber(exception.date), exception.working);
    }
    this.firstDay = dayNumber(`${String(firstYear).padStart(4, '0')}-01-01`);
    this.lastYear = firstYear - 1;
    this.extendTo(firstYear);
  }

  private holidaysOf(year: number): Set<number> {
    let set = this.holidayCache.get(year);
    if (!set) {
      set = new Set(this.holidays(year).map(dayNumber));
      this.holidayCache.set(year, set);
    }
    return set;
  }

  isWorkingDay(day: number): boolean {
    const exception = this.exceptionByDay.get(day);
    if (exception !== undefined) return exception;
    if (!this.working[weekday(day)]) return false;
    return !this.holidaysOf(yearOf(day)).has(day);
  }

  /**
   * Covers the years up to `year`, appending: a working day gets the next index; a day off points
   * at the index the next working day will get, which is right even when that day falls in a
   * later year. Linear in the days covered.
   */
  private extendTo(year: number): void {
    while (this.lastYear < year) {
      const next = this.lastYear + 1;
      const start = dayNumber(`${String(next).padStart(4, '0')}-01-01`);
      const end = dayNumber(`${String(next + 1).padStart(4, '0')}-01-01`);
      for (let day = start; day < end; day += 1) {
        this.indexByDay.push(this.dayByIndex.length);
        if (this.isWorkingDay(day)) this.dayByIndex.push(day);
      }
      this.lastYear = next;
    }
  }

  /** The index of the first working day on or after `day` (dates before the covered span are clamped). */
  indexOf(day: number): number {
    if (day < this.firstDay) return 0;
    for (;;) {
      const offset = day - this.firstDay;
      const index = offset < this.indexByDay.length ? this.indexByDay[offset] : undefined;
      if (index !== undefined && index < this.dayByIndex.length) return index;
      this.extendTo(this.lastYear + 1);
    }
  }

  /** The day of a working index (negative indices are clamped to the first one). */
  dayAt(index: number): number {
    const at = Math.max(0, index);
    while (at >= this.dayByIndex.length) this.extendTo(this.lastYear + 1);
    return this.dayByIndex[at] as number;
  }

  /** `count` working days after the first working day on or after `iso` (negative goes back). */
  addWorkingDays(iso: string, count: number): string {
    return isoDay(this.dayAt(this.indexOf(dayNumber(iso)) + count));
  }

  /** Working days from the first working day on or after `fromIso` to the one on or after `toIso`. */
  workingDaysBetween(fromIso: string, toIso: string): number {
    return this.indexOf(dayNumber(toIso)) - this.indexOf(dayNumber(fromIso));
  }
}
