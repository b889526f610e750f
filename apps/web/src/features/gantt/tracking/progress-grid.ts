import {
  MAX_TASK_DURATION,
  cutoffError,
  formatDate,
  formatIsoDate,
  isoOfTypedDate,
  ganttParentIds,
  ganttTaskCodes,
  plannedPercentAt,
  progressEntryErrors,
  scheduleDraft,
} from '@cimiento/domain';
import type {
  GanttDraftTask,
  ProgressEntry,
  ProgressEntryError,
  ScheduledTask,
  WorkingCalendar,
} from '@cimiento/domain';

/**
 * 'Registrar avance' (issue 15): the grid's rules, pure. Each leaf's progress at the cut-off is
 * typed as text ('Inicio real', 'Fin real' as dd-mm-aaaa, 'Avance físico' in %); a row is checked as
 * it is typed with the domain's own messages (progressEntryErrors), and only the rows that differ
 * from what is recorded are sent to saveProgress.
 */

/** One task of the grid, in the Gantt's order; summaries are shown as group rows, never edited. */
export type ProgressRow = {
  id: number;
  code: string;
  name: string;
  depth: number;
  isSummary: boolean;
  /** scheduled start and finish (YYYY-MM-DD), as the Gantt shows them now */
  start: string;
  finish: string;
  /** working days (0: a milestone), the task's planned duration */
  duration: number;
  /**
   * the start the schedule gives without holding unstarted work to the cut-off (what MS Project
   * calls the scheduled start): 'Inicio real' defaults to it
   */
  plannedStart: string;
  actualStart?: string;
  actualFinish?: string;
  progress: number;
  /** issue 34: 'Duración restante' as recorded (absent: what the progress leaves) */
  remaining?: number;
};

/**
 * What a row's fields hold, as typed; issue 34: `remaining` is 'Duración restante' in working days,
 * '' for what the progress leaves.
 */
export type ProgressTyped = { actualStart: string; actualFinish: string; progress: string; remaining?: string };
export type ProgressField = keyof ProgressTyped;
export const progressFields: readonly ProgressField[] = ['actualStart', 'actualFinish', 'progress', 'remaining'];

/** The typed values of the rows the user touched, by TaskID. */
export type ProgressEdits = Readonly<Record<number, ProgressTyped>>;

export type RowCheck = {
  /** the entry saveProgress takes, when every field could be read */
  entry: ProgressEntry | null;
  /** each field's first message (Spanish) */
  errors: Partial<Record<ProgressField, string>>;
};

/** Today in America/Santiago (YYYY-MM-DD). */
export function todayInSantiago(now: Date = new Date()): string {
  const [day, month, year] = formatDate(now).split('-');
  return `${year}-${month}-${day}`;
}

/** The cut-off 'Registrar avance' opens with: the latest recorded, else today in Santiago. */
export function defaultCutoff(latest: string | null, now: Date = new Date()): string {
  return latest ?? todayInSantiago(now);
}

/**
 * The start of each task in the schedule without the cut-off's hold on unstarted work (actual dates
 * still count): where the plan had it. Empty when the engine refuses (it accepted the same tasks
 * with the cut-off, so that does not happen).
 */
export function unpushedStarts(tasks: readonly GanttDraftTask[], calendar: WorkingCalendar): Map<number, string> {
  const result = scheduleDraft(tasks, calendar);
  const starts = new Map<number, string>();
  if (result.ok) for (const task of result.tasks) starts.set(task.id, task.start);
  return starts;
}

/** The tasks as grid rows: leaves editable, summaries as group rows; dates from the schedule on screen. */
export function progressRowsOf(
  tasks: readonly GanttDraftTask[],
  scheduled: ReadonlyMap<number, ScheduledTask>,
  unpushed: ReadonlyMap<number, string> = new Map(),
): ProgressRow[] {
  const parents = ganttParentIds(tasks);
  // issue 32: each row named by its code unique in the project, as the Gantt and the workbook name it
  const codes = ganttTaskCodes(tasks);
  const depth = new Map<number, number>();
  return tasks.map((task) => {
    const level = task.parentId === undefined ? 0 : (depth.get(task.parentId) ?? 0) + 1;
    depth.set(task.id, level);
    const at = scheduled.get(task.id);
    const row: ProgressRow = {
      id: task.id,
      code: codes.get(task.id) ?? task.code,
      name: task.name,
      depth: level,
      isSummary: parents.has(task.id),
      start: at?.start ?? task.start,
      finish: at?.end ?? task.start,
      duration: task.duration,
      plannedStart: unpushed.get(task.id) ?? at?.start ?? task.start,
      progress: task.progress,
    };
    if (task.actualStart !== undefined) row.actualStart = task.actualStart;
    if (task.actualFinish !== undefined) row.actualFinish = task.actualFinish;
    if (task.remaining !== undefined) row.remaining = task.remaining;
    return row;
  });
}

/**
 * '% programado' (issue 32): what a leaf should have done at the cut-off on the schedule shown —
 * the domain's plannedPercentAt, the count the S-curve and 'Actualizar según lo programado' use.
 * None for a summary (its progress is rolled up).
 */
export function plannedPercentOf(
  row: Pick<ProgressRow, 'isSummary' | 'start' | 'duration'>,
  calendar: WorkingCalendar,
  cutoff: string,
): number | null {
  return row.isSummary ? null : plannedPercentAt(calendar, row.start, row.duration, cutoff);
}

/** What a row's fields show before any typing: what is recorded. */
export function typedOf(row: ProgressRow): ProgressTyped {
  return {
    actualStart: row.actualStart === undefined ? '' : formatIsoDate(row.actualStart),
    actualFinish: row.actualFinish === undefined ? '' : formatIsoDate(row.actualFinish),
    progress: String(row.progress),
    remaining: row.remaining === undefined ? '' : String(row.remaining),
  };
}

/**
 * issue 34: the row as typed after `field` changed to `value`. As MS Project recomputes the remaining
 * duration when the % complete changes, a change of progress or of an actual date empties a
 * 'Duración restante' left as recorded (what the progress leaves then is shown as its placeholder).
 */
export function typedWith(row: ProgressRow, typed: ProgressTyped, field: ProgressField, value: string): ProgressTyped {
  const next = { ...typed, [field]: value };
  const recorded = typedOf(row).remaining;
  if (field !== 'remaining' && (typed.remaining ?? '') === recorded && recorded !== '') next.remaining = '';
  return next;
}

/** 'Duración restante' as typed: '' → null (what the progress leaves), a whole number ≥ 0, else undefined (unreadable). */
export function parseRemaining(text: string): number | null | undefined {
  const clean = text.trim();
  if (clean === '') return null;
  if (!/^\d+$/.test(clean)) return undefined;
  return Number(clean);
}

/** Whether the typed values say the same as what is recorded (spaces and 30 / 30,0 alike). */
export function isUnchanged(row: ProgressRow, typed: ProgressTyped): boolean {
  const start = typed.actualStart.trim() === '' ? undefined : isoOfTypedDate(typed.actualStart);
  const finish = typed.actualFinish.trim() === '' ? undefined : isoOfTypedDate(typed.actualFinish);
  return (
    start === row.actualStart &&
    finish === row.actualFinish &&
    parseProgress(typed.progress) === row.progress &&
    (parseRemaining(typed.remaining ?? '') ?? undefined) === row.remaining
  );
}

/** '30', '30,5', '30 %' → the number; null when it is not one. */
export function parseProgress(text: string): number | null {
  const clean = text.replace('%', '').trim().replace(',', '.');
  if (clean === '' || !/^-?\d+(\.\d+)?$/.test(clean)) return null;
  return Number(clean);
}

const fieldOf: Record<ProgressEntryError['field'], ProgressField | null> = {
  ActualStart: 'actualStart',
  ActualFinish: 'actualFinish',
  Progress: 'progress',
  RemainingDuration: 'remaining',
  // issue 34: the grid has no 'Reanudar' column (its entries never send one)
  Resume: null,
  TaskID: null,
};

/**
 * One row checked at the cut-off: what could not be read ('dd-mm-aaaa', a number), then the
 * domain's rules. The messages are the domain's, which name the task.
 */
export function checkRow(row: ProgressRow, typed: ProgressTyped, cutoff: string): RowCheck {
  const errors: Partial<Record<ProgressField, string>> = {};
  const label = row.code === '' ? `«${row.name}»` : `${row.code} «${row.name}»`;
  const start = typed.actualStart.trim() === '' ? undefined : isoOfTypedDate(typed.actualStart);
  const finish = typed.actualFinish.trim() === '' ? undefined : isoOfTypedDate(typed.actualFinish);
  const progress = parseProgress(typed.progress);
  if (start === null) errors.actualStart = `${label}: escribe el inicio real como dd-mm-aaaa`;
  if (finish === null) errors.actualFinish = `${label}: escribe el fin real como dd-mm-aaaa`;
  if (progress === null) errors.progress = `${label}: el avance debe ser un número entre 0 y 100`;
  const remaining = parseRemaining(typed.remaining ?? '');
  if (remaining === undefined)
    errors.remaining = `${label}: la duración restante es un número entero de días hábiles (vacía: la que deja el avance)`;
  else if (remaining !== null && remaining > MAX_TASK_DURATION)
    errors.remaining = `${label}: la duración restante debe ser como máximo ${MAX_TASK_DURATION} días hábiles`;
  if (start === null || finish === null || progress === null || errors.remaining !== undefined)
    return { entry: null, errors };
  const entry: ProgressEntry = { TaskID: row.id, Progress: progress };
  if (start !== undefined) entry.ActualStart = start;
  if (finish !== undefined) entry.ActualFinish = finish;
  // issue 34: a remaining duration typed, or the recorded one emptied (null: what the progress leaves)
  if (remaining !== null) entry.RemainingDuration = remaining;
  else if (row.remaining !== undefined) entry.RemainingDuration = null;
  const info = new Map([[row.id, { isSummary: row.isSummary, code: row.code, name: row.name }]]);
  for (const error of progressEntryErrors(cutoff, [entry], info)) {
    const field = fieldOf[error.field];
    if (field !== null && errors[field] === undefined) errors[field] = error.message;
  }
  return { entry, errors };
}

export function hasErrors(check: RowCheck): boolean {
  return check.entry === null || Object.keys(check.errors).length > 0;
}

/**
 * MS Project's helpful defaults after 'Avance físico' is typed: above 0, an empty 'Inicio real'
 * takes the scheduled start (`plannedStart`, when it is not after the cut-off); 100 %, an empty 'Fin real' takes the
 * cut-off. What is filled is shown and can be changed.
 */
export function withProgressDefaults(
  row: Pick<ProgressRow, 'plannedStart'>,
  typed: ProgressTyped,
  cutoff: string,
): ProgressTyped {
  const progress = parseProgress(typed.progress);
  if (progress === null) return typed;
  const next = { ...typed };
  if (progress > 0 && next.actualStart.trim() === '' && row.plannedStart <= cutoff)
    next.actualStart = formatIsoDate(row.plannedStart);
  if (progress === 100 && next.actualFinish.trim() === '') next.actualFinish = formatIsoDate(cutoff);
  return next;
}

/**
 * 'Solo las que deberían estar en curso': leaves whose scheduled start is on or before the cut-off
 * and that are not done (no actual finish recorded).
 */
export function shouldBeUnderWay(row: ProgressRow, cutoff: string): boolean {
  return !row.isSummary && row.start <= cutoff && row.actualFinish === undefined;
}

export type GridFilter = { underWayOnly: boolean; search: string };

/**
 * The rows shown: leaves passing the filter and the search (code or name), always with those the
 * user has typed in (a row does not vanish while it is being filled), and the summaries above them.
 */
export function visibleRows(
  rows: readonly ProgressRow[],
  edits: ProgressEdits,
  cutoff: string,
  filter: GridFilter,
): ProgressRow[] {
  const words = filter.search.trim().toLocaleLowerCase('es-CL').split(/\s+/).filter(Boolean);
  const matches = (row: ProgressRow) => {
    if (words.length === 0) return true;
    const text = `${row.code} ${row.name}`.toLocaleLowerCase('es-CL');
    return words.every((word) => text.includes(word));
  };
  const byId = new Map(rows.map((row) => [row.id, row]));
  const parentOf = new Map<number, number | undefined>();
  const stack: ProgressRow[] = [];
  for (const row of rows) {
    while (stack.length > 0 && (stack[stack.length - 1]?.depth ?? 0) >= row.depth) stack.pop();
    parentOf.set(row.id, stack[stack.length - 1]?.id);
    stack.push(row);
  }
  const shown = new Set<number>();
  for (const row of rows) {
    if (row.isSummary) continue;
    const keep =
      edits[row.id] !== undefined || ((!filter.underWayOnly || shouldBeUnderWay(row, cutoff)) && matches(row));
    if (!keep) continue;
    shown.add(row.id);
    for (let parent = parentOf.get(row.id); parent !== undefined; parent = parentOf.get(parent)) {
      if (shown.has(parent)) break;
      shown.add(parent);
    }
  }
  return rows.filter((row) => shown.has(row.id) && byId.has(row.id));
}

/** The entries saveProgress takes: the rows whose typed values differ from what is recorded. */
export function changedEntries(rows: readonly ProgressRow[], edits: ProgressEdits, cutoff: string): ProgressEntry[] {
  const entries: ProgressEntry[] = [];
  for (const row of rows) {
    const typed = edits[row.id];
    if (typed === undefined || row.isSummary || isUnchanged(row, typed)) continue;
    const check = checkRow(row, typed, cutoff);
    if (check.entry) entries.push(check.entry);
  }
  return entries;
}

/** The rows the user changed that cannot be saved as typed. */
export function invalidRowIds(rows: readonly ProgressRow[], edits: ProgressEdits, cutoff: string): number[] {
  const ids: number[] = [];
  for (const row of rows) {
    const typed = edits[row.id];
    if (typed === undefined || row.isSummary || isUnchanged(row, typed)) continue;
    if (hasErrors(checkRow(row, typed, cutoff))) ids.push(row.id);
  }
  return ids;
}

/** A cut-off typed as dd-mm-aaaa, checked (never before the latest one): the reason when it cannot be used. */
export function readCutoff(
  text: string,
  latest: string | null,
): { ok: true; cutoff: string } | { ok: false; error: string } {
  const cutoff = isoOfTypedDate(text);
  if (cutoff === null) return { ok: false, error: 'Fecha de corte: escríbela como dd-mm-aaaa' };
  const error = cutoffError(cutoff, latest ?? undefined);
  return error === undefined ? { ok: true, cutoff } : { ok: false, error };
}
