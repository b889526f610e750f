import { projectEventChange } from '@cimiento/domain/history';
import {
  GANTT_STALE_MESSAGE,
  MAX_BASELINES,
  formatCount,
  saveBaselineContract,
  spreadItemAmounts,
} from '@cimiento/domain';
import { defineHandler } from '../core/define-handler';
import type { Baseline } from '@cimiento/domain';
import type { Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { chunks } from '../db/db-helpers';
import { recordChange } from '../collab/history-queries';
import type { Database } from '../db/schema';
import type { Caller } from '../core/context';
import { HttpsError } from '../core/https-error';
import { readCostProject, toCostTasks } from '../costs/cost-basis';
import { readEdpItems } from '../edp/edp-queries';
import { readTasks } from '../gantt/gantt-queries';
import type { BaselineList } from './baseline-queries';
import { lockProject, readBaselines } from './baseline-queries';
import { loadGantt } from '../gantt/load-gantt';

/** A save whose snapshot keeps losing the race to Gantt edits gives up after this many tries. */
const SAVE_ATTEMPTS = 5;

/** The same name, as a user reads it: trimmed by the contract, compared without case (Í as í too). */
function nameKey(name: string): string {
  return name.toLocaleLowerCase('es-CL');
}

/**
 * saveBaseline ('Fijar línea base'): the stored Gantt as loadGantt merges and schedules it now,
 * frozen under `name` and dated now, recorded by the caller; it becomes the chosen baseline. Issue
 * 16: with its costs (gantt_baseline_cost: the EDP items' amounts spread over the Gantt's leaves
 * now), so the S-curve's planned curve stays as frozen as its dates. The
 * count and name checks and the inserts run in one transaction holding the project's row, and
 * only while the Gantt is still at the version the snapshot was taken on (else it is taken again).
 */
export async function saveBaseline(
  db: Kysely<Database>,
  projectId: string,
  name: string,
  caller: Pick<Caller, 'userId' | 'name' | 'email'>,
): Promise<BaselineList & { baselineId: string; baseline: Baseline; message: string }> {
  for (let attempt = 1; attempt <= SAVE_ATTEMPTS; attempt += 1) {
    const gantt = await loadGantt(db, projectId);
    if (gantt.activities.length === 0) {
      throw new HttpsError('FAILED_PRECONDITION', 'El Gantt no tiene tareas: no hay nada que fijar como línea base');
    }
    const saved = await db.transaction().execute(async (trx) => {
      if (!(await lockProject(trx, projectId, 'keep', gantt.version))) return undefined;
      // named and dated under the lock, so the newest first order is the order they were fixed in
      const baseline: Baseline = {
        baselineId: uuidv7(),
        name,
        createdAt: new Date().toISOString(),
        createdBy: caller.name.trim() === '' ? caller.email : caller.name,
        taskCount: gantt.activities.length,
        projectStart: gantt.projectStart,
        projectFinish: gantt.projectFinish,
      };
      const existing = await trx
        .selectFrom('gantt_baseline')
        .select('name')
        .where('project_id', '=', projectId)
        .execute();
      if (existing.length >= MAX_BASELINES) {
        throw new HttpsError(
          'FAILED_PRECONDITION',
          `El proyecto ya tiene ${MAX_BASELINES} líneas base, el máximo: elimina una para fijar otra`,
        );
      }
      const key = nameKey(name);
      const same = existing.find((row) => nameKey(row.name) === key);
      if (same) throw new HttpsError('ALREADY_EXISTS', `Ya existe una línea base «${same.name}» en este proyecto`);
      await trx
        .insertInto('gantt_baseline')
        .values({
          _id: baseline.baselineId,
          project_id: projectId,
          name,
          created_at: baseline.createdAt,
          created_by: caller.userId,
          created_by_name: baseline.createdBy,
          task_count: baseline.taskCount,
          project_start: baseline.projectStart,
          project_finish: baseline.projectFinish,
        })
        .execute();
      const rows = gantt.activities.map((task) => ({
        baseline_id: baseline.baselineId,
        task_id: task.TaskID,
        code: task.TaskCode,
        name: task.TaskName,
        start_date: task.StartDate,
        finish_date: task.EndDate,
        duration: task.Duration,
        cost: null,
      }));
      for (const part of chunks(rows)) await trx.insertInto('gantt_baseline_task').values(part).execute();
      // issue 16: what each task was to cost, per EDP item (the cost spread of the Gantt as fixed)
      const { currency } = await readCostProject(trx, projectId);
      const costs = spreadItemAmounts(
        await readEdpItems(trx, projectId),
        toCostTasks(await readTasks(trx, projectId)),
        currency,
      );
      const costRows = costs.parts.map((part) => ({
        baseline_id: baseline.baselineId,
        task_id: part.taskId,
        edp_item_id: part.edpItemId,
        amount: part.amount,
      }));
      for (const part of chunks(costRows)) await trx.insertInto('gantt_baseline_cost').values(part).execute();
      // a new baseline becomes the chosen one
      await trx
        .updateTable('project')
        .set({ gantt_baseline_id: baseline.baselineId })
        .where('_id', '=', projectId)
        .execute();
      const event = { kind: 'baseline-saved', name, tasks: baseline.taskCount } as const;
      await recordChange(
        trx,
        projectId,
        { caller, functionName: 'saveBaseline' },
        'tracking',
        projectEventChange(event),
      );
      return { baseline, baselines: await readBaselines(trx, projectId) };
    });
    if (saved) {
      const { baseline, baselines } = saved;
      return {
        baselines,
        baselineId: baseline.baselineId,
        baseline,
        message: `Línea base «${name}» fijada: ${formatCount(baseline.taskCount, 'tarea', 'tareas')}`,
      };
    }
  }
  throw new HttpsError('ABORTED', GANTT_STALE_MESSAGE);
}

/** 'Fijar línea base': freezes the stored Gantt's schedule under a name, recorded by the caller; it becomes the chosen one. */
export const handleSaveBaseline = defineHandler(saveBaselineContract, async ({ id, name }, { db, caller }) =>
  saveBaseline(db, id, name, caller),
);
