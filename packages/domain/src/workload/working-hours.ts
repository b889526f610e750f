/**
 * Issue 35: the hours a working day holds, for the HH ('horas-hombre') of the manpower histogram.
 * Chile's ordinary week (Código del Trabajo art. 22, Ley 21.561 of 2023) goes down in steps: 45
 * hours, 44 from 26 April 2024, 42 from 26 April 2026 and 40 from 26 April 2028. A day holds the
 * week's hours shared among the project's working weekdays (5: 8,8 h in 2025, 8,4 h in 2027, 8 h
 * from 2028; 6: 7 h in 2027). Pure.
 */

/** The legal weekly hours, from each date on (ascending). */
export const CHILE_WEEKLY_HOURS: readonly { from: string; hours: number }[] = [
  { from: '0000-01-01', hours: 45 },
  { from: '2024-04-26', hours: 44 },
  { from: '2026-04-26', hours: 42 },
  { from: '2028-04-26', hours: 40 },
];

/** The legal weekly hours on `date` (YYYY-MM-DD). */
export function weeklyHoursOn(date: string): number {
  let hours = (CHILE_WEEKLY_HOURS[0] as { hours: number }).hours;
  for (const step of CHILE_WEEKLY_HOURS) if (step.from <= date) hours = step.hours;
  return hours;
}

/** The hours of one working day on `date`, with `workingWeekdays` working days a week (1–7). */
export function hoursPerDayOn(date: string, workingWeekdays: number): number {
  const days = Math.min(7, Math.max(1, Math.round(workingWeekdays)));
  return weeklyHoursOn(date) / days;
}
