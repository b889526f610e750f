import { describe, expect, it } from 'vitest';
import {
  WorkingCalendar,
  dayNumber,
  defaultProjectCalendar,
  isoDay,
  weekday,
  weekdaysOfWorkWeek,
  workWeekOfWeekdays,
} from './calendar';
import { chileHolidays, easterSunday } from './chile-holidays';

describe('chileHolidays (issue 7: the holidays Chilean law defines, 2025–2027)', () => {
  // Leyes 2.977, 19.668 (San Pedro y San Pablo and 12 de octubre moved to Monday), 20.215 and
  // 20.983 (17 de septiembre when the 18th and 19th fall on a weekend), 20.299 (31 de octubre),
  // 21.357 (Pueblos Indígenas on the winter solstice). Election days (2025-11-16, 2025-12-14)
  // are Sundays and come from one-off laws; they are not in the maintained data.
  it.each([
    [
      2025,
      [
        '2025-01-01',
        '2025-04-18',
        '2025-04-19',
        '2025-05-01',
        '2025-05-21',
        '2025-06-20',
        '2025-06-29',
        '2025-07-16',
        '2025-08-15',
        '2025-09-18',
        '2025-09-19',
        '2025-10-12',
        '2025-10-31',
        '2025-11-01',
        '2025-12-08',
        '2025-12-25',
      ],
    ],
    [
      2026,
      [
        '2026-01-01',
        '2026-04-03',
        '2026-04-04',
        '2026-05-01',
        '2026-05-21',
        '2026-06-21',
        '2026-06-29',
        '2026-07-16',
        '2026-08-15',
        '2026-09-18',
        '2026-09-19',
        '2026-10-12',
        '2026-10-31',
        '2026-11-01',
        '2026-12-08',
        '2026-12-25',
      ],
    ],
    [
      2027,
      [
        '2027-01-01',
        '2027-03-26',
        '2027-03-27',
        '2027-05-01',
        '2027-05-21',
        '2027-06-21',
        '2027-06-28',
        '2027-07-16',
        '2027-08-15',
        '2027-09-17',
        '2027-09-18',
        '2027-09-19',
        '2027-10-11',
        '2027-10-31',
        '2027-11-01',
        '2027-12-08',
        '2027-12-25',
      ],
    ],
  ])('lists exactly the national public holidays of %i', (year, expected) => {
    expect(chileHolidays(year)).toEqual(expected);
  });

  it('adds Sábado Santo (Easter − 1), which the library data misses', () => {
    expect(easterSunday(2025)).toBe('2025-04-20');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
    expect(chileHolidays(2025)).toContain('2025-04-19');
  });
});

describe('dates as day numbers', () => {
  it('round-trips YYYY-MM-DD, with no time zone involved', () => {
    for (const iso of ['1970-01-01', '2025-04-06', '2025-09-07', '2026-02-28', '2028-02-29']) {
      expect(isoDay(dayNumber(iso))).toBe(iso);
    }
  });

  it('refuses dates that do not exist', () => {
    expect(() => dayNumber('2025-02-29')).toThrow('Fecha no válida: 2025-02-29');
    expect(() => dayNumber('2025-13-01')).toThrow(RangeError);
    expect(() => dayNumber('25-01-01')).toThrow(RangeError);
  });

  it('knows the weekday (2025-03-03 is a Monday)', () => {
    expect(weekday(dayNumber('2025-03-03'))).toBe(1);
    expect(weekday(dayNumber('2025-03-09'))).toBe(0);
  });

  it('counts a day across the April and September daylight-saving changes as one day', () => {
    // Chile moved its clocks on 2025-04-06 and 2025-09-07
    expect(dayNumber('2025-04-07') - dayNumber('2025-04-05')).toBe(2);
    expect(dayNumber('2025-09-08') - dayNumber('2025-09-06')).toBe(2);
  });
});

describe('WorkingCalendar', () => {
  const chile = new WorkingCalendar('mon-fri', chileHolidays, 2025);
  const chileSat = new WorkingCalendar('mon-sat', chileHolidays, 2025);

  it('skips weekends and holidays: Monday–Friday', () => {
    expect(chile.isWorkingDay(dayNumber('2025-03-07'))).toBe(true);
    expect(chile.isWorkingDay(dayNumber('2025-03-08'))).toBe(false);
    expect(chile.isWorkingDay(dayNumber('2025-04-18'))).toBe(false);
    expect(chile.isWorkingDay(dayNumber('2025-09-19'))).toBe(false);
  });

  it('works Saturdays in the Monday–Saturday option, but not on a Saturday holiday', () => {
    expect(chileSat.isWorkingDay(dayNumber('2025-03-08'))).toBe(true);
    expect(chileSat.isWorkingDay(dayNumber('2025-04-19'))).toBe(false);
    expect(chileSat.isWorkingDay(dayNumber('2025-03-09'))).toBe(false);
  });

  it('adds working days across Semana Santa and Fiestas Patrias', () => {
    // Wed 16 Apr + 3 → Thu 17, (Fri 18, Sat 19 holidays, Sun 20), Mon 21, Tue 22
    expect(chile.addWorkingDays('2025-04-16', 3)).toBe('2025-04-22');
    // Wed 17 Sep + 1 → (18, 19 holidays, weekend) → Mon 22
    expect(chile.addWorkingDays('2025-09-17', 1)).toBe('2025-09-22');
    expect(chile.workingDaysBetween('2025-09-17', '2025-09-22')).toBe(1);
  });

  it('moves a start on a non-working day to the next working day', () => {
    expect(chile.addWorkingDays('2025-03-08', 0)).toBe('2025-03-10');
    expect(chile.addWorkingDays('2025-04-18', 0)).toBe('2025-04-21');
  });

  it('crosses into later years it has not computed yet', () => {
    expect(chile.addWorkingDays('2025-12-24', 1)).toBe('2025-12-26');
    expect(chile.addWorkingDays('2026-12-31', 1)).toBe('2027-01-04');
    expect(chile.addWorkingDays('2025-03-03', 260 * 5)).toMatch(/^2030-/);
  });

  it('clamps dates before its first year to its first working day', () => {
    expect(chile.addWorkingDays('2024-06-01', 0)).toBe('2025-01-02');
  });
});

describe('WorkingCalendar: the project calendar (issue 14)', () => {
  it('works on any set of weekdays: Sunday–Thursday skips Friday and Saturday', () => {
    const calendar = new WorkingCalendar({ workingWeekdays: [0, 1, 2, 3, 4] }, () => [], 2025);
    // Thursday 6 March 2025 + 1 working day → Sunday 9 March
    expect(calendar.addWorkingDays('2025-03-06', 1)).toBe('2025-03-09');
    expect(calendar.workWeek).toBe('custom');
    expect(new WorkingCalendar({ workingWeekdays: [6, 5, 4, 3, 2, 1] }, () => [], 2025).workWeek).toBe('mon-sat');
  });

  it('an exception decides its date over weekdays and holidays', () => {
    const holidays = () => ['2025-03-05'];
    const calendar = new WorkingCalendar(
      {
        workingWeekdays: [1, 2, 3, 4, 5],
        exceptions: [
          { date: '2025-03-04', name: 'Paralización de faena', working: false },
          { date: '2025-03-05', name: 'Recuperación', working: true },
          { date: '2025-03-08', name: 'Sábado trabajado', working: true },
        ],
      },
      holidays,
      2025,
    );
    expect(calendar.isWorkingDay(dayNumber('2025-03-04'))).toBe(false);
    expect(calendar.isWorkingDay(dayNumber('2025-03-05'))).toBe(true);
    expect(calendar.isWorkingDay(dayNumber('2025-03-08'))).toBe(true);
    // Monday 3 → (Tue 4 off) Wed 5 → Thu 6 → Fri 7 → Sat 8
    expect(calendar.addWorkingDays('2025-03-03', 4)).toBe('2025-03-08');
  });

  it('refuses a week without a working day', () => {
    expect(() => new WorkingCalendar({ workingWeekdays: [] }, () => [], 2025)).toThrow(/al menos un día hábil/);
  });

  it('maps the old work-week option to weekdays and back', () => {
    expect(weekdaysOfWorkWeek('mon-sat')).toEqual([1, 2, 3, 4, 5, 6]);
    expect(workWeekOfWeekdays([5, 4, 3, 2, 1])).toBe('mon-fri');
    expect(defaultProjectCalendar()).toEqual({ workingWeekdays: [1, 2, 3, 4, 5], chileHolidays: true, exceptions: [] });
  });
});
