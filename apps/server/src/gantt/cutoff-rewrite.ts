import { progressEntryErrors, rollUpProgress, taskProgressWeights } from '@cimiento/domain';
import type { GanttTaskRecord, ProgressAmounts, ProgressEntry } from '@cimiento/domain';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { HttpsError } from '../core/https-error';
import { progressRefusal, progressTaskInfo, projectProgress, writeCutoffTasks } from './cutoff-history';

/** With no cut-off recorded, progress cannot be recorded in the Gantt. */
export const NO_CUTOFF_MESSAGE = 'Para registrar avance, fija primero la fecha de corte en «Registrar avance»';

/**
 * issue 15: the leaves whose progress or actual dates a save changes are checked as saveProgress
 * checks an entry, at the project's latest cut-off (none recorded: refused). Unchanged values stay
 * as they are, even ones no rule would take now (progress imported from MS Project without actual
 * dates). Answers whether any changed.
 */
export function checkProgressChanges(
  tasks: readonly GanttTaskRecord[],
  stored: readonly GanttTaskRecord[],
  summaries: ReadonlySet<number>,
  cutoff: string | undefined,
  amounts?: ProgressAmounts,
): boolean {
  const storedById = new Map(stored.map((task) => [task.id, task]));
  // a summary made a leaf sends back the progress the screen showed it: its rolled-up one (issue 33:
  // weighted as the screen weighed it)
  const rolled = rollUpProgress(stored, taskProgressWeights(stored, amounts)).summaries;
  const changes: ProgressEntry[] = [];
  for (const task of tasks) {
    if (summaries.has(task.id)) continue;
    const before = storedById.get(task.id);
    const beforeProgress = rolled.get(task.id) ?? before?.progress ?? 0;
    if (
      task.progress === beforeProgress &&
      task.actualStart === before?.actualStart &&
      task.actualFinish === before?.actualFinish &&
      task.remaining === before?.remaining &&
      task.resume === before?.resume
    ) {
      continue;
    }
    changes.push({
      TaskID: task.id,
      Progress: task.progress,
      ...(task.actualStart === undefined ? {} : { ActualStart: task.actualStart }),
      ...(task.actualFinish === undefined ? {} : { ActualFinish: task.actualFinish }),
      ...(task.remaining === undefined ? {} : { RemainingDuration: task.remaining }),
      ...(task.resume === undefined ? {} : { Resume: task.resume }),
    });
  }
  if (changes.length === 0) return false;
  if (cutoff === undefined) throw new HttpsError('INVALID_ARGUMENT', NO_CUTOFF_MESSAGE);
  const errors = progressEntryErrors(cutoff, changes, progressTaskInfo(tasks));
  if (errors.length > 0) throw progressRefusal(errors);
  return true;
}

/** issue 15: the latest cut-off's record follows a change of progress made in the Gantt. */
export async function rewriteCutoff(
  trx: Transaction<Database>,
  projectId: string,
  cutoff: string,
  tasks: readonly GanttTaskRecord[],
  amounts?: ProgressAmounts,
): Promise<void> {
  const row = await trx
    .selectFrom('gantt_cutoff')
    .select('_id')
    .where('project_id', '=', projectId)
    .where('cutoff', '=', cutoff)
    .executeTakeFirst();
  if (!row) return;
  await writeCutoffTasks(trx, row._id, tasks);
  await trx
    .updateTable('gantt_cutoff')
    .set({ progress: projectProgress(tasks, amounts) })
    .where('_id', '=', row._id)
    .execute();
}
