import {
  formatCount,
  GANTT_STALE_MESSAGE,
  MAX_BASELINES,
  projectEventChange,
  spreadItemAmounts,
} from '@cimiento/domain';
import type { Baseline } from '@cimiento/domain';
import type { Kysely, Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { chunks } from '../db/db-helpers';
import { recordChange } from '../collab/history-queries';
import type { ChangeAuthor } from '../collab/history-queries';
import type { Database } from '../db/schema';
import type { Caller } from '../core/context';
import { HttpsError } from '../core/https-error';
import { readCostProject, toCostTasks } from '../costs/cost-basis';
import { readEdpItems } from '../edp/edp-queries';
import { loadGantt, readTasks } from '../gantt/gantt-store';

/**
 * Baselines ('línea base', issue 15): named, dated, read-only snapshots of the Gantt as it is
 * scheduled when fixed (every task's start, finish and duration, with its code and name), up to
 * MAX_BASELINES per project. `project.gantt_baseline_id` is the one the Gantt shows and compares;
 * gantt-store's readBaselineDates lays it over loadGantt's and saveGantt's answers. Every write
 * here first updates the project's row, so in PostgreSQL it holds that row's lock: two saves
 * racing queue, and cannot make a 12th baseline or two of the same name. None of them moves the
 * Gantt's version: a baseline is not an edit of the Gantt.
 */

/** A save whose snapshot keeps losing the race to Gantt edits gives up after this many tries. */
const SAVE_ATTEMPTS = 5;

export type BaselineList = { baselines: Baseline[]; baselineId?: string };

function projectNotFound(): HttpsError {
  return new HttpsError('NOT_FOUND', 'Proyecto no encontrado');
}

function baselineNotFound(): HttpsError {
  return new HttpsError('NOT_FOUND', 'Línea base no encontrada');
}

/** The same name, as a user reads it: trimmed by the contract, compared without case (Í as í too). */
function nameKey(name: string): string {
  return name.toLocaleLowerCase('es-CL');
}

/** The project's baselines, newest first (a tie on the timestamp by the time-ordered id, newest first). */
async function readBaselines(db: Kysely<Database>, projectId: string): Promise<Baseline[]> {
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
async function readList(db: Kysely<Database>, projectId: string): Promise<BaselineList> {
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
async function lockProject(
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

/** loadBaselines: the project's baselines, newest first, and the chosen one. */
export async function loadBaselines(
  db: Kysely<Database>,
  projectId: string,
): Promise<BaselineList & { message: string }> {
  const list = await readList(db, projectId);
  const count = list.baselines.length;
  return {
    ...list,
    message: count === 0 ? 'El proyecto no tiene líneas base' : formatCount(count, 'línea base', 'líneas base'),
  };
}

/**
 * removeBaseline: deletes one baseline of the project (its tasks by cascade); unknown, or another
 * project's → NOT_FOUND. When it was the chosen one, the newest remaining becomes chosen (or none).
 */
export async function removeBaseline(
  db: Kysely<Database>,
  projectId: string,
  baselineId: string,
  author: ChangeAuthor,
): Promise<BaselineList & { message: string }> {
  const name = await db.transaction().execute(async (trx) => {
    await lockProject(trx, projectId, 'keep');
    // read under the lock: a choice racing this removal waits for it
    const { gantt_baseline_id: chosenBefore } = await trx
      .selectFrom('project')
      .select('gantt_baseline_id')
      .where('_id', '=', projectId)
      .executeTakeFirstOrThrow();
    const removed = await trx
      .deleteFrom('gantt_baseline')
      .where('_id', '=', baselineId)
      .where('project_id', '=', projectId)
      .returning('name')
      .executeTakeFirst();
    if (!removed) throw baselineNotFound();
    if (chosenBefore === baselineId) {
      const newest = await trx
        .selectFrom('gantt_baseline')
        .select('_id')
        .where('project_id', '=', projectId)
        .orderBy('created_at', 'desc')
        .orderBy('_id', 'desc')
        .limit(1)
        .executeTakeFirst();
      await trx
        .updateTable('project')
        .set({ gantt_baseline_id: newest?._id ?? null })
        .where('_id', '=', projectId)
        .execute();
    }
    const event = { kind: 'baseline-removed', name: removed.name } as const;
    await recordChange(trx, projectId, author, 'tracking', projectEventChange(event));
    return removed.name;
  });
  return { ...(await readList(db, projectId)), message: `Línea base «${name}» eliminada` };
}

export type BaselineTaskDates = {
  TaskID: number;
  BaselineStart: string;
  BaselineFinish: string;
  BaselineDuration: number;
};

/**
 * chooseBaseline: the baseline the Gantt shows and compares (null: none); a baseline that is not
 * the project's → NOT_FOUND, nothing changed. Answers its dates per task, by TaskID.
 */
export async function chooseBaseline(
  db: Kysely<Database>,
  projectId: string,
  baselineId: string | null,
  author: ChangeAuthor,
): Promise<BaselineList & { tasks: BaselineTaskDates[]; message: string }> {
  const chosen = await db.transaction().execute(async (trx) => {
    await lockProject(trx, projectId, { to: baselineId });
    if (baselineId === null) {
      await recordChange(
        trx,
        projectId,
        author,
        'tracking',
        projectEventChange({ kind: 'baseline-chosen', name: null }),
      );
      return undefined;
    }
    const row = await trx
      .selectFrom('gantt_baseline')
      .select(['_id', 'name'])
      .where('_id', '=', baselineId)
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    // thrown inside the transaction: the project's choice rolls back
    if (!row) throw baselineNotFound();
    const event = { kind: 'baseline-chosen', name: row.name } as const;
    await recordChange(trx, projectId, author, 'tracking', projectEventChange(event));
    return row;
  });
  const list = await readList(db, projectId);
  if (chosen === undefined) return { ...list, tasks: [], message: 'El Gantt no muestra ninguna línea base' };
  const rows = await db
    .selectFrom('gantt_baseline_task')
    .select(['task_id', 'start_date', 'finish_date', 'duration'])
    .where('baseline_id', '=', chosen._id)
    .orderBy('task_id')
    .execute();
  return {
    ...list,
    tasks: rows.map((row) => ({
      TaskID: Number(row.task_id),
      BaselineStart: row.start_date,
      BaselineFinish: row.finish_date,
      BaselineDuration: Number(row.duration),
    })),
    message: `El Gantt muestra la línea base «${chosen.name}»`,
  };
}
