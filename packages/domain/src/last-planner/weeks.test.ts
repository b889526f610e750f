import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayNumber, weekday } from '../gantt/calendar';
import { addDays, isMonday, weekEnd, weekOf, weeksBetween } from './weeks';

describe('Last Planner weeks (issue 36): Monday to Sunday, named by the Monday', () => {
  it('weekOf: every day from Monday 2026-03-09 to Sunday 2026-03-15 is the week of 2026-03-09', () => {
    for (const day of ['09', '10', '11', '12', '13', '14', '15']) expect(weekOf(`2026-03-${day}`)).toBe('2026-03-09');
    expect(weekOf('2026-03-16')).toBe('2026-03-16');
    expect(weekOf('2026-03-08')).toBe('2026-03-02');
  });

  it('weekOf crosses months and years: Thursday 2026-01-01 is in the week of Monday 2025-12-29', () => {
    expect(weekOf('2026-01-01')).toBe('2025-12-29');
    expect(weekOf('2024-03-03')).toBe('2024-02-26'); // a Sunday after 29 February
    expect(weekEnd('2025-12-31')).toBe('2026-01-04');
  });

  it('weekOf refuses a date that does not exist', () => {
    expect(() => weekOf('2026-02-30')).toThrow(RangeError);
    expect(() => weekOf('30-03-2026')).toThrow(RangeError);
  });

  it('isMonday, addDays, weeksBetween', () => {
    expect(isMonday('2026-03-09')).toBe(true);
    expect(isMonday('2026-03-10')).toBe(false);
    expect(isMonday('2026-02-30')).toBe(false);
    expect(addDays('2026-03-09', 21)).toBe('2026-03-30');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(weeksBetween('2026-03-11', '2026-03-29')).toEqual(['2026-03-09', '2026-03-16', '2026-03-23']);
    expect(weeksBetween('2026-03-11', '2026-03-09')).toEqual(['2026-03-09']);
    expect(weeksBetween('2026-03-16', '2026-03-15')).toEqual([]);
  });

  it('property: weekOf is a Monday at most six days before the date, and its Sunday is on or after it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60_000 }), (n) => {
        const date = new Date(n * 86_400_000).toISOString().slice(0, 10);
        const monday = weekOf(date);
        const gap = dayNumber(date) - dayNumber(monday);
        expect(weekday(dayNumber(monday))).toBe(1);
        expect(gap >= 0 && gap <= 6).toBe(true);
        expect(weekEnd(date) >= date).toBe(true);
        expect(weekOf(monday)).toBe(monday);
      }),
    );
  });
});
