import { canonicalDecimal, spreadItemAmounts, toCostTask } from '@cimiento/domain';
import type { CostTask, Currency, GanttTaskRecord, PricedEdpItem, TaskCosts } from '@cimiento/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { HttpsError } from '../core/https-error';
import { readProject } from '../gantt/gantt-queries';
import type { ProjectGanttRow } from '../gantt/gantt-queries';
import { loadMergedGantt } from '../gantt/gantt-merge';

/**
 * What the costs (issue 16; docs/COSTS.md) read of a project: its currency and budget, its EDP
 * items with their prices, its stored Gantt (merged with the EDP and EDC first, as loadGantt does,
 * so every item has its tasks) and where each item's amount goes (spreadItemAmounts), and the
 * progress of every leaf at every recorded cut-off.
 */

export type CostProject = ProjectGanttRow & {
  name: string;
  code: string;
  currency: Currency;
  /** exact decimal */
  budget: string;
};

export type CostBasis = {
  project: CostProject;
  items: PricedEdpItem[];
  /** the stored Gantt's tasks (planned durations in working days) */
  tasks: GanttTaskRecord[];
  /** the same as the cost spread reads them */
  costTasks: CostTask[];
  costs: TaskCosts;
};

export type CutoffProgress = {
  /** YYYY-MM-DD */
  cutoff: string;
  /** the actual cost to date entered there, or null */
  actualCost: string | null;
  /** each leaf's progress (0–100) there; a leaf absent had none */
  progress: Map<number, number>;
};

export async function readCostProject(db: Kysely<Database>, projectId: string): Promise<CostProject> {
  const gantt = await readProject(db, projectId);
  const row = await db
    .selectFrom('project')
    .select(['name', 'code', 'currency', 'budget'])
    .where('_id', '=', projectId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw new HttpsError('NOT_FOUND', 'Proyecto no encontrado');
  return {
    ...gantt,
    name: row.name,
    code: row.code,
    currency: row.currency as Currency,
    budget: canonicalDecimal(row.budget),
  };
}

export function toCostTasks(tasks: readonly GanttTaskRecord[]): CostTask[] {
  return tasks.map(toCostTask);
}

/**
 * The project's cost basis now. Runs loadGantt's merge first so the stored Gantt is merged with the
 * current EDP and EDC (a new item's tasks exist before its money is placed on them).
 */
export async function readCostBasis(db: Kysely<Database>, projectId: string): Promise<CostBasis> {
  // the merge without loadGantt's answer: its EDP items and stored tasks are read once
  const gantt = await loadMergedGantt(db, projectId);
  const project = await readCostProject(db, projectId);
  const items = gantt.edpItems;
  const tasks = gantt.stored;
  const costTasks = toCostTasks(tasks);
  let costs: TaskCosts | undefined;
  return {
    project,
    items,
    tasks,
    costTasks,
    // the spread only when read (an estado de pago needs the leaves, not the money on them)
    get costs() {
      costs ??= spreadItemAmounts(items, costTasks, project.currency);
      return costs;
    },
  };
}

/** Every recorded cut-off, oldest first, with its leaves' progress and its actual cost. */
export async function readCutoffProgress(db: Kysely<Database>, projectId: string): Promise<CutoffProgress[]> {
  const cutoffs = await db
    .selectFrom('gantt_cutoff')
    .select(['_id', 'cutoff', 'actual_cost'])
    .where('project_id', '=', projectId)
    .orderBy('cutoff')
    .execute();
  if (cutoffs.length === 0) return [];
  const rows = await db
    .selectFrom('gantt_cutoff_task')
    .innerJoin('gantt_cutoff', 'gantt_cutoff._id', 'gantt_cutoff_task.cutoff_id')
    .select(['gantt_cutoff_task.cutoff_id', 'gantt_cutoff_task.task_id', 'gantt_cutoff_task.progress'])
    .where('gantt_cutoff.project_id', '=', projectId)
    .execute();
  const byId = new Map<string, CutoffProgress>();
  const out = cutoffs.map((row) => {
    const entry: CutoffProgress = {
      cutoff: row.cutoff,
      actualCost: row.actual_cost === null ? null : canonicalDecimal(row.actual_cost),
      progress: new Map(),
    };
    byId.set(row._id, entry);
    return entry;
  });
  for (const row of rows) byId.get(row.cutoff_id)?.progress.set(Number(row.task_id), Number(row.progress));
  return out;
}
