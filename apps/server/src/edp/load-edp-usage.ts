import {
  countEdpUsage,
  loadEdpUsageContract,
  nearestEdpItems,
  parseGanttSourceKey,
  partidaProgress,
  sumPaid,
  tasksProgress,
} from '@cimiento/domain';
import { defineHandler } from '../core/define-handler';
import type { CostTask, Currency, EdpPaid, EdpUsage, EstadoPagoLine, TaskSelectionUsage } from '@cimiento/domain';
import type { Kysely, Transaction } from 'kysely';
import { chunks } from '../db/db-helpers';
import type { Database } from '../db/schema';
import { HttpsError } from '../core/https-error';
import { readItemAmounts } from './edp-queries';
import { unassignedTaskKeys } from '../edc/unassign-edc';
import type { UnassignInput } from '../edc/unassign-edc';

/** The tasks a Gantt or EDC question is about to delete (issue 33): by id, by source key, or both. */
export type UsageTaskSelection = {
  taskIds?: readonly number[];
  taskKeys?: readonly string[];
  /** the tasks an unassignEdc of these would delete (their keys join `taskKeys`) */
  unassign?: UnassignInput;
};

type StoredTask = CostTask & { sourceKey: string | null };

/** The EDP item a task is built from (`edp:{id}`), not an EDC item's; undefined for any other task. */
function edpTaskItem(sourceKey: string | null): number | undefined {
  const source = parseGanttSourceKey(sourceKey);
  return source && source.edcCode === undefined ? source.edpItemId : undefined;
}

/** Each leaf's progress at the latest recorded cut-off (a leaf absent had none); empty with no cut-off. */
async function latestCutoffProgress(trx: Transaction<Database>, projectId: string): Promise<Map<number, number>> {
  const latest = await trx
    .selectFrom('gantt_cutoff')
    .select('_id')
    .where('project_id', '=', projectId)
    .orderBy('cutoff', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!latest) return new Map();
  const rows = await trx
    .selectFrom('gantt_cutoff_task')
    .select(['task_id', 'progress'])
    .where('cutoff_id', '=', latest._id)
    .execute();
  return new Map(rows.map((row) => [Number(row.task_id), Number(row.progress)]));
}

/** Per EDP item, what each approved EP paid on its line (its period amount; 0 left out), in EP N° order. */
async function approvedPayments(trx: Transaction<Database>, projectId: string): Promise<Map<number, EdpPaid[]>> {
  const rows = await trx
    .selectFrom('estado_pago')
    .select(['number', 'document'])
    .where('project_id', '=', projectId)
    .where('status', '=', 'approved')
    .orderBy('number')
    .execute();
  const paid = new Map<number, EdpPaid[]>();
  for (const row of rows) {
    const { lines } = JSON.parse(row.document) as { lines: EstadoPagoLine[] };
    for (const line of lines) {
      const list = paid.get(line.edpItemId) ?? [];
      list.push({ number: Number(row.number), amount: line.periodAmount });
      paid.set(line.edpItemId, list);
    }
  }
  // sumPaid drops the EPs that paid 0 on the line (a deleted partida's line, a line without progress)
  return new Map([...paid].map(([id, list]) => [id, sumPaid([list])]));
}

/** The project's baselines, oldest first. */
async function readBaselines(
  trx: Transaction<Database>,
  projectId: string,
): Promise<Array<{ id: string; name: string }>> {
  const rows = await trx
    .selectFrom('gantt_baseline')
    .select(['_id', 'name'])
    .where('project_id', '=', projectId)
    .orderBy('created_at')
    .orderBy('_id')
    .execute();
  return rows.map((row) => ({ id: row._id, name: row.name }));
}

/** Per task id among `taskIds`, the baselines holding it (ids), read in chunks. */
async function baselinesHolding(
  trx: Transaction<Database>,
  baselineIds: readonly string[],
  taskIds: readonly number[],
): Promise<Map<number, Set<string>>> {
  const out = new Map<number, Set<string>>();
  if (baselineIds.length === 0 || taskIds.length === 0) return out;
  for (const chunk of chunks(taskIds)) {
    const rows = await trx
      .selectFrom('gantt_baseline_task')
      .select(['baseline_id', 'task_id'])
      .where('baseline_id', 'in', baselineIds)
      .where('task_id', 'in', chunk)
      .execute();
    for (const row of rows) {
      const id = Number(row.task_id);
      const set = out.get(id) ?? new Set<string>();
      set.add(row.baseline_id);
      out.set(id, set);
    }
  }
  return out;
}

/**
 * issue 33: what deleting exactly the asked tasks touches: the progress recorded on them, the
 * baselines holding any of them, and the partidas they are or belong to (each asked task's nearest
 * EDP task, itself included) with what approved EPs paid for them.
 */
async function selectionUsage(
  trx: Transaction<Database>,
  projectId: string,
  selection: UsageTaskSelection,
  context: {
    tasks: readonly StoredTask[];
    leafProgress: ReadonlyMap<number, number>;
    paid: ReadonlyMap<number, EdpPaid[]>;
    baselines: ReadonlyArray<{ id: string; name: string }>;
  },
): Promise<TaskSelectionUsage> {
  const { tasks, leafProgress, paid, baselines } = context;
  const keys = new Set(selection.taskKeys ?? []);
  const byId = new Map(tasks.map((task) => [task.id, task]));
  const ids = new Set((selection.taskIds ?? []).filter((id) => byId.has(id)));
  for (const task of tasks) if (task.sourceKey !== null && keys.has(task.sourceKey)) ids.add(task.id);
  const asked = [...ids];

  // the partidas: each asked task's nearest task built from an EDP item
  const items = new Set(nearestEdpItems(tasks, (id) => ids.has(id)).values());
  const paidIds = [...items].filter((id) => (paid.get(id) ?? []).length > 0).sort((a, b) => a - b);
  const names =
    paidIds.length === 0
      ? []
      : await trx
          .selectFrom('edp_item')
          .select(['id', 'code', 'name'])
          .where('project_id', '=', projectId)
          .where('id', 'in', paidIds)
          .execute();
  const nameOf = new Map(names.map((row) => [Number(row.id), row]));
  const holding = await baselinesHolding(
    trx,
    baselines.map((baseline) => baseline.id),
    asked,
  );
  const held = new Set<string>();
  for (const set of holding.values()) for (const id of set) held.add(id);

  const usage: TaskSelectionUsage = {
    baselines: baselines.filter((baseline) => held.has(baseline.id)).map((baseline) => baseline.name),
    partidas: paidIds.map((id) => ({
      id,
      code: nameOf.get(id)?.code ?? '',
      name: nameOf.get(id)?.name ?? '',
      paid: paid.get(id) ?? [],
    })),
  };
  const progress = tasksProgress(tasks, asked, leafProgress);
  if (progress !== '0') usage.progress = progress;
  return usage;
}

/**
 * loadEdpUsage (issue 12): what each saved EDP item carries, for the editor's deletion questions.
 * A few reads in one snapshot, none per item: the project (an unknown one is refused), the EDC
 * rows grouped by item, the stored Gantt tasks, the Gantt's links; issue 33 adds what touches the
 * money: the latest cut-off's progress, the approved EPs' lines and the baselines holding the
 * items' tasks. The domain's `countEdpUsage` adds them up.
 *
 * Gantt tasks are the stored ones only. A Gantt never built (version 0) has no task to lose: a
 * first load builds tasks from the EDP and EDC as they are then, so an item deleted before it
 * never gets any. Likewise an item added, or an EDC assigned, since the Gantt's last load has no
 * task yet for the deletion to take.
 *
 * Issue 33, per item: `progress` is the partida's physical progress at the latest cut-off as the
 * estado de pago measures it (partidaProgress: a priced one's earned value over its amount; else its
 * leaves by working days, edpItemProgress on itemLeaves: its own leaves, else all under its
 * task); `paid` what each approved EP paid on its line; `baselines` the baselines holding its task.
 */
export async function loadEdpUsage(
  db: Kysely<Database>,
  projectId: string,
  selection: UsageTaskSelection = {},
): Promise<EdpUsage> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const project = await trx
        .selectFrom('project')
        .select(['_id', 'currency'])
        .where('_id', '=', projectId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!project) throw new HttpsError('NOT_FOUND', 'Proyecto no encontrado');
      const edcRows = await trx
        .selectFrom('edc_item')
        .select(['edp_item_id', (eb) => eb.fn.countAll().as('count')])
        .where('project_id', '=', projectId)
        .groupBy('edp_item_id')
        .execute();
      const taskRows = await trx
        .selectFrom('gantt_task')
        .select(['id', 'source_key', 'parent_id', 'duration'])
        .where('project_id', '=', projectId)
        .execute();
      const linkRows = await trx
        .selectFrom('gantt_link')
        .select(['from_id', 'to_id'])
        .where('project_id', '=', projectId)
        .execute();
      // PostgreSQL returns bigint columns and counts as strings
      const tasks: StoredTask[] = taskRows.map((row) => {
        const task: StoredTask = { id: Number(row.id), sourceKey: row.source_key, duration: Number(row.duration) };
        if (row.parent_id !== null) task.parentId = Number(row.parent_id);
        return task;
      });
      const leafProgress = await latestCutoffProgress(trx, projectId);
      // what was paid for items still in the EDP (a deleted partida's lines are the EP's to keep)
      const itemIds = await trx.selectFrom('edp_item').select('id').where('project_id', '=', projectId).execute();
      const existing = new Set(itemIds.map((row) => Number(row.id)));
      const paid = new Map([...(await approvedPayments(trx, projectId))].filter(([id]) => existing.has(id)));
      const baselines = await readBaselines(trx, projectId);

      // the baselines holding each item's own task
      const itemTasks = new Map<number, number>();
      for (const task of tasks) {
        const itemId = edpTaskItem(task.sourceKey);
        if (itemId !== undefined) itemTasks.set(task.id, itemId);
      }
      const holding = await baselinesHolding(
        trx,
        baselines.map((baseline) => baseline.id),
        [...itemTasks.keys()],
      );
      const itemBaselines = new Map<number, string[]>();
      for (const [taskId, held] of holding) {
        const names = baselines.filter((baseline) => held.has(baseline.id)).map((baseline) => baseline.name);
        itemBaselines.set(itemTasks.get(taskId) as number, names);
      }

      const counts = countEdpUsage({
        edcCounts: edcRows.map((row) => ({ edpItemId: Number(row.edp_item_id), count: Number(row.count) })),
        tasks,
        links: linkRows.map((row) => ({ from: Number(row.from_id), to: Number(row.to_id) })),
        money: {
          // issue 33, one measure: the EP line's figure (a priced partida's earned value over its amount)
          progress:
            leafProgress.size === 0
              ? new Map()
              : partidaProgress(tasks, leafProgress, await readItemAmounts(trx, projectId)),
          paid,
          baselines: itemBaselines,
        },
      });
      const usage: EdpUsage = { ...counts, currency: project.currency as Currency };
      const asked =
        selection.unassign === undefined
          ? selection
          : {
              ...selection,
              taskKeys: [
                ...(selection.taskKeys ?? []),
                ...(await unassignedTaskKeys(trx, projectId, selection.unassign)),
              ],
            };
      if (asked.taskIds !== undefined || asked.taskKeys !== undefined) {
        usage.selection = await selectionUsage(trx, projectId, asked, { tasks, leafProgress, paid, baselines });
      }
      return usage;
    });
}

/** What each saved EDP item carries (EDC rows, Gantt tasks and links, and issue 33's money), for the deletion questions. */
export const handleLoadEdpUsage = defineHandler(
  loadEdpUsageContract,
  async ({ id, taskIds, taskKeys, unassign }, { db }) => {
    const selection: UsageTaskSelection = {};
    if (taskIds !== undefined) selection.taskIds = taskIds;
    if (taskKeys !== undefined) selection.taskKeys = taskKeys;
    if (unassign !== undefined) selection.unassign = unassign;
    return { usage: await loadEdpUsage(db, id, selection), message: 'Uso del EDP cargado' };
  },
);
