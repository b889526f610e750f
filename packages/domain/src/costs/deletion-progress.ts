import type { CostTask } from './edp-amounts';
import { leafWeights } from './edp-amounts';
import { edpItemProgress } from './estado-pago';

/**
 * Issue 33, deletions that touch money say so: the progress recorded on Gantt tasks about to be
 * deleted (the Gantt's and the EDC's questions), measured as an estado de pago measures a partida
 * (edpItemProgress): the leaves among them (tasks with no task under them in the stored Gantt),
 * weighted by working days (all milestones: 1 each), Σ weight × progress / Σ weight, to 2
 * decimals. `ids` are the tasks and everything under them, as the question deletes them; unknown
 * ids are ignored. '0' when none of them is a leaf.
 */
export function tasksProgress(
  tasks: readonly CostTask[],
  ids: Iterable<number>,
  leafProgress: ReadonlyMap<number, number>,
): string {
  const parents = new Set<number>();
  for (const task of tasks) if (task.parentId !== undefined) parents.add(task.parentId);
  const asked = new Set(ids);
  const leaves = tasks.filter((task) => asked.has(task.id) && !parents.has(task.id));
  const weights = leafWeights(leaves);
  const measured = edpItemProgress(
    new Map([[0, leaves.map((leaf, index) => ({ taskId: leaf.id, weight: weights[index] as number }))]]),
    leafProgress,
  );
  return measured.get(0) ?? '0';
}
