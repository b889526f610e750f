import { rollUpProgress } from '@cimiento/domain';
import type { GanttTaskRecord } from '@cimiento/domain';
import type { Transaction } from 'kysely';
import { chunks } from '../catalogues/catalogue-store';
import type { Database } from '../db/schema';

/**
 * The history of cut-offs (issue 15, 'Cortes de avance'): one `gantt_cutoff` row per date recorded,
 * with the project's progress then, and in `gantt_cutoff_task` every leaf with any progress or an
 * actual date at it (code and name copied, so a task deleted later still reads). saveProgress writes
 * a cut-off; saveGantt rewrites the latest one's rows when the task editor changes progress.
 */

/** The ids of the tasks that have children (summaries). */
export function summaryIds(tasks: readonly Pick<GanttTaskRecord, 'id' | 'parentId'>[]): Set<number> {
  const ids = new Set(tasks.map((task) => task.id));
  const parents = new Set<number>();
  for (const task of tasks) {
    if (task.parentId !== undefined && task.parentId !== task.id && ids.has(task.parentId)) parents.add(task.parentId);
  }
  return parents;
}

/** The project's physical progress, 0–100: its leaves weighted by their planned durations. */
export function projectProgress(tasks: readonly GanttTaskRecord[]): number {
  return rollUpProgress(
    tasks.map((task) => ({
      id: task.id,
      parentId: task.parentId,
      duration: task.duration,
      progress: task.progress,
    })),
  ).project;
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
  const summaries = summaryIds(tasks);
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
