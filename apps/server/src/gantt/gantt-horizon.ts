import { GANTT_HORIZON_YEARS, WorkingCalendar, dayNumber } from '@cimiento/domain';
import type { ProjectGanttRow } from './gantt-queries';
import type { ProjectCalendar } from '@cimiento/domain';
import { chileHolidays } from '@cimiento/domain/holidays';

/**
 * How far a schedule may reach: HORIZON_YEARS past the project's start year, and at most
 * MAX_WORKING_INDEX working days from its first working day (about as many years of Monday–Friday).
 * The calendar covers every year up to the latest date the engine asks for, a year at a time;
 * one StartDate in 9999, or a chain of 10,000-day tasks, would keep a request busy for minutes.
 */
// issue 32: the domain's, which the task editor also checks dates against
export const HORIZON_YEARS = GANTT_HORIZON_YEARS;

export const MAX_WORKING_INDEX = HORIZON_YEARS * 250;

export const noHolidays = (): readonly string[] => [];

/** The first day past the horizon: 1 January, HORIZON_YEARS after the start year. */
export function horizonDate(startYear: number): string {
  return `${String(startYear + HORIZON_YEARS).padStart(4, '0')}-01-01`;
}

export function calendarFor(project: Pick<ProjectGanttRow, 'startYear' | 'calendar'>): WorkingCalendar {
  return new BoundedCalendar(project.calendar, project.startYear);
}

export class ScheduleHorizonError extends Error {}

/** The working calendar, refusing (ScheduleHorizonError) to reach past the horizon. */
export class BoundedCalendar extends WorkingCalendar {
  private readonly horizonDay: number;

  /** issue 14: the project's weekdays and exceptions; Chile's holidays only when the calendar has them on */
  constructor(calendar: ProjectCalendar, firstYear: number) {
    super(
      { workingWeekdays: calendar.workingWeekdays, exceptions: calendar.exceptions },
      calendar.chileHolidays ? chileHolidays : noHolidays,
      firstYear,
    );
    this.horizonDay = dayNumber(horizonDate(firstYear));
  }

  override indexOf(day: number): number {
    if (day >= this.horizonDay) throw new ScheduleHorizonError();
    return super.indexOf(day);
  }

  override dayAt(index: number): number {
    if (index > MAX_WORKING_INDEX) throw new ScheduleHorizonError();
    return super.dayAt(index);
  }
}
