/** Date-only arithmetic on YYYY-MM-DD strings (no time zone: a day is a day). */

function toUtc(iso: string): number {
  const [year = 0, month = 1, day = 1] = iso.split('-').map(Number);
  return Date.UTC(year, month - 1, day);
}

function fromUtc(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

export function addDays(iso: string, days: number): string {
  return fromUtc(toUtc(iso) + days * 86_400_000);
}

/** 0 = domingo … 6 = sábado */
export function weekdayOf(iso: string): number {
  return new Date(toUtc(iso)).getUTCDay();
}

export function isoOf(year: number, month: number, day: number): string {
  return fromUtc(Date.UTC(year, month - 1, day));
}
