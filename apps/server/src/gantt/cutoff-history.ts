import { formatNumber, ganttParentIds, rollUpProgress, taskProgressWeights } from '@cimiento/domain';
import type { GanttTaskRecord, ProgressAmounts, ProgressEntryError, ProgressTaskInfo } from '@cimiento/domain';
import type { Transaction } from 'kysely';
import { chunks } from '../db/db-helpers';
import type { Database } from '../db/schema';
import { v7 as uuidv7 } from 'uuid';
import { HttpsError } from '../core/https-error';

/**
 * The history of cut-offs (issue 15, 'Cortes de avance'): one `gantt_cutoff` row per date recorded,
 * with the project's progress then, and in `gantt_cutoff_task` every leaf with any progress or an
 * actual date at it (code and name copied, so a task deleted later still reads). saveProgress writes
 * a cut-off; saveGantt rewrites the latest one's rows when the task editor changes progress.
 */

/**
 * The project's physical progress, 0–100 (issue 33, one measure): its leaves weighted by the priced
 * items' amounts spread on them, by their planned durations when nothing is priced.
 */
export function projectProgress(tasks: readonly GanttTaskRecord[], amounts?: ProgressAmounts): number {
  return rollUpProgress(tasks, taskProgressWeights(tasks, amounts)).project;
}

/**
 * Replaces the task rows of the cut-off `cutoffId` with every leaf of `tasks` that has progress
 * above 0 or an actual date, in chunks; answers how many were written.
 */
export async function writeCutoffTasks(
  trx: Transaction<Database>,
  cutoffId: string,
  tasks: readonly GanttTaskRecord[],
): Promise<number> {
  await trx.deleteFrom('gantt_cutoff_task').where('cutoff_id', '=', cutoffId).execute();
  const summaries = ganttParentIds(tasks);
  const rows = tasks
    .filter(
      (task) =>
        !summaries.has(task.id) &&
        (task.progress > 0 || task.actualStart !== undefined || task.actualFinish !== undefined),
    )
    .map((task) => ({
      cutoff_id: cutoffId,
      task_id: task.id,
      code: task.code,
      name: task.name,
      progress: task.progress,
      actual_start: task.actualStart ?? null,
      actual_finish: task.actualFinish ?? null,
    }));
  for (const part of chunks(rows)) await trx.insertInto('gantt_cutoff_task').values(part).execute();
  return rows.length;
}

/**
 * Records the cut-off `cutoff` of the project with `tasks`' progress, by `caller`, now: a new
 * `gantt_cutoff` row, or the same date's row again (who, when and the progress replaced), and its
 * task rows rewritten; its progress weighted by `amounts` (readItemAmounts, issue 33). saveProgress
 * and importProject record a cut-off this way.
 */
export async function recordCutoff(
  trx: Transaction<Database>,
  projectId: string,
  cutoff: string,
  tasks: readonly GanttTaskRecord[],
  caller: { userId: string; name: string },
  amounts: ProgressAmounts,
): Promise<void> {
  const recorded = {
    recorded_at: new Date().toISOString(),
    recorded_by: caller.userId,
    recorded_by_name: caller.name,
    progress: projectProgress(tasks, amounts),
  };
  const existing = await trx
    .selectFrom('gantt_cutoff')
    .select('_id')
    .where('project_id', '=', projectId)
    .where('cutoff', '=', cutoff)
    .executeTakeFirst();
  let cutoffId: string;
  if (existing) {
    cutoffId = existing._id;
    await trx.updateTable('gantt_cutoff').set(recorded).where('_id', '=', cutoffId).execute();
  } else {
    cutoffId = uuidv7();
    await trx
      .insertInto('gantt_cutoff')
      .values({ _id: cutoffId, project_id: projectId, cutoff, ...recorded })
      .execute();
  }
  await writeCutoffTasks(trx, cutoffId, tasks);
}

/** A refusal names at most this many tasks, then '… y N tareas más'. */
const MAX_REFUSED_TASKS = 20;

/** Every task as progressEntryErrors knows it: summaries (tasks with children), codes and names. */
export function progressTaskInfo(tasks: readonly GanttTaskRecord[]): Map<number, ProgressTaskInfo> {
  const summaries = ganttParentIds(tasks);
  return new Map(
    tasks.map((task) => [task.id, { isSummary: summaries.has(task.id), code: task.code, name: task.name }]),
  );
}

/** One INVALID_ARGUMENT naming every refused task (up to MAX_REFUSED_TASKS, then how many more). */
export function progressRefusal(errors: readonly ProgressEntryError[]): HttpsError {
  const byTask = new Map<number, string[]>();
  for (const error of errors) {
    const list = byTask.get(error.TaskID);
    if (list) list.push(error.message);
    else byTask.set(error.TaskID, [error.message]);
  }
  const shown = [...byTask.values()].slice(0, MAX_REFUSED_TASKS).flat();
  const more = byTask.size - MAX_REFUSED_TASKS;
  const tail = more > 0 ? `; … y ${formatNumber(more)} ${more === 1 ? 'tarea' : 'tareas'} más` : '';
  return new HttpsError('INVALID_ARGUMENT', `${shown.join('; ')}${tail}`);
}
