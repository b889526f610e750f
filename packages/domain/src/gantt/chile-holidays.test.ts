import { describe, expect, it } from 'vitest';
import { chileHolidays, chileHolidaysNamed } from './chile-holidays';

describe('chileHolidaysNamed (issue 14: the holidays an MSPDI export names)', () => {
  it("names each of chileHolidays' dates, in the same order", () => {
    for (const year of [2025, 2026, 2027]) {
      const named = chileHolidaysNamed(year);
      expect(named.map((holiday) => holiday.date)).toEqual(chileHolidays(year));
      for (const holiday of named) expect(holiday.name.trim()).not.toBe('');
    }
  });

  it('gives the Spanish names, Sábado Santo included and Easter Sunday left out', () => {
    const named = new Map(chileHolidaysNamed(2026).map((holiday) => [holiday.date, holiday.name]));
    expect(named.get('2026-01-01')).toBe('Año Nuevo');
    expect(named.get('2026-04-03')).toBe('Viernes Santo');
    expect(named.get('2026-04-04')).toBe('Sábado Santo');
    expect(named.has('2026-04-05')).toBe(false);
    expect(named.get('2026-09-18')).toBe('Fiestas Patrias');
    expect(named.get('2026-12-25')).toBe('Navidad');
  });
});
