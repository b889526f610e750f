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

/** A holiday with its name, as date-holidays gives it in Spanish ('Fiestas Patrias'). */
export type NamedHoliday = { date: string; name: string };

const namedCache = new Map<number, NamedHoliday[]>();

/**
 * Chile's public holidays of `year` with their names, sorted by date (issue 14: the MSPDI export
 * writes them as named exceptions). Two holidays on one date share it: 'A / B'.
 */
export function chileHolidaysNamed(year: number): readonly NamedHoliday[] {
  const cached = namedCache.get(year);
  if (cached) return cached;
  chile ??= new Holidays('CL');
  const easter = easterSunday(year);
  const names = new Map<string, string[]>();
  const add = (date: string, name: string) => {
    const list = names.get(date);
    if (!list) names.set(date, [name]);
    else if (!list.includes(name)) list.push(name);
  };
  for (const holiday of chile.getHolidays(year)) {
    if (holiday.type !== 'public') continue;
    const date = holiday.date.slice(0, 10);
    if (date !== easter) add(date, holiday.name);
  }
  add(holySaturday(year), 'Sábado Santo');
  const list = [...names.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, parts]) => ({ date, name: parts.join(' / ') }));
  namedCache.set(year, list);
  return list;
}

/** Chile's public holidays of `year`, sorted, as YYYY-MM-DD. */
export function chileHolidays(year: number): readonly string[] {
  const cached = cache.get(year);
  if (cached) return cached;
  const list = chileHolidaysNamed(year).map((holiday) => holiday.date);
  cache.set(year, list);
  return list;
}
