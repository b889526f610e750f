import { ganttParentIds, ganttSubtreeIds } from '../gantt/gantt-edits';
import type { CostTask } from './edp-amounts';
import { nearestEdpItems } from './edp-amounts';

/** What moving a Gantt task in the tree (indent, outdent) touches of the money (issue 33). */
export type TaskMoveEffects = {
  /**
   * The tasks whose recorded progress, partidas and baselines the question names: the task moved
   * and everything under it, and a task the move turns from a leaf into a summary (its recorded
   * progress gives way to its tasks') or from a summary into a leaf.
   */
  taskIds: number[];
  /** the EDP item (partida) the moved task is measured in before the move, and after; null for none */
  from: number | null;
  to: number | null;
};

/**
 * The effects of moving task `id` from the tree `before` to the tree `after` (the same tasks, only
 * parents changed): which tasks the move touches, and the partida it is measured in on each side.
 * A task's partida is its nearest EDP item (the cost spread's rule, `nearestEdpItems`), so a task
 * indented within its partida keeps it (`from` = `to`), but the partida's money is spread again over
 * its new leaves.
 */
export function taskMoveEffects(before: readonly CostTask[], after: readonly CostTask[], id: number): TaskMoveEffects {
  // the tree operations keep the list depth-first, as ganttSubtreeIds reads it
  const moved = ganttSubtreeIds(after, id);
  const wasParent = ganttParentIds(before);
  const isParent = ganttParentIds(after);
  const turned = after
    .filter((task) => wasParent.has(task.id) !== isParent.has(task.id) && !moved.includes(task.id))
    .map((task) => task.id);
  const wanted = (taskId: number) => taskId === id;
  return {
    taskIds: [...moved, ...turned],
    from: nearestEdpItems(before, wanted).get(id) ?? null,
    to: nearestEdpItems(after, wanted).get(id) ?? null,
  };
}
