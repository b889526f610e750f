import type { Baseline } from '@cimiento/domain';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { HttpsError } from '../core/https-error';

/**
 * Baselines ('línea base', issue 15): named, dated, read-only snapshots of the Gantt as it is
 * scheduled when fixed (every task's start, finish and duration, with its code and name), up to
 * MAX_BASELINES per project. `project.gantt_baseline_id` is the one the Gantt shows and compares;
 * gantt-queries.ts's readBaselineDates lays it over loadGantt's and saveGantt's answers. Every write
 * here first updates the project's row, so in PostgreSQL it holds that row's lock: two saves
 * racing queue, and cannot make a 12th baseline or two of the same name. None of them moves the
 * Gantt's version: a baseline is not an edit of the Gantt.
 */

export type BaselineList = { baselines: Baseline[]; baselineId?: string };

function projectNotFound(): HttpsError {
  return new HttpsError('NOT_FOUND', 'Proyecto no encontrado');
}

export function baselineNotFound(): HttpsError {
  return new HttpsError('NOT_FOUND', 'Línea base no encontrada');
}

/** The project's baselines, newest first (a tie on the timestamp by the time-ordered id, newest first). */
export async function readBaselines(db: Kysely<Database>, projectId: string): Promise<Baseline[]> {
  const rows = await db
    .selectFrom('gantt_baseline')
    .select(['_id', 'name', 'created_at', 'created_by_name', 'task_count', 'project_start', 'project_finish'])
    .where('project_id', '=', projectId)
    .orderBy('created_at', 'desc')
    .orderBy('_id', 'desc')
    .execute();
  return rows.map((row) => ({
    baselineId: row._id,
    name: row.name,
    createdAt: row.created_at,
    createdBy: row.created_by_name,
    taskCount: Number(row.task_count),
    projectStart: row.project_start,
    projectFinish: row.project_finish,
  }));
}

/** The list and the chosen baseline, read together; unknown project → NOT_FOUND. */
export async function readList(db: Kysely<Database>, projectId: string): Promise<BaselineList> {
  return db.transaction().execute(async (trx) => {
    const project = await trx
      .selectFrom('project')
      .select('gantt_baseline_id')
      .where('_id', '=', projectId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!project) throw projectNotFound();
    const baselines = await readBaselines(trx, projectId);
    return project.gantt_baseline_id === null ? { baselines } : { baselines, baselineId: project.gantt_baseline_id };
  });
}

/**
 * Locks the project's row with an UPDATE of its chosen baseline (`keep`: to itself). With
 * `ganttVersion`, only while the Gantt is still at that version: false when it moved on. Unknown
 * project → NOT_FOUND.
 */
export async function lockProject(
  trx: Transaction<Database>,
  projectId: string,
  chosen: { to: string | null } | 'keep',
  ganttVersion?: number,
): Promise<boolean> {
  let update = trx
    .updateTable('project')
    .set((eb) => ({ gantt_baseline_id: chosen === 'keep' ? eb.ref('gantt_baseline_id') : chosen.to }))
    .where('_id', '=', projectId)
    .where('deleted_at', 'is', null);
  if (ganttVersion !== undefined) update = update.where('gantt_version', '=', ganttVersion);
  const result = await update.executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return true;
  const exists = await trx
    .selectFrom('project')
    .select('_id')
    .where('_id', '=', projectId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!exists) throw projectNotFound();
  return false;
}

export type BaselineTaskDates = {
  TaskID: number;
  BaselineStart: string;
  BaselineFinish: string;
  BaselineDuration: number;
};
