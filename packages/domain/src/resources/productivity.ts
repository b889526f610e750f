import { compareDecimals, divideDecimals, multiplyDecimals } from '../format/money-math';

/**
 * Issue 35: durations from quantities, as the 'análisis de precios unitarios' sizes them. An
 * activity of the catalogue may carry a unit of work, a productivity ('rendimiento': units one crew
 * does in a working day) and how many crews do it; a task with a quantity then lasts
 * ⌈quantity ÷ (rendimiento × crews)⌉ working days. Exact decimals (big.js): 1,1 m³ at 0,1 m³ a day
 * is 11 days, not the 12 a binary float gives. Pure.
 */

/** The units of work an activity is measured in. */
export const WORK_UNITS = ['m2', 'm3', 'kg', 'ml', 'un', 'gl'] as const;
export type WorkUnit = (typeof WORK_UNITS)[number];

/** How each unit reads ('m²', 'm³'). */
export const WORK_UNIT_LABELS: Readonly<Record<WorkUnit, string>> = {
  m2: 'm²',
  m3: 'm³',
  kg: 'kg',
  ml: 'ml',
  un: 'un',
  gl: 'gl',
};

/** The most crews a task may have. */
export const MAX_CREWS = 100;

/** An EDP item's unit as a unit of work, when it is one ('m²', 'M2', 'm3 ' → 'm2', 'm3'); undefined otherwise. */
export function workUnitOf(unit: string | undefined): WorkUnit | undefined {
  if (unit === undefined) return undefined;
  const key = unit.trim().toLowerCase().replace('²', '2').replace('³', '3').replace(/\.$/, '');
  return (WORK_UNITS as readonly string[]).includes(key) ? (key as WorkUnit) : undefined;
}

/**
 * The working days `quantity` takes at `productivity` units per crew-day with `crews` crews:
 * ⌈quantity ÷ (productivity × crews)⌉, capped at `maxDays`. Undefined when the quantity is not
 * positive, the productivity is not positive or the crews are not a whole number ≥ 1: then the
 * catalogue's duration applies. Decimals as canonical text ('120', '12.5').
 */
export function durationFromQuantity(
  quantity: string,
  productivity: string,
  crews: number,
  maxDays = Number.POSITIVE_INFINITY,
): number | undefined {
  if (!Number.isInteger(crews) || crews < 1) return undefined;
  if (compareDecimals(quantity, '0') <= 0 || compareDecimals(productivity, '0') <= 0) return undefined;
  const days = divideDecimals(quantity, multiplyDecimals(productivity, String(crews)));
  const whole = days.includes('.') ? Number(days.slice(0, days.indexOf('.'))) + 1 : Number(days);
  return Math.min(maxDays, Math.max(1, whole));
}
