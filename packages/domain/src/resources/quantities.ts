import { parseDecimal } from '../format/decimal';
import { compareDecimals, divideDecimals, multiplyDecimals } from '../format/money-math';
import { WORK_UNIT_LABELS, workUnitOf } from './productivity';
import type { WorkUnit } from './productivity';

/**
 * Issue 35: an EDC activity's quantity and the Gantt duration it gives (docs/RESOURCES.md
 * "Quantities and durations"). An EDC activity row may carry a quantity typed in the EDC grid;
 * without one it takes its EDP item's quantity when the item's unit is the activity's unit of work.
 * Its task then lasts ⌈quantity ÷ (rendimiento × crews)⌉ working days, the crews being the task's
 * units of its activity's resource (MS Project's effort-driven task: more crews, fewer days). A
 * duration typed by hand wins. Pure.
 */

/** The largest quantity an EDC activity takes (a sane bound: a billion m²). */
export const MAX_EDC_QUANTITY = '1000000000';
/** The most days the formula gives (MAX_TASK_DURATION's value, kept here below the contracts). */
export const MAX_FORMULA_DAYS = 10_000;

/**
 * What is wrong with a typed quantity (decimal text, '.' as the separator), in Spanish; undefined
 * when it is a valid one: greater than 0, at most MAX_EDC_QUANTITY, at most 4 decimals.
 */
export function quantityError(text: string | number): string | undefined {
  const parsed = parseDecimal(text);
  if (!parsed.ok) return parsed.error;
  if (compareDecimals(parsed.value, '0') <= 0) return 'debe ser mayor que 0';
  if (compareDecimals(parsed.value, MAX_EDC_QUANTITY) > 0) return 'debe ser como máximo 1.000.000.000';
  return undefined;
}

/** The quantity an EDC activity's duration is computed from, and where it came from. */
export type EffectiveQuantity = { quantity: string; inherited: boolean };

/**
 * The EDC activity's quantity: the one typed on the row, else its EDP item's quantity when the
 * item's unit reads as the activity's unit of work (workUnitOf: 'm²' is m2); undefined otherwise.
 */
export function effectiveQuantity(
  activity: { quantity?: string; workUnit?: WorkUnit },
  edpItem: { unit?: string; quantity?: string },
): EffectiveQuantity | undefined {
  if (activity.quantity !== undefined && activity.quantity !== '') {
    return { quantity: activity.quantity, inherited: false };
  }
  if (activity.workUnit === undefined || edpItem.quantity === undefined) return undefined;
  if (workUnitOf(edpItem.unit) !== activity.workUnit) return undefined;
  if (compareDecimals(edpItem.quantity, '0') <= 0) return undefined;
  return { quantity: edpItem.quantity, inherited: true };
}

/**
 * The crews a task works with: its units of the activity's default resource when it has it,
 * else the activity's crews in the catalogue (1 when it has none).
 */
export function taskCrews(
  resources: readonly { resourceId: string; units: number }[] | undefined,
  resourceId: string | undefined,
  catalogueCrews: number | undefined,
): number {
  if (resourceId !== undefined) {
    const assigned = resources?.find((item) => item.resourceId === resourceId);
    if (assigned !== undefined) return assigned.units;
  }
  return catalogueCrews ?? 1;
}

/**
 * ⌈quantity ÷ (productivity × crews)⌉ working days, at least 1, at most MAX_FORMULA_DAYS, in exact
 * decimals; the crews may be a fraction (a task's units have up to 2 decimals: 0,5 is half a
 * crew). Undefined when any of the three is not greater than 0: the catalogue's duration applies.
 */
export function formulaDuration(quantity: string, productivity: string, crews: number): number | undefined {
  if (!Number.isFinite(crews) || crews <= 0) return undefined;
  const crewsText = parseDecimal(crews);
  if (!crewsText.ok) return undefined;
  if (compareDecimals(quantity, '0') <= 0 || compareDecimals(productivity, '0') <= 0) return undefined;
  const days = divideDecimals(quantity, multiplyDecimals(productivity, crewsText.value));
  const dot = days.indexOf('.');
  const whole = dot === -1 ? Number(days) : Number(days.slice(0, dot)) + 1;
  return Math.min(MAX_FORMULA_DAYS, Math.max(1, whole));
}

/** What a task needs to be sized by its quantity (loadGantt's `DurationFormula`). */
export type DurationFormula = {
  quantity: string;
  workUnit: WorkUnit;
  productivity: string;
  /** the activity's default resource, whose units on the task are its crews; absent: the catalogue's crews */
  resourceId?: string;
  /** the activity's crews in the catalogue (absent: 1) */
  catalogueCrews?: number;
};

/** The days the formula gives a task with `resources` (undefined: it does not apply). */
export function taskFormulaDays(
  formula: DurationFormula,
  resources: readonly { resourceId: string; units: number }[] | undefined,
): number | undefined {
  const crews = taskCrews(resources, formula.resourceId, formula.catalogueCrews);
  return formulaDuration(formula.quantity, formula.productivity, crews);
}

/** A decimal as es-CL reads it ('12.5' → '12,5', '1200' → '1.200'). */
function readDecimal(value: string): string {
  const [integer = '0', fraction] = value.split('.');
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return fraction === undefined ? grouped : `${grouped},${fraction}`;
}

/**
 * The formula as the task editor shows it: '120 m² ÷ (8 m²/día × 2 cuadrillas) = 8 días'.
 * Undefined when it does not apply.
 */
export function formulaText(
  formula: DurationFormula,
  resources: readonly { resourceId: string; units: number }[] | undefined,
): string | undefined {
  const crews = taskCrews(resources, formula.resourceId, formula.catalogueCrews);
  const days = formulaDuration(formula.quantity, formula.productivity, crews);
  if (days === undefined) return undefined;
  const unit = WORK_UNIT_LABELS[formula.workUnit];
  const crewsText = `${readDecimal(String(crews))} ${crews === 1 ? 'cuadrilla' : 'cuadrillas'}`;
  return (
    `${readDecimal(formula.quantity)} ${unit} ÷ (${readDecimal(formula.productivity)} ${unit}/día × ${crewsText})` +
    ` = ${readDecimal(String(days))} ${days === 1 ? 'día' : 'días'}`
  );
}

/**
 * Whether a task's duration stays as typed (issue 35: 'a duration typed by hand wins'): what the
 * save said (`byHand`) when it said so; else a duration other than the formula's is one typed by
 * hand, and one equal to it keeps what was stored. Without a formula nothing is by hand.
 */
export function durationByHand(options: {
  formulaDays: number | undefined;
  duration: number;
  byHand: boolean | null | undefined;
  storedByHand: boolean | undefined;
}): boolean {
  if (options.formulaDays === undefined) return options.byHand === true || options.storedByHand === true;
  if (options.byHand !== undefined && options.byHand !== null) return options.byHand;
  if (options.duration !== options.formulaDays) return true;
  return options.storedByHand === true;
}
