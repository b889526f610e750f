import { ganttTaskDirectory, plannerPredecessorText } from '@cimiento/domain';
import type {
  EdcItem,
  GanttDraftTask,
  GanttTaskDirectory,
  PlannerLinkLabels,
  PricedEdpItem,
  ProjectCalendar,
} from '@cimiento/domain';

/**
 * What a kept draft changes with respect to what is stored now ('Comparar', issue 12): pure, one
 * function per screen. Items are matched by what identifies them on the server — EDP items and
 * Gantt tasks by id, EDC rows by code (unique in their list) — and listed in the draft's order,
 * then what the draft no longer has in the stored order.
 */

export type DraftFieldChange = {
  field:
    | 'code'
    | 'name'
    | 'start'
    | 'duration'
    | 'progress'
    | 'links'
    | 'parent'
    | 'kind'
    // issue 16: an EDP item's price (decimal strings as stored; '' = not set)
    | 'unit'
    | 'quantity'
    | 'unitPrice';
  stored: string;
  draft: string;
};

export type DraftChange =
  /** only in the draft */
  | { kind: 'added'; label: string }
  /** only in the stored version: applying the draft removes it */
  | { kind: 'removed'; label: string }
  | { kind: 'renamed'; label: string; stored: string }
  /** another parent, or another place among its siblings */
  | { kind: 'moved'; label: string }
  | { kind: 'changed'; label: string; fields: DraftFieldChange[] }
  /** issue 14: the project's calendar ('Calendario'): its working weekdays (0 = domingo … 6 = sábado) */
  | { kind: 'weekdays'; stored: number[]; draft: number[] }
  | { kind: 'chileHolidays'; draft: boolean }
  /** an exception only in the draft, only stored, or on the same date with another name or kind */
  | { kind: 'exception'; change: 'added' | 'removed' | 'changed'; date: string; name: string; working: boolean };

function labelOf(item: { code: string; name: string }): string {
  return `${item.code} ${item.name}`.trim();
}

/**
 * The sibling that comes before each item, among the items both lists have: an item whose
 * previous common sibling differs has moved (an insertion or a deletion nearby does not count).
 */
function previousCommonSibling<T extends { parentId?: number }>(
  items: readonly T[],
  idOf: (item: T) => number,
  common: ReadonlySet<number>,
): Map<number, number | null> {
  const lastChild = new Map<number | undefined, number>();
  const previous = new Map<number, number | null>();
  for (const item of items) {
    const id = idOf(item);
    if (!common.has(id)) continue;
    previous.set(id, lastChild.get(item.parentId) ?? null);
    lastChild.set(item.parentId, id);
  }
  return previous;
}

function commonIds<T>(stored: readonly T[], draft: readonly T[], idOf: (item: T) => number): Set<number> {
  const inStored = new Set(stored.map(idOf));
  return new Set(draft.map(idOf).filter((id) => inStored.has(id)));
}

/** EDP items added, removed, renamed (code or name) or moved (parent or place among siblings). */
export function diffEdpDraft(stored: readonly PricedEdpItem[], draft: readonly PricedEdpItem[]): DraftChange[] {
  const byId = new Map(stored.map((item) => [item.id, item]));
  const draftIds = new Set(draft.map((item) => item.id));
  const common = commonIds(stored, draft, (item) => item.id);
  const storedPrevious = previousCommonSibling(stored, (item) => item.id, common);
  const draftPrevious = previousCommonSibling(draft, (item) => item.id, common);
  const changes: DraftChange[] = [];
  for (const item of draft) {
    const before = byId.get(item.id);
    if (!before) {
      changes.push({ kind: 'added', label: labelOf(item) });
      continue;
    }
    if (before.code !== item.code || before.name !== item.name) {
      changes.push({ kind: 'renamed', label: labelOf(item), stored: labelOf(before) });
    }
    if (before.parentId !== item.parentId || storedPrevious.get(item.id) !== draftPrevious.get(item.id)) {
      changes.push({ kind: 'moved', label: labelOf(item) });
    }
    const prices: DraftFieldChange[] = [];
    for (const field of ['unit', 'quantity', 'unitPrice'] as const) {
      if ((before[field] ?? '') !== (item[field] ?? '')) {
        prices.push({ field, stored: before[field] ?? '', draft: item[field] ?? '' });
      }
    }
    if (prices.length > 0) changes.push({ kind: 'changed', label: labelOf(item), fields: prices });
  }
  for (const item of stored) if (!draftIds.has(item.id)) changes.push({ kind: 'removed', label: labelOf(item) });
  return changes;
}

/** The link types as stored and lags in plain days ('ACT2 SS+2'): the comparison is not translated. */
const LINK_LABELS: PlannerLinkLabels = { types: { FS: 'FS', SS: 'SS', FF: 'FF', SF: 'SF' }, day: '' };

/** A task's links as the Gantt names its predecessors: by code, qualified by EDP item when ambiguous. */
function linkText(task: GanttDraftTask, directory: GanttTaskDirectory): string {
  if (task.predecessors.length === 0) return '—';
  return plannerPredecessorText(task.predecessors, directory, LINK_LABELS);
}

/** The calendar's changes: weekdays, Chile's holidays, then the exceptions by date. */
function diffProjectCalendar(stored: ProjectCalendar, draft: ProjectCalendar): DraftChange[] {
  const changes: DraftChange[] = [];
  const sorted = (days: readonly number[]) => [...days].sort((a, b) => a - b);
  const storedDays = sorted(stored.workingWeekdays);
  const draftDays = sorted(draft.workingWeekdays);
  if (storedDays.join(',') !== draftDays.join(','))
    changes.push({ kind: 'weekdays', stored: storedDays, draft: draftDays });
  if (stored.chileHolidays !== draft.chileHolidays) changes.push({ kind: 'chileHolidays', draft: draft.chileHolidays });
  const storedByDate = new Map(stored.exceptions.map((exception) => [exception.date, exception]));
  const draftByDate = new Map(draft.exceptions.map((exception) => [exception.date, exception]));
  const dates = [...new Set([...storedByDate.keys(), ...draftByDate.keys()])].sort();
  for (const date of dates) {
    const before = storedByDate.get(date);
    const after = draftByDate.get(date);
    if (after && !before) changes.push({ kind: 'exception', change: 'added', ...after });
    else if (before && !after) changes.push({ kind: 'exception', change: 'removed', ...before });
    else if (before && after && (before.name.trim() !== after.name.trim() || before.working !== after.working)) {
      changes.push({ kind: 'exception', change: 'changed', ...after });
    }
  }
  return changes;
}

/**
 * Gantt tasks added, removed, moved (another summary or place) or changed: start, duration,
 * progress, links (the predecessors as the Gantt names them, `ELA.1/ACT1` for a code several
 * EDP items use), and a task's own code or name; and the
 * project's calendar first. Dates stay YYYY-MM-DD here; the screen formats them.
 */
export function diffGanttDraft(
  stored: { tasks: readonly GanttDraftTask[]; calendar: ProjectCalendar },
  draft: { tasks: readonly GanttDraftTask[]; calendar: ProjectCalendar },
): DraftChange[] {
  const byId = new Map(stored.tasks.map((task) => [task.id, task]));
  const draftById = new Map(draft.tasks.map((task) => [task.id, task]));
  const common = commonIds(stored.tasks, draft.tasks, (task) => task.id);
  const storedPrevious = previousCommonSibling(stored.tasks, (task) => task.id, common);
  const draftPrevious = previousCommonSibling(draft.tasks, (task) => task.id, common);
  const storedDirectory = ganttTaskDirectory(stored.tasks);
  const draftDirectory = ganttTaskDirectory(draft.tasks);
  // issue 32: each task named by its code unique in the project, as the Gantt names it
  const uniqueLabel = (task: GanttDraftTask, directory: GanttTaskDirectory) =>
    labelOf({ code: directory.byId.get(task.id)?.uniqueCode ?? task.code, name: task.name });
  const labelOfTask = (task: GanttDraftTask) => uniqueLabel(task, draftDirectory);
  const changes: DraftChange[] = diffProjectCalendar(stored.calendar, draft.calendar);
  for (const task of draft.tasks) {
    const before = byId.get(task.id);
    if (!before) {
      changes.push({ kind: 'added', label: labelOfTask(task) });
      continue;
    }
    const fields: DraftFieldChange[] = [];
    const compare = (field: DraftFieldChange['field'], left: string, right: string) => {
      if (left !== right) fields.push({ field, stored: left, draft: right });
    };
    compare('code', before.code, task.code);
    compare('name', before.name, task.name);
    compare('start', before.start, task.start);
    compare('duration', String(before.duration), String(task.duration));
    compare('progress', String(before.progress), String(task.progress));
    compare('links', linkText(before, storedDirectory), linkText(task, draftDirectory));
    if (fields.length > 0) changes.push({ kind: 'changed', label: labelOfTask(task), fields });
    if (before.parentId !== task.parentId || storedPrevious.get(task.id) !== draftPrevious.get(task.id)) {
      changes.push({ kind: 'moved', label: labelOfTask(task) });
    }
  }
  for (const task of stored.tasks) {
    if (!draftById.has(task.id)) changes.push({ kind: 'removed', label: uniqueLabel(task, storedDirectory) });
  }
  return changes;
}

/** EDC rows added, removed, or changed (name, parent code, kind or, issue 35, quantity), matched by code. */
export function diffEdcDraft(stored: readonly EdcItem[], draft: readonly EdcItem[]): DraftChange[] {
  const byCode = new Map(stored.map((item) => [item.code, item]));
  const draftCodes = new Set(draft.map((item) => item.code));
  const changes: DraftChange[] = [];
  for (const item of draft) {
    const before = byCode.get(item.code);
    if (!before) {
      changes.push({ kind: 'added', label: labelOf(item) });
      continue;
    }
    const fields: DraftFieldChange[] = [];
    if (before.name !== item.name) fields.push({ field: 'name', stored: before.name, draft: item.name });
    if (before.parentCode !== item.parentCode) {
      fields.push({ field: 'parent', stored: before.parentCode, draft: item.parentCode });
    }
    if (before.kind !== item.kind) fields.push({ field: 'kind', stored: before.kind, draft: item.kind });
    // issue 35: an activity's quantity typed in the grid ('' = none)
    if ((before.quantity ?? '') !== (item.quantity ?? '')) {
      fields.push({ field: 'quantity', stored: before.quantity ?? '', draft: item.quantity ?? '' });
    }
    if (fields.length > 0) changes.push({ kind: 'changed', label: labelOf(item), fields });
  }
  for (const item of stored) if (!draftCodes.has(item.code)) changes.push({ kind: 'removed', label: labelOf(item) });
  return changes;
}
