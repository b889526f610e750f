import {
  formatIsoDate,
  formatNumber,
  ganttTaskCodes,
  loadProgressHistoryContract,
  progressWeights,
  rollUpProgress,
} from '@cimiento/domain';
import { defineHandler } from '../core/define-handler';
import type { CutoffRecord, CutoffTask, ProgressBasis } from '@cimiento/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { HttpsError } from '../core/https-error';
import { readCostBasis, readCutoffProgress } from '../costs/cost-basis';

/**
 * The project's physical progress at every recorded cut-off (issue 33, docs/TRACKING.md 'One
 * progress measure'): rollUpProgress over the current Gantt's leaves (merged, as the S-curve reads
 * them) with each leaf's progress recorded there, weighted by the amounts spread on them.
 */
async function cutoffFigures(
  db: Kysely<Database>,
  projectId: string,
): Promise<{ progress: Map<string, number>; basis: ProgressBasis }> {
  const basis = await readCostBasis(db, projectId);
  const weights = progressWeights(basis.costs.parts);
  const progress = new Map<string, number>();
  let rolledBasis: ProgressBasis = 'duration';
  for (const entry of await readCutoffProgress(db, projectId)) {
    const rolled = rollUpProgress(
      basis.tasks.map((task) => ({
        id: task.id,
        parentId: task.parentId,
        duration: task.duration,
        progress: entry.progress.get(task.id) ?? 0,
      })),
      weights,
    );
    progress.set(entry.cutoff, rolled.project);
    rolledBasis = rolled.basis;
  }
  return { progress, basis: weights === undefined ? 'duration' : rolledBasis };
}

/**
 * loadProgressHistory: the project's cut-offs, newest first, with who recorded each, when, the
 * project's progress and how many leaves had progress; with `cutoff`, that cut-off's leaves in
 * Gantt order (an unknown date → NOT_FOUND).
 */
export async function loadProgressHistory(
  db: Kysely<Database>,
  projectId: string,
  cutoff?: string,
): Promise<{ progressBasis: ProgressBasis; cutoffs: CutoffRecord[]; tasks?: CutoffTask[]; message: string }> {
  const project = await db
    .selectFrom('project')
    .select('_id')
    .where('_id', '=', projectId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!project) throw new HttpsError('NOT_FOUND', 'Proyecto no encontrado');
  const rows = await db
    .selectFrom('gantt_cutoff')
    .leftJoin('gantt_cutoff_task', 'gantt_cutoff_task.cutoff_id', 'gantt_cutoff._id')
    .select((eb) => [
      'gantt_cutoff._id',
      'gantt_cutoff.cutoff',
      'gantt_cutoff.recorded_at',
      'gantt_cutoff.recorded_by_name',
      'gantt_cutoff.progress',
      eb.fn.count<number | string | bigint>('gantt_cutoff_task.task_id').as('task_count'),
    ])
    .where('gantt_cutoff.project_id', '=', projectId)
    .groupBy([
      'gantt_cutoff._id',
      'gantt_cutoff.cutoff',
      'gantt_cutoff.recorded_at',
      'gantt_cutoff.recorded_by_name',
      'gantt_cutoff.progress',
    ])
    .orderBy('gantt_cutoff.cutoff', 'desc')
    .execute();
  // issue 33, one measure: each cut-off's figure as the S-curve and the Gantt compute it now, from
  // the leaves' progress recorded there weighted by the current amounts (by duration unpriced)
  const figures = rows.length === 0 ? undefined : await cutoffFigures(db, projectId);
  const cutoffs = rows.map((row): CutoffRecord => ({
    cutoff: row.cutoff,
    recordedAt: row.recorded_at,
    recordedBy: row.recorded_by_name,
    progress: figures?.progress.get(row.cutoff) ?? Number(row.progress),
    taskCount: Number(row.task_count),
  }));
  const basis = { progressBasis: figures?.basis ?? 'duration' } as const;
  if (cutoff === undefined) {
    const count = cutoffs.length;
    return {
      ...basis,
      cutoffs,
      message:
        count === 0
          ? 'No hay cortes de avance registrados'
          : `${formatNumber(count)} ${count === 1 ? 'corte de avance' : 'cortes de avance'}`,
    };
  }

  const chosen = rows.find((row) => row.cutoff === cutoff);
  if (!chosen) throw new HttpsError('NOT_FOUND', `No hay un corte de avance al ${formatIsoDate(cutoff)}`);
  const taskRows = await db
    .selectFrom('gantt_cutoff_task')
    .select(['task_id', 'code', 'name', 'progress', 'actual_start', 'actual_finish'])
    .where('cutoff_id', '=', chosen._id)
    .execute();
  // Gantt order; a task deleted since then goes last, by id
  const ganttRows = await db
    .selectFrom('gantt_task')
    .select(['id', 'position', 'parent_id', 'code', 'source_key'])
    .where('project_id', '=', projectId)
    .execute();
  const positions = new Map(ganttRows.map((row) => [Number(row.id), Number(row.position)]));
  // issue 32: a task still in the Gantt named by its code unique in the project, as every screen
  // names it; one deleted since, by the code it had then
  const codes = ganttTaskCodes(
    ganttRows.map((row) => ({
      id: Number(row.id),
      ...(row.parent_id === null ? {} : { parentId: Number(row.parent_id) }),
      code: row.code,
      sourceKey: row.source_key,
    })),
  );
  const rank = (id: number) => positions.get(id) ?? Number.MAX_SAFE_INTEGER;
  const tasks = taskRows
    .map((row): CutoffTask => ({
      TaskID: Number(row.task_id),
      TaskCode: codes.get(Number(row.task_id)) ?? row.code,
      TaskName: row.name,
      Progress: Number(row.progress),
      ...(row.actual_start === null ? {} : { ActualStart: row.actual_start }),
      ...(row.actual_finish === null ? {} : { ActualFinish: row.actual_finish }),
    }))
    .sort((a, b) => rank(a.TaskID) - rank(b.TaskID) || a.TaskID - b.TaskID);
  const count = tasks.length;
  return {
    ...basis,
    cutoffs,
    tasks,
    message: `Corte al ${formatIsoDate(cutoff)}: ${formatNumber(count)} ${count === 1 ? 'tarea con avance' : 'tareas con avance'}`,
  };
}

/** The project's cut-offs ('Cortes de avance'), and with `cutoff` its leaves' progress (issue 15). */
export const handleLoadProgressHistory = defineHandler(loadProgressHistoryContract, async ({ id, cutoff }, { db }) =>
  loadProgressHistory(db, id, cutoff),
);
