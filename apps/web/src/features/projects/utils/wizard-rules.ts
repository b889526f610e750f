import {
  MAX_AREA_QUANTITY,
  formatMoney,
  parseChileanDecimal,
  projectDefaults,
  sequencingModes,
  sortByPriority,
} from '@cimiento/domain';
import type { AreaType, Currency, ProjectInput, SequencingMode } from '@cimiento/domain';
import type { ProjectDraft } from '../stores/project-wizard-store';
import { isAreaPlanValid, sectorQuantitiesOf } from './area-plan';

/**
 * The wizard's validation rules (product-spec.md §5). They only decide what the screen shows and
 * which buttons are enabled: the server checks the project again when it is saved.
 */

export function isFilled(text: string): boolean {
  return text.trim() !== '';
}

/** Priority and the years: an error state when empty or 0. */
export function isNonZeroNumber(text: string): boolean {
  return isFilled(text) && Number(text) !== 0;
}

/** The server refuses a code with spaces or dots: the EDP's codes are "{code}.{n}.{m}". */
export function isCodeWellFormed(code: string): boolean {
  return !/[\s.]/.test(code.trim());
}

/**
 * Whether the code is free (checkProjectCode, asked as it is typed): idle (empty or malformed, not
 * asked), checking (waiting for a pause in the typing, or for the answer), available, taken,
 * invalid (the server refused the code itself) or unknown (the check could not be made).
 */
export type CodeCheck =
  | { status: 'idle' }
  | { status: 'checking' }
  | { status: 'available'; message: string }
  | { status: 'taken'; message: string }
  | { status: 'invalid'; message: string }
  | { status: 'unknown' };

/**
 * The code check lets the wizard go on unless it is still running or said no. A check that could
 * not be made does not stop the user: saveProject refuses a duplicate code itself.
 */
export function isCodeCheckPassable(check: CodeCheck): boolean {
  return check.status === 'idle' || check.status === 'available' || check.status === 'unknown';
}

/**
 * Step 1's Next: "enabled only when name and code are both non-empty", and not while the code is
 * being checked or is known to be taken (issue 12: the wizard checks the code at step 1); issue 35:
 * nor while a sub-area's quantity does not read or the EDP would be too big (area-plan.ts).
 */
export function canLeaveBasicStep(
  draft: ProjectDraft,
  codeCheck: CodeCheck,
  areaTypes: readonly AreaType[] = [],
): boolean {
  return (
    isFilled(draft.name) && isFilled(draft.code) && isCodeCheckPassable(codeCheck) && isAreaPlanValid(draft, areaTypes)
  );
}

/** Step 2's Next: "enabled only when startYear and endYear are both filled". */
/** issue 35: the years a project may run in (a construction schedule's span, as the Gantt's cells take dates). */
export const FIRST_PROJECT_YEAR = 2000;
export const LAST_PROJECT_YEAR = 2100;

/** A year the project may run in: four digits, from FIRST_PROJECT_YEAR to LAST_PROJECT_YEAR. */
export function isYearInRange(text: string): boolean {
  const trimmed = text.trim();
  if (!/^\d{4}$/.test(trimmed)) return false;
  const year = Number(trimmed);
  return year >= FIRST_PROJECT_YEAR && year <= LAST_PROJECT_YEAR;
}

/** issue 35: step 2's Next needs both years, each from 2000 to 2100, the end not before the start. */
export function canLeaveFinancialStep(draft: ProjectDraft): boolean {
  return isYearInRange(draft.startYear) && isYearInRange(draft.endYear) && !isEndBeforeStart(draft);
}

/** A step can be opened from the progress bar when every step before it passes its Next rule. */
export function canOpenStep(
  step: number,
  draft: ProjectDraft,
  codeCheck: CodeCheck,
  areaTypes: readonly AreaType[] = [],
): boolean {
  if (step <= 0) return true;
  if (!canLeaveBasicStep(draft, codeCheck, areaTypes)) return false;
  if (step === 1) return true;
  return canLeaveFinancialStep(draft);
}

export type BudgetState =
  | { kind: 'valid'; value: string; formatted: string }
  | { kind: 'zero'; value: string; formatted: string }
  | { kind: 'invalid'; error: string };

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The budget as typed in Chilean notation ('1.234.567,89'): its canonical decimal and the amount
 * as it will be shown, or the domain's Spanish error. 0 is an error state (§5) but can be saved.
 */
export function readBudget(text: string, currency: Currency): BudgetState {
  const result = parseChileanDecimal(text);
  if (!result.ok) return { kind: 'invalid', error: capitalize(result.error) };
  const formatted = formatMoney(result.value, currency);
  return result.value === '0'
    ? { kind: 'zero', value: result.value, formatted }
    : { kind: 'valid', value: result.value, formatted };
}

export function isSequencingMode(value: unknown): value is SequencingMode {
  return (sequencingModes as readonly unknown[]).includes(value);
}

/**
 * The draft's 'Secuencia del Gantt' (issue 13). A draft kept from before the option existed has
 * none, and gets the default, 'Tren de actividades', as saveProject would give it.
 */
export function draftSequencing(draft: Partial<Pick<ProjectDraft, 'sequencing'>>): SequencingMode {
  return isSequencingMode(draft.sequencing) ? draft.sequencing : projectDefaults.sequencing;
}

/** The years' extra hint: the server refuses a closing year before the start year. */
export function isEndBeforeStart(draft: Pick<ProjectDraft, 'startYear' | 'endYear'>): boolean {
  if (!isNonZeroNumber(draft.startYear) || !isNonZeroNumber(draft.endYear)) return false;
  return Number(draft.endYear) < Number(draft.startYear);
}

/** What a quantity input holds: a whole number in 0..999 (an emptied input counts as 0). */
export function toQuantity(text: string): number {
  const value = Math.trunc(Number(text));
  if (!Number.isFinite(value) || value < 0) return 0;
  return Math.min(MAX_AREA_QUANTITY, value);
}

/** The area types as the wizard lists them: by priority, each shown as '{priority}. {name}'. */
export function orderAreaTypes(areaTypes: readonly AreaType[]): AreaType[] {
  return sortByPriority(areaTypes);
}

export function areaTypeLabel(areaType: Pick<AreaType, 'priority' | 'name'>): string {
  return `${areaType.priority}. ${areaType.name}`;
}

/**
 * The saveProject payload: the draft with the canonical budget and, for the generic template,
 * the loaded area types each with its chosen quantity (the other templates ignore area types) and,
 * issue 35, for each area type the EDP gets, every sub-area's quantity as the wizard showed it.
 * An emptied priority or budget takes the spec's default ('0'); a budget that does not read as an
 * amount is sent as typed, so the server's message names it.
 */
export function toProjectInput(draft: ProjectDraft, areaTypes: readonly AreaType[]): ProjectInput {
  const budget = parseChileanDecimal(draft.budget);
  return {
    name: draft.name.trim(),
    code: draft.code.trim(),
    priority: isFilled(draft.priority) ? draft.priority.trim() : projectDefaults.priority,
    template: draft.template,
    sequencing: draftSequencing(draft),
    startYear: draft.startYear.trim(),
    endYear: draft.endYear.trim(),
    currency: draft.currency,
    budget: budget.ok ? budget.value : isFilled(draft.budget) ? draft.budget : projectDefaults.budget,
    tiposArea:
      draft.template === 'generica'
        ? orderAreaTypes(areaTypes).map((areaType) => {
            const quantity = draft.quantities[areaType._id] ?? 0;
            return quantity > 0 && areaType.sectores.length > 0
              ? { ...areaType, quantity, sectorQuantities: sectorQuantitiesOf(draft, areaType) }
              : { ...areaType, quantity };
          })
        : [],
  };
}
