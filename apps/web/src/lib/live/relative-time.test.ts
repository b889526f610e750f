import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

const es = { justNow: 'hace unos segundos', locale: 'es-CL' };
const now = Date.parse('2026-11-24T22:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('formatRelativeTime', () => {
  it("says 'hace unos segundos' under a minute, and for a time a little ahead of the browser's clock", () => {
    expect(formatRelativeTime(ago(0), now, es)).toBe('hace unos segundos');
    expect(formatRelativeTime(ago(59_000), now, es)).toBe('hace unos segundos');
    expect(formatRelativeTime(ago(-3_000), now, es)).toBe('hace unos segundos');
  });

  it('counts minutes, hours and days in Spanish', () => {
    expect(formatRelativeTime(ago(60_000), now, es)).toBe('hace 1 minuto');
    expect(formatRelativeTime(ago(5 * 60_000 + 30_000), now, es)).toBe('hace 5 minutos');
    expect(formatRelativeTime(ago(2 * 3_600_000), now, es)).toBe('hace 2 horas');
    expect(formatRelativeTime(ago(3 * 86_400_000), now, es)).toBe('hace 3 días');
  });

  it("past a week, shows Santiago's date and time", () => {
    // 2026-11-14T22:00Z is 19:00 in Santiago (UTC-3 in summer)
    expect(formatRelativeTime(ago(10 * 86_400_000), now, es)).toBe('14-11-2026 19:00');
  });

  it('speaks English when the app does, and gives nothing for an unreadable time', () => {
    const en = { justNow: 'a few seconds ago', locale: 'en-US' };
    expect(formatRelativeTime(ago(5 * 60_000), now, en)).toBe('5 minutes ago');
    expect(formatRelativeTime('not a date', now, es)).toBe('');
  });
});
