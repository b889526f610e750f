import { MAX_TASK_DURATION, isoOfTypedDate, progressEntryErrors } from '@cimiento/domain';
import type { GanttDraftTask, GanttTaskChanges } from '@cimiento/domain';
import { parseProgress, parseRemaining } from '../tracking/progress-grid';

export type ProgressFieldErrors = Partial<
  Record<'actualStart' | 'actualFinish' | 'progress' | 'remaining' | 'resume', string>
>;

/**
 * A leaf's 'Inicio real', 'Fin real' and 'Avance físico' as typed, checked at the cut-off with the
 * domain's rules (progressEntryErrors): the messages per field, and the changes when all can be read.
 */
export function checkProgress(
  task: GanttDraftTask,
  cutoff: string,
  typed: { actualStart: string; actualFinish: string; progress: string; remaining: string; resume?: string },
): {
  errors: ProgressFieldErrors;
  changes: Pick<GanttTaskChanges, 'progress' | 'actualStart' | 'actualFinish' | 'remaining' | 'resume'> | null;
} {
  const errors: ProgressFieldErrors = {};
  const start = typed.actualStart.trim() === '' ? undefined : isoOfTypedDate(typed.actualStart);
  const finish = typed.actualFinish.trim() === '' ? undefined : isoOfTypedDate(typed.actualFinish);
  const progress = parseProgress(typed.progress);
  if (start === null) errors.actualStart = 'Inicio real: escribe la fecha como dd-mm-aaaa';
  if (finish === null) errors.actualFinish = 'Fin real: escribe la fecha como dd-mm-aaaa';
  if (progress === null) errors.progress = 'Avance físico: debe ser un número entre 0 y 100';
  // issue 34: empty, what the progress leaves
  const remaining = parseRemaining(typed.remaining);
  if (remaining === undefined)
    errors.remaining = 'Duración restante: debe ser un número entero de días hábiles (vacía: la que deja el avance)';
  else if (remaining !== null && remaining > MAX_TASK_DURATION)
    errors.remaining = `Duración restante: debe ser como máximo ${MAX_TASK_DURATION} días hábiles`;
  // issue 34: 'Reanudar' (empty: the remaining work at the cut-off)
  const typedResume = typed.resume ?? '';
  const resume = typedResume.trim() === '' ? undefined : isoOfTypedDate(typedResume);
  if (resume === null) errors.resume = 'Reanudar: escribe la fecha como dd-mm-aaaa';
  if (start === null || finish === null || progress === null || remaining === undefined || resume === null)
    return { errors, changes: null };
  const info = new Map([[task.id, { isSummary: false, code: task.code, name: task.name }]]);
  const entry = {
    TaskID: task.id,
    Progress: progress,
    ...(start === undefined ? {} : { ActualStart: start }),
    ...(finish === undefined ? {} : { ActualFinish: finish }),
    RemainingDuration: remaining,
    Resume: resume ?? null,
  };
  const fields = {
    ActualStart: 'actualStart',
    ActualFinish: 'actualFinish',
    Progress: 'progress',
    RemainingDuration: 'remaining',
    Resume: 'resume',
  } as const;
  for (const error of progressEntryErrors(cutoff, [entry], info)) {
    if (error.field === 'TaskID') continue;
    const field = fields[error.field];
    errors[field] ??= error.message;
  }
  if (errors.remaining !== undefined || errors.resume !== undefined) return { errors, changes: null };
  return {
    errors,
    changes: {
      progress,
      actualStart: start ?? null,
      actualFinish: finish ?? null,
      remaining,
      ...(typed.resume === undefined ? {} : { resume: resume ?? null }),
    },
  };
}
