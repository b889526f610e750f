import { describe, expect, it } from 'vitest';
import { readP6File } from './p6-test-support';
import { readXer } from './read-xer';
import type { XerFile } from './read-xer';
import { excelSerialDate, readXerCalendar } from './xer-calendar';

function calendars(name: string): Record<string, string>[] {
  const result = readXer(readP6File(name));
  if (!result.ok) throw new Error(result.error);
  return (result.xer as XerFile).tables.get('CALENDAR')?.rows ?? [];
}

describe('excelSerialDate', () => {
  it('counts days from 1899-12-30, as P6 and Excel write dates', () => {
    expect(excelSerialDate(45658)).toBe('2025-01-01');
    expect(excelSerialDate(45519)).toBe('2024-08-15');
    expect(excelSerialDate(1)).toBe('1899-12-31');
  });
});

describe('readXerCalendar', () => {
  it("reads a 5-day week of 8 hours and its holidays (jaggelas' BT-11 Standard 5 day Workweek)", () => {
    const row = calendars('jaggelas-test.xer').find((candidate) => candidate['clndr_id'] === '6590');
    const calendar = readXerCalendar(row?.['clndr_data'] ?? '', row?.['clndr_name']);
    expect(calendar.workingWeekdays).toEqual([1, 2, 3, 4, 5]);
    expect(calendar.weekdayHours).toEqual([0, 8, 8, 8, 8, 8, 0]);
    expect(calendar.exceptions).toHaveLength(41);
    expect(calendar.exceptions[0]).toEqual({
      date: '2024-08-15',
      name: 'BT-11 Standard 5 day Workweek - G',
      working: false,
    });
    expect(calendar.exceptions.map((exception) => exception.date)).toContain('2025-01-01');
    expect(calendar.isIncomplete).toBe(false);
  });

  it('reads a day of 24 hours (00:00 to 00:00) and a working exception', () => {
    const data =
      '(0||CalendarData()((0||DaysOfWeek()((0||1()((0||0(s|00:00|f|00:00)())))(0||2()())(0||3()())' +
      '(0||4()())(0||5()())(0||6()())(0||7()())))(0||Exceptions()((0||0(d|45658)((0||0(s|08:00|f|13:00)())))' +
      '(0||1(d|45659)())))))';
    expect(readXerCalendar(data, 'Turno')).toEqual({
      workingWeekdays: [0],
      weekdayHours: [24, 0, 0, 0, 0, 0, 0],
      exceptions: [
        { date: '2025-01-01', name: 'Turno', working: true },
        { date: '2025-01-02', name: 'Turno', working: false },
      ],
      isIncomplete: false,
    });
  });

  it("keeps what it read of MPXJ's truncated calendar and says it is incomplete", () => {
    const rows = calendars('mpxj-invalid-8.4.xer');
    const broken = rows.find(
      (row) => (row['clndr_data'] ?? '').startsWith('(0||CalendarData()(') && row['clndr_name'] === 'Test - Invalid',
    );
    expect(broken).toBeDefined();
    const calendar = readXerCalendar(broken?.['clndr_data'] ?? '');
    expect(calendar.isIncomplete).toBe(true);
    expect(calendar.workingWeekdays).toEqual([]);
    // the file's other calendars read whole
    for (const row of rows.filter((candidate) => candidate !== broken)) {
      expect(readXerCalendar(row['clndr_data'] ?? '').isIncomplete).toBe(false);
    }
  });

  it('reads intervals written finish first (f|16:00|s|08:00), as P6 20.12 did in aspose-encoding1251', () => {
    const row = calendars('aspose-encoding1251.xer').find(
      (candidate) => candidate['clndr_name'] === 'Corporate - Standard Full Time',
    );
    const calendar = readXerCalendar(row?.['clndr_data'] ?? '');
    expect(calendar.weekdayHours).toEqual([0, 8, 8, 8, 8, 8, 0]);
    expect(calendar.exceptions).toHaveLength(24);
  });

  it('reads every calendar of the corpus without breaking, each with a working day', () => {
    const files = [
      'jaggelas-test.xer',
      'pyp6xer-SP10-COST-LOADED.xer',
      'aspose-encoding1251.xer',
      'mpxj-TwentyFourHourCalendar.xer',
      'mpxj-resource-rates-test.xer',
      'aspose-test.xer',
    ];
    for (const file of files) {
      for (const row of calendars(file)) {
        const calendar = readXerCalendar(row['clndr_data'] ?? '');
        expect(calendar.isIncomplete, `${file} ${row['clndr_name']}`).toBe(false);
        expect(calendar.workingWeekdays.length, `${file} ${row['clndr_name']}`).toBeGreaterThan(0);
      }
    }
  });
});
