import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatIsoDate } from './dates';

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
