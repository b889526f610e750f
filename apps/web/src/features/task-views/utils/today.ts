import { formatDate } from '@cimiento/domain';

/** Today in America/Santiago (YYYY-MM-DD). */
export function todayInSantiago(now: Date = new Date()): string {
  const [day, month, year] = formatDate(now).split('-');
  return `${year}-${month}-${day}`;
}
