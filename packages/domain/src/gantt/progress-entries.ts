import { formatIsoDate } from '../format/dates';

/**
 * issue 15: the rules a progress record at a cut-off must keep (saveProgress checks them all before
 * writing anything, and the 'Registrar avance' grid shows the same messages as they are typed).
 * Dates are YYYY-MM-DD, so they compare as text; messages write them dd-mm-aaaa. Pure.
 */

export type ProgressEntry = {
  TaskID: number;
  ActualStart?: string;
  ActualFinish?: string;
  /** physical progress ('Avance físico'), 0–100 */
  Progress: number;
  /** issue 34: 'Duración restante' of a task under way, whole working days (null: none) */
  RemainingDuration?: number | null;
  /** issue 34: 'Reanudar', YYYY-MM-DD, of a task under way (null: none) */
  Resume?: string | null;
};

export type ProgressTaskInfo = { isSummary: boolean; code: string; name: string };

export type ProgressEntryError = {
  TaskID: number;
  field: 'ActualStart' | 'ActualFinish' | 'Progress' | 'RemainingDuration' | 'Resume' | 'TaskID';
  message: string;
};

function taskLabel(task: ProgressTaskInfo | undefined, id: number): string {
  if (!task) return `la tarea ${id}`;
  return task.code === '' ? `«${task.name}»` : `${task.code} «${task.name}»`;
}

/** The cut-off's own rule: never before the previous one. */
export function cutoffError(cutoff: string, previousCutoff: string | undefined): string | undefined {
  if (previousCutoff !== undefined && cutoff < previousCutoff)
    return `La fecha de corte no puede ser anterior a la última registrada (${formatIsoDate(previousCutoff)})`;
  return undefined;
}

/** Every refused entry, each with a Spanish sentence naming the task; empty when all may be written. */
export function progressEntryErrors(
  cutoff: string,
  entries: readonly ProgressEntry[],
  tasks: ReadonlyMap<number, ProgressTaskInfo>,
): ProgressEntryError[] {
  const errors: ProgressEntryError[] = [];
  const seen = new Set<number>();
  for (const entry of entries) {
    const task = tasks.get(entry.TaskID);
    const name = taskLabel(task, entry.TaskID);
    const refuse = (field: ProgressEntryError['field'], message: string) =>
      errors.push({ TaskID: entry.TaskID, field, message: `${name}: ${message}` });
    if (!task) {
      refuse('TaskID', 'no existe en el Gantt');
      continue;
    }
    if (seen.has(entry.TaskID)) refuse('TaskID', 'aparece más de una vez');
    seen.add(entry.TaskID);
    if (task.isSummary) {
      refuse('Progress', 'es un resumen: su avance se calcula de sus tareas');
      continue;
    }
    const { ActualStart: start, ActualFinish: finish, Progress: progress } = entry;
    if (!Number.isFinite(progress) || progress < 0 || progress > 100)
      refuse('Progress', 'el avance debe estar entre 0 y 100 %');
    if (start !== undefined && start > cutoff)
      refuse('ActualStart', `el inicio real no puede ser posterior a la fecha de corte (${formatIsoDate(cutoff)})`);
    if (finish !== undefined && finish > cutoff)
      refuse('ActualFinish', `el fin real no puede ser posterior a la fecha de corte (${formatIsoDate(cutoff)})`);
    if (start !== undefined && finish !== undefined && finish < start)
      refuse('ActualFinish', 'el fin real no puede ser anterior al inicio real');
    if (finish !== undefined && start === undefined)
      refuse('ActualStart', 'una tarea terminada necesita su inicio real');
    if (progress === 100 && finish === undefined) refuse('ActualFinish', 'el 100 % necesita el fin real');
    if (finish !== undefined && progress !== 100) refuse('Progress', 'con fin real, el avance es 100 %');
    if (progress > 0 && start === undefined) refuse('ActualStart', 'un avance mayor que 0 necesita el inicio real');
    const remaining = entry.RemainingDuration;
    if (remaining !== undefined && remaining !== null && (start === undefined || finish !== undefined))
      refuse(
        'RemainingDuration',
        'la duración restante solo se registra en una tarea en curso (con inicio real y sin fin real)',
      );
    const resume = entry.Resume;
    if (resume !== undefined && resume !== null) {
      if (start === undefined || finish !== undefined)
        refuse('Resume', 'la reanudación solo se registra en una tarea en curso (con inicio real y sin fin real)');
      else if (resume < start) refuse('Resume', 'la reanudación no puede ser anterior al inicio real');
    }
  }
  return errors;
}

/** What a task holds of its progress (a stored task, a draft task). */
export type RecordedProgress = {
  progress: number;
  actualStart?: string;
  actualFinish?: string;
  remaining?: number;
  resume?: string;
};

type ProgressAfter = {
  progress: number;
  actualStart?: string | null;
  actualFinish?: string | null;
};

/** issue 34: whether an entry leaves a task under way with the progress and actual dates it had. */
function sameUnderWay(before: RecordedProgress, after: ProgressAfter): boolean {
  const start = after.actualStart ?? undefined;
  const finish = after.actualFinish ?? undefined;
  if (start === undefined || finish !== undefined) return false;
  return before.progress === after.progress && before.actualStart === start && before.actualFinish === finish;
}

/**
 * issue 34: the remaining duration a task keeps after a progress entry: the entry's, when it sends
 * one (null: none, its progress decides; a number on a task not under way is the rules' to refuse,
 * progressEntryErrors); else the one it had while the entry leaves its progress and actual dates as
 * they were and the task stays under way, and none once they change (MS Project recomputes the
 * remaining duration when the % complete changes).
 */
export function remainingAfterEntry(
  before: RecordedProgress,
  after: ProgressAfter & { remaining?: number | null },
): number | undefined {
  if (after.remaining !== undefined) return after.remaining ?? undefined;
  return sameUnderWay(before, after) ? before.remaining : undefined;
}

/**
 * issue 34: the Resume ('Reanudar') a task keeps after a progress entry, by remainingAfterEntry's
 * rule: the entry's when it sends one (null: none, the remaining work at the cut-off); else the one
 * it had while its progress and actual dates stay and it is under way (MS Project moves Stop and
 * Resume with the % complete: a new progress at a new cut-off places the remaining work again).
 */
export function resumeAfterEntry(
  before: RecordedProgress,
  after: ProgressAfter & { resume?: string | null },
): string | undefined {
  if (after.resume !== undefined) return after.resume ?? undefined;
  return sameUnderWay(before, after) ? before.resume : undefined;
}
