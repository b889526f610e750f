import { formatDateTime } from '@cimiento/domain';

/** What the relative-time texts need from i18next: the 'a few seconds ago' wording and the locale. */
export type RelativeTimeTexts = { justNow: string; locale: string };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const formatters = new Map<string, Intl.RelativeTimeFormat>();

function relativeFormatter(locale: string): Intl.RelativeTimeFormat {
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
    formatters.set(locale, formatter);
  }
  return formatter;
}

/**
 * How long ago `at` was, as the bell and the banner say it: 'hace unos segundos' under a minute,
 * then 'hace 5 minutos', 'hace 2 horas', 'hace 3 días' (Intl in the app's language); past a week,
 * the date and time in America/Santiago ('24-11-2026 19:05'). A time a little in the future (the
 * server's clock ahead of the browser's) counts as now.
 */
export function formatRelativeTime(at: string | Date, now: number, texts: RelativeTimeTexts): string {
  const time = typeof at === 'string' ? Date.parse(at) : at.getTime();
  if (Number.isNaN(time)) return '';
  const elapsed = Math.max(0, now - time);
  if (elapsed < MINUTE) return texts.justNow;
  const formatter = relativeFormatter(texts.locale);
  if (elapsed < HOUR) return formatter.format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return formatter.format(-Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < 7 * DAY) return formatter.format(-Math.floor(elapsed / DAY), 'day');
  return formatDateTime(time);
}
