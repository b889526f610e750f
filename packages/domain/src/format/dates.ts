/** The product's time zone: every date the user sees is Santiago's wall-clock time. */
export const APP_TIME_ZONE = 'America/Santiago';

let partsFormatter: Intl.DateTimeFormat | undefined;

/**
 * Made on first use: a formatter with a time zone costs ~15 ms to build in the browser, and a
 * screen's chunk that only imports this module should not pay it at boot (issue 18).
 */
function santiagoFormatter(): Intl.DateTimeFormat {
  partsFormatter ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: APP_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return partsFormatter;
}

type DateInput = Date | string | number | { _seconds: number };

function toDate(value: DateInput): Date {
  if (value instanceof Date) return value;
  if (typeof value === 'number') return new Date(value);
  if (typeof value === 'string') return new Date(value);
  // the spec's project date: a seconds timestamp in a _seconds field
  return new Date(value._seconds * 1000);
}

function santiagoParts(value: DateInput): Record<'year' | 'month' | 'day' | 'hour' | 'minute', string> {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) throw new RangeError('Fecha no válida');
  const parts = Object.fromEntries(
    santiagoFormatter()
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return {
    year: parts.year ?? '',
    month: parts.month ?? '',
    day: parts.day ?? '',
    hour: parts.hour ?? '',
    minute: parts.minute ?? '',
  };
}

/** `DD-MM-YYYY HH:mm` in America/Santiago. */
export function formatDateTime(value: DateInput): string {
  const p = santiagoParts(value);
  return `${p.day}-${p.month}-${p.year} ${p.hour}:${p.minute}`;
}

/** `DD-MM-YYYY` in America/Santiago. */
export function formatDate(value: DateInput): string {
  const p = santiagoParts(value);
  return `${p.day}-${p.month}-${p.year}`;
}

/**
 * Today in America/Santiago as YYYY-MM-DD: the day it is there at `now` (the dashboard's upcoming
 * window starts on it, on the server and in the browser alike).
 */
export function santiagoToday(now: Date = new Date()): string {
  const p = santiagoParts(now);
  return `${p.year}-${p.month}-${p.day}`;
}

/** A date-only value (YYYY-MM-DD, no time zone) shown as DD-MM-YYYY. */
export function formatIsoDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) throw new RangeError(`Fecha no válida: ${isoDate}`);
  return `${match[3]}-${match[2]}-${match[1]}`;
}

const TYPED_DATE = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day (YYYY-MM-DD). */
export function isRealIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** 'dd-mm-aaaa' as typed (also with / or .) → 'YYYY-MM-DD', or null when it is not a real day. */
export function isoOfTypedDate(text: string): string | null {
  const match = TYPED_DATE.exec(text.trim());
  if (!match) return null;
  const iso = `${match[3]}-${(match[2] ?? '').padStart(2, '0')}-${(match[1] ?? '').padStart(2, '0')}`;
  return isRealIsoDate(iso) ? iso : null;
}
