import { formatNumber, parseChileanDecimal, projectDefaults } from '@cimiento/domain';
import type { Currency, ProjectSummary, ProjectUpdateInput, WorkWeek } from '@cimiento/domain';
import { isEndBeforeStart, isFilled, readBudget } from './wizard-rules';

/**
 * 'Editar proyecto' (issue 12): what the dialog edits and when it may save. The fields follow the
 * wizard's rules (wizard-rules.ts); the server checks them again.
 */

/** What the dialog needs of a project: a row of loadProjects, or the project loadProject gave. */
export type EditableProject = Pick<
  ProjectSummary,
  '_id' | 'name' | 'code' | 'priority' | 'currency' | 'budget' | 'startYear' | 'endYear' | 'workWeek' | 'version'
>;

/** The fields as typed: numbers stay text, the budget in Chilean notation ('1.234.567,89'). */
export type ProjectEditDraft = {
  name: string;
  priority: string;
  currency: Currency;
  budget: string;
  startYear: string;
  endYear: string;
  workWeek: WorkWeek;
};

/** A stored budget ('1234567.89') as the user would type it ('1.234.567,89'), every decimal kept. */
export function toTypedBudget(canonical: string): string {
  const decimals = canonical.split('.')[1]?.length ?? 0;
  return formatNumber(canonical, decimals);
}

export function toEditDraft(project: EditableProject): ProjectEditDraft {
  return {
    name: project.name,
    priority: project.priority,
    currency: project.currency,
    budget: toTypedBudget(project.budget),
    startYear: project.startYear,
    endYear: project.endYear,
    workWeek: project.workWeek,
  };
}

export function isSameEditDraft(a: ProjectEditDraft, b: ProjectEditDraft): boolean {
  return (Object.keys(a) as (keyof ProjectEditDraft)[]).every((key) => a[key] === b[key]);
}

function isYear(text: string): boolean {
  return /^[1-9]\d{3}$/.test(text.trim());
}

/**
 * 'Grabar' is enabled when the draft differs from what is stored and every field reads: a name, an
 * amount (0 is shown as an error state but can be saved, as in the wizard), 4-digit years in order
 * and a whole priority (empty counts as the spec's default 0).
 */
export function canSaveProjectEdit(draft: ProjectEditDraft, stored: ProjectEditDraft): boolean {
  if (isSameEditDraft(draft, stored)) return false;
  const priority = draft.priority.trim();
  return (
    isFilled(draft.name) &&
    (priority === '' || /^\d+$/.test(priority)) &&
    readBudget(draft.budget, draft.currency).kind !== 'invalid' &&
    isYear(draft.startYear) &&
    isYear(draft.endYear) &&
    !isEndBeforeStart(draft)
  );
}

/** The updateProject payload: trimmed text, the canonical budget, an emptied priority as the spec's 0. */
export function toProjectUpdateInput(draft: ProjectEditDraft): ProjectUpdateInput {
  const budget = parseChileanDecimal(draft.budget);
  return {
    name: draft.name.trim(),
    priority: isFilled(draft.priority) ? draft.priority.trim() : projectDefaults.priority,
    currency: draft.currency,
    // a budget that does not read is sent as typed, so the server's message names it
    budget: budget.ok ? budget.value : draft.budget,
    startYear: draft.startYear.trim(),
    endYear: draft.endYear.trim(),
    workWeek: draft.workWeek,
  };
}

/**
 * The Gantt's calendar starts on 1 January of the start year, and tasks that start earlier are
 * shown from its first working day: a later start year moves them. The dialog says so.
 */
export function movesGanttStart(draft: ProjectEditDraft, stored: ProjectEditDraft): boolean {
  return isYear(draft.startYear) && isYear(stored.startYear) && Number(draft.startYear) > Number(stored.startYear);
}
