import type { GanttCalendar } from '@cimiento/domain';
import { addDays, isoOf, weekdayOf } from './iso-days';

export type MonthRef = { year: number; month: number };

/** Why a day is not worked in the project: its weekday, a Chile holiday, or one of the project's exceptions. */
export type NonWorkingReason = { kind: 'weekday' } | { kind: 'holiday' } | { kind: 'exception'; name: string };

export type CalendarDayTask = { TaskID: number; TaskCode: string; TaskName: string; critical: boolean };

export type CalendarDay<T extends CalendarDayTask = CalendarDayTask> = {
  date: string;
  day: number;
  inMonth: boolean;
  isToday: boolean;
  nonWorking: NonWorkingReason | null;
  tasks: T[];
};

export type CalendarSource = Pick<GanttCalendar, 'workingWeekdays' | 'holidays' | 'exceptions' | 'chileHolidays'>;

export function monthOf(iso: string): MonthRef {
  const [year = 1970, month = 1] = iso.split('-').map(Number);
  return { year, month };
}

export function shiftMonth({ year, month }: MonthRef, delta: number): MonthRef {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** The weeks (Monday first, as in Chile) that show a month: its days plus the neighbours' that fill the first and last week. */
export function monthWeeks({ year, month }: MonthRef): string[][] {
  const first = isoOf(year, month, 1);
  const last = isoOf(year, month + 1, 0);
  let day = addDays(first, -((weekdayOf(first) + 6) % 7));
  const weeks: string[][] = [];
  while (day <= last) {
    const week: string[] = [];
    for (let index = 0; index < 7; index += 1) {
      week.push(day);
      day = addDays(day, 1);
    }
    weeks.push(week);
  }
  return weeks;
}

/**
 * Whether the project works on a day, and why not: an exception of its calendar wins (a worked
 * Saturday, a 'Paralización de faena'), then Chile's holidays (when the calendar has them on), then
 * its working weekdays.
 */
export function nonWorkingReason(
  date: string,
  calendar: CalendarSource,
  holidays: ReadonlySet<string> = new Set(calendar.holidays),
): NonWorkingReason | null {
  const exception = calendar.exceptions.find((candidate) => candidate.date === date);
  if (exception) return exception.working ? null : { kind: 'exception', name: exception.name };
  if (calendar.chileHolidays && holidays.has(date)) return { kind: 'holiday' };
  return calendar.workingWeekdays.includes(weekdayOf(date)) ? null : { kind: 'weekday' };
}

/**
 * The month's grid: each day with its non-working reason and the leaf tasks whose span
 * (StartDate … EndDate) covers it, on the project's working days only, by start date then code.
 */
export function buildCalendarMonth<
  T extends CalendarDayTask & { StartDate: string; EndDate: string; isSummary: boolean },
>(ref: MonthRef, tasks: readonly T[], calendar: CalendarSource, today: string): CalendarDay<T>[][] {
  const weeks = monthWeeks(ref);
  const firstShown = weeks[0]?.[0] ?? '';
  const lastShown = weeks.at(-1)?.[6] ?? '';
  const shown = tasks
    .filter((task) => !task.isSummary && task.StartDate <= lastShown && task.EndDate >= firstShown)
    .sort(
      (a, b) => a.StartDate.localeCompare(b.StartDate) || a.TaskCode.localeCompare(b.TaskCode, 'es', { numeric: true }),
    );
  const holidays = new Set(calendar.holidays);
  const prefix = `${ref.year}-${String(ref.month).padStart(2, '0')}-`;
  return weeks.map((week) =>
    week.map((date) => {
      const nonWorking = nonWorkingReason(date, calendar, holidays);
      return {
        date,
        day: Number(date.slice(8)),
        inMonth: date.startsWith(prefix),
        isToday: date === today,
        nonWorking,
        // a task is worked on the project's working days of its span (a one-day task shows on its day)
        tasks: shown.filter(
          (task) =>
            task.StartDate <= date &&
            task.EndDate >= date &&
            (nonWorking === null || (task.StartDate === date && task.EndDate === date)),
        ),
      };
    }),
  );
}
