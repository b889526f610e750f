import { chileHolidays } from '@cimiento/domain/holidays';
import type { BrowserContext } from 'playwright-core';

/**
 * Issue 30, 'the suite passes on any day': the days a scenario that uses 'today' runs on. The real
 * clock, and days off chosen ahead of the real date: the server process gets the instant through a
 * test-support preload (fixed-clock.mjs, started by server.ts), the browser through playwright-core's
 * context.clock. They are ahead of the real date, never behind: Chromium keeps its cookies by its own
 * (real) clock, and a server living in the past would hand it cookies that had already expired.
 */
export type TestClock = {
  /** names the scenario's run: 'hoy', or the day off and its date */
  name: string;
  /** the instant the app lives at; undefined: the real clock */
  instant?: Date;
};

export const REAL_CLOCK: TestClock = { name: 'hoy' };

/** YYYY-MM-DD of an instant in America/Santiago, the app's "today". */
export function santiagoDate(instant: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Santiago',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

/** The app's "today" on a clock (the real one: now). */
export function todayOn(clock: TestClock): string {
  return santiagoDate(clock.instant ?? new Date());
}

/** Noon or 1 p.m. in Santiago (UTC−4 or −3) on a date: well inside that day whatever the offset. */
function middayInSantiago(date: string): Date {
  return new Date(`${date}T16:00:00Z`);
}

const DAY_MS = 86_400_000;
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
const dmy = (date: string) => date.split('-').reverse().join('-');

/**
 * Three days off after `from` (Santiago dates), for the check: the next Saturday that is the last day
 * of its month (the next working day is in another month), the next Sunday, and the next Chilean
 * holiday that falls on a weekday (Monday–Friday).
 */
export function daysOffAfter(from: Date = new Date()): TestClock[] {
  const today = santiagoDate(from);
  let saturday: string | undefined;
  let sunday: string | undefined;
  let holiday: string | undefined;
  for (
    let days = 1;
    days <= 3 * 366 && (saturday === undefined || sunday === undefined || holiday === undefined);
    days += 1
  ) {
    const date = addDays(today, days);
    const weekday = weekdayOf(date);
    if (sunday === undefined && weekday === 0) sunday = date;
    if (saturday === undefined && weekday === 6 && addDays(date, 1).slice(5, 7) !== date.slice(5, 7)) saturday = date;
    if (holiday === undefined && weekday >= 1 && weekday <= 5 && chileHolidays(Number(date.slice(0, 4))).includes(date))
      holiday = date;
  }
  if (saturday === undefined || sunday === undefined || holiday === undefined)
    throw new Error(`no days off found after ${today}`);
  return [
    { name: `sábado ${dmy(saturday)}, fin de mes`, instant: middayInSantiago(saturday) },
    { name: `domingo ${dmy(sunday)}`, instant: middayInSantiago(sunday) },
    { name: `feriado ${dmy(holiday)}`, instant: middayInSantiago(holiday) },
  ];
}

/** The browser's clock at the instant, running from there (every page of the context; before any opens). */
export async function setBrowserClock(context: BrowserContext, clock: TestClock): Promise<void> {
  if (clock.instant !== undefined) await context.clock.install({ time: clock.instant });
}
