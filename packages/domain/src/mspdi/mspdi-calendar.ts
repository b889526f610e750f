import type { CalendarException } from '../gantt/calendar';
import { dayNumber, isoDay, weekday } from '../gantt/calendar';
import { MAX_CALENDAR_EXCEPTIONS } from '../functions/gantt-contracts';
import { datePart, listNames } from './mspdi-format';
import { child, children, flag, int, text } from './mspdi-nodes';
import type { XmlNode } from './mspdi-xml';
import type { Warnings } from './mspdi-warnings';

export type MappedCalendar = {
  name: string;
  workingWeekdays: number[];
  exceptions: CalendarException[];
  /** issue 35: the UID of the file's calendar read as the project's (a resource calendar derives from it) */
  uid?: number;
};

/**
 * The project's base calendar (<CalendarUID>): weekdays 1 (Sunday) … 7 (Saturday) from the
 * calendar or, when it leaves one out, from its base calendar; exceptions in MS Project 2007+'s
 * <Exceptions> or, failing those, 2003's exception weekdays (DayType 0), one per date.
 */
export function mapCalendar(project: XmlNode, warnings: Warnings): MappedCalendar {
  const calendars = children(child(project, 'Calendars'), 'Calendar');
  const byUid = new Map<number, XmlNode>();
  for (const calendar of calendars) {
    const uid = int(calendar, 'UID');
    if (uid !== undefined && !byUid.has(uid)) byUid.set(uid, calendar);
  }
  const projectCalendarUid = int(project, 'CalendarUID');
  const base =
    (projectCalendarUid === undefined ? undefined : byUid.get(projectCalendarUid)) ??
    calendars.find((calendar) => flag(calendar, 'IsBaseCalendar')) ??
    calendars[0];
  if (!base) {
    warnings.note('El archivo no trae calendario; se usa uno de lunes a viernes.');
    return { name: 'Estándar', workingWeekdays: [1, 2, 3, 4, 5], exceptions: [] };
  }
  const name = (text(base, 'Name') ?? '').trim() || 'Estándar';

  // the chain: the calendar, then its base calendars (guarding against loops)
  const chain: XmlNode[] = [];
  const visited = new Set<XmlNode>();
  for (let calendar: XmlNode | undefined = base; calendar && !visited.has(calendar);) {
    visited.add(calendar);
    chain.push(calendar);
    const baseUid = int(calendar, 'BaseCalendarUID');
    calendar = baseUid === undefined || baseUid < 0 ? undefined : byUid.get(baseUid);
  }

  const working: (boolean | undefined)[] = new Array(7).fill(undefined);
  for (const calendar of chain) {
    for (const day of children(child(calendar, 'WeekDays'), 'WeekDay')) {
      const type = int(day, 'DayType');
      if (type === undefined || type < 1 || type > 7) continue;
      if (working[type - 1] === undefined) working[type - 1] = flag(day, 'DayWorking');
    }
  }
  // a weekday no calendar defines: MS Project's standard week
  let workingWeekdays = working
    .map((value, index) => ((value ?? (index >= 1 && index <= 5)) ? index : -1))
    .filter((index) => index >= 0);
  if (workingWeekdays.length === 0) {
    warnings.note(`El calendario «${name}» no tiene días laborables en la semana; se usa de lunes a viernes.`);
    workingWeekdays = [1, 2, 3, 4, 5];
  }

  const byDate = new Map<string, CalendarException>();
  let capped = false;
  const add = (date: string, exceptionName: string, isWorking: boolean) => {
    if (byDate.has(date)) return;
    if (byDate.size >= MAX_CALENDAR_EXCEPTIONS) {
      capped = true;
      return;
    }
    byDate.set(date, { date, name: exceptionName.slice(0, 120), working: isWorking });
  };
  const unreadable: string[] = [];
  for (const calendar of chain) {
    const exceptions = children(child(calendar, 'Exceptions'), 'Exception');
    if (exceptions.length > 0) {
      for (const exception of exceptions) {
        const exceptionName = (text(exception, 'Name') ?? '').trim();
        const dates = exceptionDates(exception);
        if (dates === undefined) unreadable.push(exceptionName || 'sin nombre');
        else for (const date of dates) add(date, exceptionName, flag(exception, 'DayWorking'));
      }
    } else {
      for (const day of children(child(calendar, 'WeekDays'), 'WeekDay')) {
        if (int(day, 'DayType') !== 0) continue;
        const period = child(day, 'TimePeriod');
        const dates = rangeDates(text(period, 'FromDate'), text(period, 'ToDate'));
        if (dates === undefined) unreadable.push('sin nombre');
        else for (const date of dates) add(date, '', flag(day, 'DayWorking'));
      }
    }
    if (children(child(calendar, 'WorkWeeks'), 'WorkWeek').length > 0)
      warnings.note(
        `El calendario «${(text(calendar, 'Name') ?? '').trim() || name}» tiene semanas laborales distintas de la predeterminada; no se importan: se usa solo su semana predeterminada.`,
      );
  }
  if (unreadable.length > 0)
    warnings.note(`No se pudieron leer las fechas de las excepciones del calendario: ${listNames(unreadable)}.`);
  if (capped)
    warnings.note(
      `El calendario tiene más de ${MAX_CALENDAR_EXCEPTIONS} fechas de excepción; se importaron las primeras ${MAX_CALENDAR_EXCEPTIONS}.`,
    );
  const exceptions = [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
  const uid = int(base, 'UID');
  return { name, workingWeekdays, exceptions, ...(uid === undefined ? {} : { uid }) };
}

/** Longest span of one exception we expand (about 30 years); beyond it only the cap applies. */
const MAX_EXCEPTION_SPAN_DAYS = 11_000;

/** The dates from FromDate to ToDate inclusive (a ToDate at 00:00 of a later day ends the day before). */
export function rangeDates(from: string | undefined, to: string | undefined): string[] | undefined {
  const first = datePart(from);
  const lastDate = datePart(to ?? from);
  if (first === undefined || lastDate === undefined) return undefined;
  let last = dayNumber(lastDate);
  const start = dayNumber(first);
  if (to !== undefined && last > start && /T00:00(:00)?$/.test(to.trim())) last -= 1;
  if (last < start) return undefined;
  const dates: string[] = [];
  for (let day = start; day <= Math.min(last, start + MAX_EXCEPTION_SPAN_DAYS); day += 1) dates.push(isoDay(day));
  return dates;
}

/**
 * The dates of one 2007+ exception: its TimePeriod's days, filtered by its recurrence (the types
 * MPXJ documents): 1 daily, 7 daily every Period days, 6 weekly (DaysOfWeek bit mask, 1 = Sunday,
 * every Period weeks), 4 monthly by day (MonthDay, every Period months), 5 monthly by position
 * (MonthPosition 0–3 first to fourth, 4 last; MonthItem 0 day, 1 weekday, 2 weekend day, 3–9
 * Sunday to Saturday; every Period months), 2 yearly by day (Month 0–11, MonthDay) and 3 yearly by
 * position (Month, MonthItem, MonthPosition). Entered by occurrences, the first Occurrences of them.
 * Another type (MS Project defines no 8 or 9) gives undefined: named as unreadable.
 */
export function exceptionDates(exception: XmlNode): string[] | undefined {
  const period = child(exception, 'TimePeriod');
  const dates = rangeDates(text(period, 'FromDate'), text(period, 'ToDate'));
  if (dates === undefined) return undefined;
  const type = int(exception, 'Type') ?? 1;
  const every = Math.max(1, int(exception, 'Period') ?? 1);
  // the count of occurrences bounds the range only when the exception was entered by occurrences
  const occurrences = flag(exception, 'EnteredByOccurrences') ? int(exception, 'Occurrences') : undefined;
  const limit = (list: string[]) => (occurrences !== undefined && occurrences > 0 ? list.slice(0, occurrences) : list);
  const first = dayNumber(dates[0] as string);
  switch (type) {
    case 1:
    case 7:
      return limit(dates.filter((date) => (dayNumber(date) - first) % every === 0));
    case 6: {
      const mask = int(exception, 'DaysOfWeek') ?? 0;
      const firstWeek = Math.floor((first - weekday(first)) / 7);
      return limit(
        dates.filter((date) => {
          const day = dayNumber(date);
          const week = Math.floor((day - weekday(day)) / 7);
          return (mask & (1 << weekday(day))) !== 0 && (week - firstWeek) % every === 0;
        }),
      );
    }
    case 4: {
      const monthDay = int(exception, 'MonthDay');
      if (monthDay === undefined) return undefined;
      const firstMonth = monthIndex(dates[0] as string);
      return limit(
        dates.filter((date) => Number(date.slice(8, 10)) === monthDay && (monthIndex(date) - firstMonth) % every === 0),
      );
    }
    case 2: {
      const monthDay = int(exception, 'MonthDay');
      const month = int(exception, 'Month');
      if (monthDay === undefined || month === undefined) return undefined;
      return limit(
        dates.filter((date) => Number(date.slice(8, 10)) === monthDay && Number(date.slice(5, 7)) === month + 1),
      );
    }
    case 5:
    case 3: {
      const item = int(exception, 'MonthItem');
      const position = int(exception, 'MonthPosition');
      const month = int(exception, 'Month');
      if (item === undefined || position === undefined || (type === 3 && month === undefined)) return undefined;
      const last = dayNumber(dates[dates.length - 1] as string);
      const step = type === 3 ? 12 : every;
      const found: string[] = [];
      let index = monthIndex(dates[0] as string);
      // a yearly one starts in its month of the first year that has it in the range
      if (type === 3) while (index % 12 !== month) index += 1;
      for (; index <= monthIndex(isoDay(last)); index += step) {
        const date = dayByPosition(Math.floor(index / 12), index % 12, item, position);
        if (date !== undefined && dayNumber(date) >= first && dayNumber(date) <= last) found.push(date);
      }
      return limit(found);
    }
    default:
      return undefined;
  }
}

/**
 * The day of a month by position (MSPDI's MonthItem and MonthPosition): the first to fourth, or the
 * last (4), day (0), weekday (1), weekend day (2) or Sunday … Saturday (3–9); month 0–11.
 */
function dayByPosition(year: number, month: number, item: number, position: number): string | undefined {
  if (item < 0 || item > 9 || position < 0 || position > 4) return undefined;
  const firstDay = dayNumber(`${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-01`);
  const nextMonth =
    month === 11
      ? `${String(year + 1).padStart(4, '0')}-01-01`
      : `${String(year).padStart(4, '0')}-${String(month + 2).padStart(2, '0')}-01`;
  const days: number[] = [];
  for (let day = firstDay; day < dayNumber(nextMonth); day += 1) {
    const week = weekday(day);
    const fits =
      item === 0 || (item === 1 ? week >= 1 && week <= 5 : item === 2 ? week === 0 || week === 6 : week === item - 3);
    if (fits) days.push(day);
  }
  const chosen = position === 4 ? days[days.length - 1] : days[position];
  return chosen === undefined ? undefined : isoDay(chosen);
}

function monthIndex(date: string): number {
  return Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;
}
