import Holidays from 'date-holidays';

/**
 * Chile's national public holidays by year, from the maintained `date-holidays` data (type
 * 'public'), plus Sábado Santo (Easter − 1), which that data is known to miss (issue 7). Easter
 * Sunday, which the data lists, is left out: it is a Sunday, not a statutory holiday.
 */

let chile: Holidays | undefined;
const cache = new Map<number, string[]>();

/** Easter Sunday (Gregorian), by the anonymous algorithm (Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function holySaturday(year: number): string {
  const easter = new Date(`${easterSunday(year)}T00:00:00Z`);
  easter.setUTCDate(easter.getUTCDate() - 1);
  return easter.toISOString().slice(0, 10);
}

/** Chile's public holidays of `year`, sorted, as YYYY-MM-DD. */
export function chileHolidays(year: number): readonly string[] {
  const cached = cache.get(year);
  if (cached) return cached;
  chile ??= new Holidays('CL');
  const easter = easterSunday(year);
  const dates = new Set<string>();
  for (const holiday of chile.getHolidays(year)) {
    if (holiday.type !== 'public') continue;
    const date = holiday.date.slice(0, 10);
    if (date !== easter) dates.add(date);
  }
  dates.add(holySaturday(year));
  const list = [...dates].sort();
  cache.set(year, list);
  return list;
}
