import { isRealIsoDate } from '../format/dates';
import { LOOK_AHEAD_GROUP_BYS, LOOK_AHEAD_MAX_WEEKS, LOOK_AHEAD_MIN_WEEKS } from '../functions/last-planner-contracts';
import type { Constraint } from './constraints';
import { isConstraintOpen, isConstraintOverdue } from './constraints';
import { addDays, isMonday } from './weeks';

/**
 * Issue 36, the look-ahead ('Intermedia', docs/LAST-PLANNER.md "Look-ahead"): the master schedule's
 * leaf tasks starting or under way in the next 3 to 6 weeks (the project's choice) from the cut-off
 * or today, grouped by company or by EDP area, each with its constraints, ready ('lista') or not.
 */

export { LOOK_AHEAD_GROUP_BYS, LOOK_AHEAD_MAX_WEEKS, LOOK_AHEAD_MIN_WEEKS };
export type LookAheadGroupBy = (typeof LOOK_AHEAD_GROUP_BYS)[number];

/** The group of the tasks with no company, or no EDP area. */
export const NO_GROUP_KEY = '';
export const NO_COMPANY_LABEL = 'Sin empresa';
export const NO_AREA_LABEL = 'Sin ubicación';

export type LookAheadTask = {
  id: number;
  code: string;
  name: string;
  /** the EDP path of location names from the top: ['Torre A', 'Piso 3'] */
  area: readonly string[];
  companyId: string | null;
  /** YYYY-MM-DD: the scheduled start and last working day (inclusive) */
  start: string;
  end: string;
  /** physical progress, 0–100 */
  progress: number;
  actualStart?: string | null;
  actualFinish?: string | null;
  constraints: readonly Constraint[];
  /** summaries are left out: the look-ahead lists leaves */
  isSummary?: boolean;
};

export type LookAheadConstraint = Constraint & { overdue: boolean };

export type LookAheadRow = Omit<LookAheadTask, 'constraints' | 'isSummary'> & {
  constraints: LookAheadConstraint[];
  /** 'lista': no open constraint */
  ready: boolean;
  /** started before the window (actual start, or scheduled start before `from`) and not finished */
  underWay: boolean;
  openConstraints: number;
  overdueConstraints: number;
};

export type LookAheadGroup = {
  /** the company's id, the area's first-level name, or NO_GROUP_KEY */
  key: string;
  label: string;
  tasks: LookAheadRow[];
  readyCount: number;
};

export type LookAheadInput = {
  /** the Gantt's tasks in the Gantt's order (the area groups follow it) */
  tasks: readonly LookAheadTask[];
  /** YYYY-MM-DD: the window's first day, the cut-off or today */
  from: string;
  /** 3 to 6 */
  weeks: number;
  groupBy: LookAheadGroupBy;
  /** YYYY-MM-DD, America/Santiago's (the caller's): an open constraint due before it is overdue */
  today: string;
  /** the project's companies, for the groups' labels and order */
  companies?: readonly { id: string; name: string }[];
};

export type LookAheadResult =
  | {
      ok: true;
      from: string;
      /** the window's last day (inclusive): from + weeks × 7 − 1 */
      to: string;
      /** each week's first day: from, from + 7… (the screen's columns) */
      weekStarts: string[];
      groups: LookAheadGroup[];
      taskCount: number;
      readyCount: number;
    }
  | { ok: false; error: string };

/** The project's setting, checked: a whole number of weeks from 3 to 6. */
export function lookAheadWeeksError(weeks: number): string | undefined {
  if (!Number.isInteger(weeks) || weeks < LOOK_AHEAD_MIN_WEEKS || weeks > LOOK_AHEAD_MAX_WEEKS)
    return `La intermedia abarca de ${LOOK_AHEAD_MIN_WEEKS} a ${LOOK_AHEAD_MAX_WEEKS} semanas`;
  return undefined;
}

function isFinished(task: LookAheadTask): boolean {
  return (task.actualFinish ?? null) !== null || task.progress >= 100;
}

function isStarted(task: LookAheadTask, from: string): boolean {
  return (task.actualStart ?? null) !== null || task.start < from;
}

/**
 * Whether a task belongs in the window [from, end): a leaf not finished (no actual finish, progress
 * under 100) that starts in the window or is under way: started (an actual start, or a scheduled
 * start before `from`, so a task that should have started and has not is listed too).
 */
export function inLookAhead(task: LookAheadTask, from: string, endExclusive: string): boolean {
  if (task.isSummary === true || isFinished(task)) return false;
  return isStarted(task, from) || (task.start >= from && task.start < endExclusive);
}

function rowOf(task: LookAheadTask, from: string, today: string): LookAheadRow {
  const constraints = task.constraints.map((constraint) => ({
    ...constraint,
    overdue: isConstraintOverdue(constraint, today),
  }));
  const open = constraints.filter(isConstraintOpen).length;
  const { isSummary: _summary, ...fields } = task;
  return {
    ...fields,
    constraints,
    ready: open === 0,
    underWay: isStarted(task, from),
    openConstraints: open,
    overdueConstraints: constraints.filter((constraint) => constraint.overdue).length,
  };
}

function groupKey(task: LookAheadTask, groupBy: LookAheadGroupBy): string {
  if (groupBy === 'company') return task.companyId ?? NO_GROUP_KEY;
  return task.area[0]?.trim() ?? NO_GROUP_KEY;
}

type GroupOptions = Pick<LookAheadInput, 'tasks' | 'groupBy' | 'today' | 'companies'>;

/** The tasks inLookAhead of [from, endExclusive) in their groups (lookAhead's order). */
function groupedRows(input: GroupOptions, from: string, endExclusive: string): LookAheadGroup[] {
  const names = new Map((input.companies ?? []).map((company) => [company.id, company.name]));
  const groups = new Map<string, { order: number; rows: { row: LookAheadRow; order: number }[] }>();
  input.tasks.forEach((task, order) => {
    if (!inLookAhead(task, from, endExclusive)) return;
    const key = groupKey(task, input.groupBy);
    const group = groups.get(key) ?? { order, rows: [] };
    group.rows.push({ row: rowOf(task, from, input.today), order });
    groups.set(key, group);
  });

  const labelOf = (key: string): string => {
    if (key === NO_GROUP_KEY) return input.groupBy === 'company' ? NO_COMPANY_LABEL : NO_AREA_LABEL;
    return input.groupBy === 'company' ? (names.get(key) ?? key) : key;
  };
  const ordered = [...groups.entries()].sort(([keyA, a], [keyB, b]) => {
    if ((keyA === NO_GROUP_KEY) !== (keyB === NO_GROUP_KEY)) return keyA === NO_GROUP_KEY ? 1 : -1;
    if (input.groupBy === 'area') return a.order - b.order;
    return labelOf(keyA).localeCompare(labelOf(keyB), 'es-CL', { numeric: true }) || keyA.localeCompare(keyB);
  });
  return ordered.map(([key, group]) => {
    const tasks = group.rows
      .sort((a, b) => (a.row.start < b.row.start ? -1 : a.row.start > b.row.start ? 1 : a.order - b.order))
      .map(({ row }) => row);
    return { key, label: labelOf(key), tasks, readyCount: tasks.filter((row) => row.ready).length };
  });
}

function datesError(from: string, today: string): string | undefined {
  if (!isRealIsoDate(from)) return 'La fecha de inicio de la intermedia no es válida';
  if (!isRealIsoDate(today)) return 'La fecha de hoy no es válida';
  return undefined;
}

/**
 * The look-ahead of `weeks` weeks from `from`: the tasks inLookAhead, by company (ordered by the
 * companies' names, es-CL; the tasks with none last) or by the first level of their EDP area (in the
 * Gantt's order; the tasks with no area last; each row keeps its whole path). In a group the rows run
 * by start, then in the Gantt's order. Refused in Spanish: weeks out of 3–6, a date not real.
 */
export function lookAhead(input: LookAheadInput): LookAheadResult {
  const error =
    lookAheadWeeksError(input.weeks) ??
    datesError(input.from, input.today) ??
    ((LOOK_AHEAD_GROUP_BYS as readonly string[]).includes(input.groupBy)
      ? undefined
      : 'La intermedia se agrupa por empresa o por ubicación');
  if (error !== undefined) return { ok: false, error };
  const endExclusive = addDays(input.from, input.weeks * 7);
  const groups = groupedRows(input, input.from, endExclusive);
  return {
    ok: true,
    from: input.from,
    to: addDays(endExclusive, -1),
    weekStarts: Array.from({ length: input.weeks }, (_, week) => addDays(input.from, week * 7)),
    groups,
    taskCount: groups.reduce((sum, group) => sum + group.tasks.length, 0),
    readyCount: groups.reduce((sum, group) => sum + group.readyCount, 0),
  };
}

/**
 * The weekly plan's candidates: the tasks starting or under way in `week` (its Monday; the window
 * is that Monday to Sunday), by company as lookAhead groups them, ready or not (the screen offers the
 * ready ones and shows the others with their open constraints; checkCommitmentInput refuses them).
 */
export function planCandidates(
  input: Pick<LookAheadInput, 'tasks' | 'today' | 'companies'> & { week: string },
): { ok: true; groups: LookAheadGroup[] } | { ok: false; error: string } {
  if (!isRealIsoDate(input.week)) return { ok: false, error: 'La semana no es una fecha válida' };
  if (!isMonday(input.week)) return { ok: false, error: 'La semana se nombra por su lunes' };
  if (!isRealIsoDate(input.today)) return { ok: false, error: 'La fecha de hoy no es válida' };
  return { ok: true, groups: groupedRows({ ...input, groupBy: 'company' }, input.week, addDays(input.week, 7)) };
}
