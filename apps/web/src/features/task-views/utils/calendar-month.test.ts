import { describe, expect, it } from 'vitest';
import type { CalendarSource } from './calendar-month';
import { buildCalendarMonth, monthOf, monthWeeks, nonWorkingReason, shiftMonth } from './calendar-month';

const monFri: CalendarSource = { workingWeekdays: [1, 2, 3, 4, 5], chileHolidays: true, holidays: [], exceptions: [] };

describe('monthWeeks', () => {
  it('starts on Monday and fills the first and last week with the neighbouring months', () => {
    // February 2026 begins on a Sunday and ends on a Saturday
    const weeks = monthWeeks({ year: 2026, month: 2 });
    expect(weeks).toHaveLength(5);
    expect(weeks[0]?.[0]).toBe('2026-01-26');
    expect(weeks[0]?.[6]).toBe('2026-02-01');
    expect(weeks.at(-1)?.[6]).toBe('2026-03-01');
    expect(weeks.every((week) => week.length === 7)).toBe(true);
  });

  it('takes four weeks for a February that begins on Monday and six for a long month ending late', () => {
    expect(monthWeeks({ year: 2027, month: 2 })).toHaveLength(4);
    // March 2026: Sunday the 1st, Tuesday the 31st
    expect(monthWeeks({ year: 2026, month: 3 })).toHaveLength(6);
  });
});

describe('shiftMonth and monthOf', () => {
  it('crosses year boundaries both ways', () => {
    expect(shiftMonth({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(shiftMonth({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(monthOf('2026-09-18')).toEqual({ year: 2026, month: 9 });
  });
});

describe('nonWorkingReason', () => {
  const calendar: CalendarSource = {
    ...monFri,
    holidays: ['2026-09-18'],
    exceptions: [
      { date: '2026-09-12', name: 'Sábado trabajado', working: true },
      { date: '2026-09-15', name: 'Paralización de faena', working: false },
    ],
  };

  it('names weekends, Chile holidays and the project exceptions', () => {
    expect(nonWorkingReason('2026-09-13', calendar)).toEqual({ kind: 'weekday' });
    expect(nonWorkingReason('2026-09-18', calendar)).toEqual({ kind: 'holiday' });
    expect(nonWorkingReason('2026-09-15', calendar)).toEqual({ kind: 'exception', name: 'Paralización de faena' });
    expect(nonWorkingReason('2026-09-14', calendar)).toBeNull();
  });

  it('lets a working exception win over the weekday', () => {
    expect(nonWorkingReason('2026-09-12', calendar)).toBeNull();
  });

  it('ignores the holidays when the calendar has them off', () => {
    expect(nonWorkingReason('2026-09-18', { ...calendar, chileHolidays: false })).toBeNull();
  });
});

describe('buildCalendarMonth', () => {
  it('draws each leaf task on the working days of its span and marks today and the month', () => {
    const tasks = [
      {
        TaskID: 1,
        TaskCode: 'B',
        TaskName: 'Moldaje',
        critical: true,
        isSummary: false,
        StartDate: '2026-02-27',
        EndDate: '2026-03-03',
      },
      {
        TaskID: 2,
        TaskCode: 'A',
        TaskName: 'Obra',
        critical: false,
        isSummary: true,
        StartDate: '2026-02-01',
        EndDate: '2026-04-01',
      },
      {
        TaskID: 3,
        TaskCode: 'A',
        TaskName: 'Trazado',
        critical: false,
        isSummary: false,
        StartDate: '2026-03-02',
        EndDate: '2026-03-02',
      },
      {
        TaskID: 4,
        TaskCode: 'C',
        TaskName: 'Lejana',
        critical: false,
        isSummary: false,
        StartDate: '2026-05-02',
        EndDate: '2026-05-08',
      },
    ];
    const weeks = buildCalendarMonth({ year: 2026, month: 3 }, tasks, monFri, '2026-03-02');
    const days = weeks.flat();
    const byDate = new Map(days.map((day) => [day.date, day]));
    expect(byDate.get('2026-02-27')?.inMonth).toBe(false);
    expect(byDate.get('2026-02-27')?.tasks.map((task) => task.TaskID)).toEqual([1]);
    expect(byDate.get('2026-03-02')?.tasks.map((task) => task.TaskID)).toEqual([1, 3]);
    expect(byDate.get('2026-03-04')?.tasks).toEqual([]);
    // not on the weekend inside its span
    expect(byDate.get('2026-02-28')?.tasks).toEqual([]);
    expect(byDate.get('2026-03-01')?.tasks).toEqual([]);
    expect(byDate.get('2026-03-03')?.tasks.map((task) => task.TaskID)).toEqual([1]);
    expect(byDate.get('2026-03-02')?.isToday).toBe(true);
    expect(days.filter((day) => day.isToday)).toHaveLength(1);
    expect(byDate.get('2026-03-01')?.nonWorking).toEqual({ kind: 'weekday' });
    expect(days.some((day) => day.tasks.some((task) => task.TaskID === 2 || task.TaskID === 4))).toBe(false);
  });

  it('shows a one-day task set on a non-working day on that day', () => {
    const milestone = {
      TaskID: 9,
      TaskCode: 'H',
      TaskName: 'Hito',
      critical: false,
      isSummary: false,
      StartDate: '2026-03-07',
      EndDate: '2026-03-07',
    };
    const days = buildCalendarMonth({ year: 2026, month: 3 }, [milestone], monFri, '2026-03-02').flat();
    expect(days.find((day) => day.date === '2026-03-07')?.tasks.map((task) => task.TaskID)).toEqual([9]);
  });
});
