import { projectCalendarSchema, sequencingModes, weekdaysOfWorkWeek, workWeekOfWeekdays } from '@cimiento/domain';
import type { ProjectCalendar, SequencingMode, WorkWeek } from '@cimiento/domain';

/**
 * The project row's calendar and sequencing columns ↔ the domain's values (issue 14), shared by the
 * areas that read or write a project's calendar (projects, gantt, tracking, exchange).
 */

/** The project's `gantt_work_week` column as the domain's WorkWeek (anything but 'mon-sat' is Monday–Friday). */
export function toWorkWeek(value: string): WorkWeek {
  return value === 'mon-sat' ? 'mon-sat' : 'mon-fri';
}

/** The `gantt_work_week` column as the project shows it: 'mon-fri', 'mon-sat' or 'custom' (issue 14). */
export function toWorkWeekOption(value: string): WorkWeek | 'custom' {
  return value === 'custom' ? 'custom' : toWorkWeek(value);
}

/**
 * The project's calendar (issue 14) from its `gantt_calendar` JSON; null (projects made before,
 * and new ones until the calendar is edited) or anything unreadable is the work week's calendar:
 * its weekdays, Chile's holidays on, no exceptions.
 */
export function projectCalendarOf(row: { gantt_calendar: string | null; gantt_work_week: string }): ProjectCalendar {
  const derived: ProjectCalendar = {
    workingWeekdays: weekdaysOfWorkWeek(toWorkWeek(row.gantt_work_week)),
    chileHolidays: true,
    exceptions: [],
  };
  if (row.gantt_calendar === null) return derived;
  let json: unknown;
  try {
    json = JSON.parse(row.gantt_calendar);
  } catch {
    return derived;
  }
  const parsed = projectCalendarSchema.safeParse(json);
  return parsed.success ? parsed.data : derived;
}

/** The two columns a calendar write sets, in step: the JSON and the work week option it matches. */
export function calendarColumns(calendar: ProjectCalendar): { gantt_calendar: string; gantt_work_week: string } {
  const stored: ProjectCalendar = {
    workingWeekdays: [...new Set(calendar.workingWeekdays)].sort((a, b) => a - b),
    chileHolidays: calendar.chileHolidays,
    exceptions: [...calendar.exceptions]
      .sort((a, b) => a.date.localeCompare(b.date))
      .map((exception) => ({ date: exception.date, name: exception.name, working: exception.working })),
  };
  return { gantt_calendar: JSON.stringify(stored), gantt_work_week: workWeekOfWeekdays(stored.workingWeekdays) };
}

/** Whether two calendars schedule and show the same (weekdays, holidays option, exceptions with their names). */
export function sameCalendar(a: ProjectCalendar, b: ProjectCalendar): boolean {
  return calendarColumns(a).gantt_calendar === calendarColumns(b).gantt_calendar;
}

/** The project's `sequencing` column as the domain's SequencingMode (anything unknown is 'none': no links by surprise). */
export function toSequencing(value: string): SequencingMode {
  return (sequencingModes as readonly string[]).includes(value) ? (value as SequencingMode) : 'none';
}
