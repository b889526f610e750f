import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatIsoDate, santiagoToday, isRealIsoDate, isoOfTypedDate } from './dates';

describe('formatDateTime', () => {
  it('shows DD-MM-YYYY HH:mm in Santiago summer time (UTC-3)', () => {
    expect(formatDateTime(new Date('2025-01-15T15:30:00Z'))).toBe('15-01-2025 12:30');
  });

  it('shows DD-MM-YYYY HH:mm in Santiago winter time (UTC-4)', () => {
    expect(formatDateTime(new Date('2025-07-15T15:30:00Z'))).toBe('15-07-2025 11:30');
  });

  it('moves to the previous day when Santiago is still on it', () => {
    expect(formatDateTime('2025-03-01T02:00:00Z')).toBe('28-02-2025 23:00');
  });

  it('reads the spec project date, a seconds timestamp in _seconds', () => {
    expect(formatDateTime({ _seconds: 1736955000 })).toBe('15-01-2025 12:30');
  });

  it('uses a 24-hour clock with midnight as 00', () => {
    expect(formatDateTime('2025-01-15T03:05:00Z')).toBe('15-01-2025 00:05');
  });

  it('refuses an invalid date', () => {
    expect(() => formatDateTime('not a date')).toThrow(RangeError);
  });
});

describe('formatDate', () => {
  it('shows DD-MM-YYYY in Santiago', () => {
    expect(formatDate('2025-12-31T23:59:00Z')).toBe('31-12-2025');
  });
});

describe('formatIsoDate', () => {
  it('turns a date-only value into DD-MM-YYYY without time-zone shifts', () => {
    expect(formatIsoDate('2026-09-18')).toBe('18-09-2026');
    expect(() => formatIsoDate('18-09-2026')).toThrow(RangeError);
  });
});

describe('santiagoToday', () => {
  it('turns the day at midnight in Santiago summer time (UTC-3), not at midnight UTC', () => {
    expect(santiagoToday(new Date('2026-03-01T02:30:00Z'))).toBe('2026-02-28');
    expect(santiagoToday(new Date('2026-03-01T02:59:59.999Z'))).toBe('2026-02-28');
    expect(santiagoToday(new Date('2026-03-01T03:00:00Z'))).toBe('2026-03-01');
    expect(santiagoToday(new Date('2025-12-31T02:59:59Z'))).toBe('2025-12-30');
    expect(santiagoToday(new Date('2025-12-31T03:00:00Z'))).toBe('2025-12-31');
  });

  it('turns the day at midnight in Santiago winter time (UTC-4)', () => {
    expect(santiagoToday(new Date('2026-07-15T03:59:59.999Z'))).toBe('2026-07-14');
    expect(santiagoToday(new Date('2026-07-15T04:00:00Z'))).toBe('2026-07-15');
  });

  it('keeps the day through the hour repeated when summer time ends (Saturday 4 April 2026, 24:00 → 23:00)', () => {
    // 23:59 summer time, then 23:00–23:59 again in winter time, then midnight
    expect(santiagoToday(new Date('2026-04-05T02:59:59Z'))).toBe('2026-04-04');
    expect(santiagoToday(new Date('2026-04-05T03:00:00Z'))).toBe('2026-04-04');
    expect(santiagoToday(new Date('2026-04-05T03:59:59Z'))).toBe('2026-04-04');
    expect(santiagoToday(new Date('2026-04-05T04:00:00Z'))).toBe('2026-04-05');
  });

  it('starts the day at 01:00 when summer time begins and midnight is skipped (Saturday 5 September 2026, 24:00 → 01:00)', () => {
    expect(santiagoToday(new Date('2026-09-06T03:59:59Z'))).toBe('2026-09-05');
    expect(santiagoToday(new Date('2026-09-06T04:00:00Z'))).toBe('2026-09-06');
    // the next midnight is already summer time's
    expect(santiagoToday(new Date('2026-09-07T02:59:59Z'))).toBe('2026-09-06');
    expect(santiagoToday(new Date('2026-09-07T03:00:00Z'))).toBe('2026-09-07');
  });

  it('is the day formatDate shows, as YYYY-MM-DD', () => {
    for (let hour = 0; hour < 24 * 400; hour += 7) {
      const now = new Date(Date.UTC(2025, 11, 1) + hour * 3_600_000);
      const [day, month, year] = formatDate(now).split('-');
      expect(santiagoToday(now)).toBe(`${year}-${month}-${day}`);
    }
  });

  it('defaults to now', () => {
    const before = santiagoToday();
    const today = santiagoToday(new Date());
    const after = santiagoToday();
    expect([before, after]).toContain(today);
    expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('isoOfTypedDate (issue 35: shared by the Gantt and the catalogues)', () => {
  it('reads dd-mm-aaaa (also with / or .) as YYYY-MM-DD, and refuses a day that does not exist', () => {
    expect(isoOfTypedDate('05-01-2026')).toBe('2026-01-05');
    expect(isoOfTypedDate(' 5/1/2026 ')).toBe('2026-01-05');
    expect(isoOfTypedDate('29.02.2028')).toBe('2028-02-29');
    expect(isoOfTypedDate('29-02-2027')).toBeNull();
    expect(isoOfTypedDate('2026-01-05')).toBeNull();
    expect(isRealIsoDate('2026-02-30')).toBe(false);
  });
});
