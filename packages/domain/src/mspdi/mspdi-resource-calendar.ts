import { dayNumber, isoDay } from '../gantt/calendar';
import { MAX_RESOURCE_CALENDAR_NAME, MAX_RESOURCE_CALENDAR_RANGES } from '../resources/resources';
import type { ResourceCalendar, ResourceCalendarRange } from '../resources/resources';
import { exceptionDates, rangeDates } from './mspdi-calendar';
import { child, children, flag, int, text } from './mspdi-nodes';
import type { XmlNode } from './mspdi-xml';
import type { Warnings } from './mspdi-warnings';

/**
 * Issue 35: a resource's own calendar in MS Project XML (docs/EXCHANGE.md "Resources"). In MS
 * Project a resource calendar (Resource/CalendarUID) is a calendar derived from a base calendar
 * (BaseCalendarUID) plus its own weekdays and exceptions. In Cimiento a resource's calendar only
 * takes days off the project's, so it reads:
 *
 * - the calendars from the resource's up its bases, stopping at the project's calendar (whose days
 *   the project has already); a chain that never reaches it (another base calendar) is read whole;
 * - the weekdays: the project's, less those the chain marks non-working (DayType 1–7, the nearest
 *   calendar deciding); a weekday the chain works that the project does not stays off, named;
 * - the exceptions (2007+ <Exceptions>, every recurrence `exceptionDates` reads; else 2003's
 *   DayType 0 periods): the non-working ones as date ranges (consecutive days joined, named with
 *   the exception's name); a working one (an extra working day) is not taken, named;
 * - at most MAX_RESOURCE_CALENDAR_RANGES ranges, the first by date, the rest named as cut.
 *
 * A chain that changes nothing (the resource's calendar is the project's, or derives from it with
 * no exceptions) is no calendar: the project's applies, as for a resource without one.
 */

/** What the file's calendars give each resource, by the calendar's UID. */
export type ResourceCalendarReader = (
  calendarUid: number | undefined,
  resourceName: string,
) => ResourceCalendar | undefined;

export function resourceCalendarReader(
  project: XmlNode,
  projectCalendar: { uid?: number; workingWeekdays: readonly number[] },
  warnings: Warnings,
): ResourceCalendarReader {
  const byUid = new Map<number, XmlNode>();
  for (const calendar of children(child(project, 'Calendars'), 'Calendar')) {
    const uid = int(calendar, 'UID');
    if (uid !== undefined && !byUid.has(uid)) byUid.set(uid, calendar);
  }
  const cache = new Map<number, ChainRead>();
  return (calendarUid, resourceName) => {
    if (calendarUid === undefined || calendarUid < 0 || calendarUid === projectCalendar.uid) return undefined;
    let read = cache.get(calendarUid);
    if (read === undefined) {
      read = readChain(calendarUid, byUid, projectCalendar);
      cache.set(calendarUid, read);
    }
    if (read.extraDays) warnings.add('resourceWorkingDays', resourceName);
    if (read.cut) warnings.add('resourceCalendarCut', resourceName);
    if (read.noWeekdays) warnings.add('resourceNoWeekdays', resourceName);
    return read.calendar;
  };
}

type ChainRead = { calendar: ResourceCalendar | undefined; extraDays: boolean; cut: boolean; noWeekdays: boolean };

function readChain(
  calendarUid: number,
  byUid: ReadonlyMap<number, XmlNode>,
  projectCalendar: { uid?: number; workingWeekdays: readonly number[] },
): ChainRead {
  const chain: XmlNode[] = [];
  const visited = new Set<number>();
  for (let uid: number | undefined = calendarUid; uid !== undefined && uid >= 0 && !visited.has(uid);) {
    visited.add(uid);
    if (uid === projectCalendar.uid) break;
    const calendar = byUid.get(uid);
    if (calendar === undefined) break;
    chain.push(calendar);
    uid = int(calendar, 'BaseCalendarUID');
  }
  let extraDays = false;

  // the weekdays, the nearest calendar deciding
  const working: (boolean | undefined)[] = new Array(7).fill(undefined);
  for (const calendar of chain) {
    for (const day of children(child(calendar, 'WeekDays'), 'WeekDay')) {
      const type = int(day, 'DayType');
      if (type === undefined || type < 1 || type > 7) continue;
      if (working[type - 1] === undefined) working[type - 1] = flag(day, 'DayWorking');
    }
  }
  working.forEach((value, index) => {
    if (value === true && !projectCalendar.workingWeekdays.includes(index)) extraDays = true;
  });
  const weekdays = projectCalendar.workingWeekdays.filter((day) => working[day] !== false);
  // none of the project's weekdays: the resource would never work; the project's week, named
  const noWeekdays = weekdays.length === 0;
  const narrowed = !noWeekdays && weekdays.length < projectCalendar.workingWeekdays.length;

  // the non-working exceptions as ranges
  const ranges: ResourceCalendarRange[] = [];
  const addDates = (dates: readonly string[], name: string) => {
    const sorted = [...new Set(dates)].sort();
    let from: string | undefined;
    let last = Number.NaN;
    for (const date of sorted) {
      const day = dayNumber(date);
      if (from !== undefined && day === last + 1) {
        last = day;
        continue;
      }
      if (from !== undefined) ranges.push({ from, to: isoDay(last), name });
      from = date;
      last = day;
    }
    if (from !== undefined) ranges.push({ from, to: isoDay(last), name });
  };
  for (const calendar of chain) {
    const exceptions = children(child(calendar, 'Exceptions'), 'Exception');
    if (exceptions.length > 0) {
      for (const exception of exceptions) {
        const name = (text(exception, 'Name') ?? '').trim().slice(0, MAX_RESOURCE_CALENDAR_NAME);
        const dates = exceptionDates(exception);
        if (dates === undefined) continue;
        if (flag(exception, 'DayWorking')) extraDays = extraDays || dates.length > 0;
        else addDates(dates, name);
      }
    } else {
      for (const day of children(child(calendar, 'WeekDays'), 'WeekDay')) {
        if (int(day, 'DayType') !== 0) continue;
        const period = child(day, 'TimePeriod');
        const dates = rangeDates(text(period, 'FromDate'), text(period, 'ToDate'));
        if (dates === undefined) continue;
        if (flag(day, 'DayWorking')) extraDays = true;
        else addDates(dates, '');
      }
    }
  }
  // by date; ranges that share a day (two exceptions over the same days) joined
  ranges.sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
  const joined: ResourceCalendarRange[] = [];
  for (const range of ranges) {
    const previous = joined[joined.length - 1];
    if (previous !== undefined && range.from <= previous.to) {
      if (range.to > previous.to) previous.to = range.to;
    } else joined.push({ ...range });
  }
  const cut = joined.length > MAX_RESOURCE_CALENDAR_RANGES;
  const exceptions = joined.slice(0, MAX_RESOURCE_CALENDAR_RANGES);
  if (!narrowed && exceptions.length === 0) return { calendar: undefined, extraDays, cut, noWeekdays };
  return {
    calendar: { ...(narrowed ? { workingWeekdays: weekdays } : {}), exceptions },
    extraDays,
    cut,
    noWeekdays,
  };
}
