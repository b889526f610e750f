import { flattenForest, forestOf } from '../tree/ordered-forest';
import { ganttRowNumbers } from './gantt-row-numbers';

/**
 * The Gantt's row numbers (issue 32), MS Project's 'Id': each task's 1-based position in the full
 * outline order (depth-first, a parent before its children, siblings in list order), whatever is
 * collapsed or filtered on screen. The grid's 'Id' column, predecessors typed by row number
 * ('8FC+2'), the Gantt and progress workbooks read it. Pure, linear.
 */

export type RowTask = { id: number; parentId?: number | undefined };

/** The tasks in outline order. */
export function ganttOutlineOrder<T extends RowTask>(tasks: readonly T[]): T[] {
  const nodes = tasks.map((task) =>
    task.parentId === undefined ? { id: task.id, task } : { id: task.id, parentId: task.parentId, task },
  );
  return flattenForest(forestOf(nodes)).map((node) => node.task);
}

export type GanttRowIds = {
  /** task id → row number */
  rowOf: ReadonlyMap<number, number>;
  /** row number → task id */
  taskAt: ReadonlyMap<number, number>;
};

/** Task id → row number (1…n) and back; the numbers are ganttRowNumbers', the one definition. */
export function ganttRowIds(tasks: readonly RowTask[]): GanttRowIds {
  const rowOf = ganttRowNumbers(tasks);
  const taskAt = new Map<number, number>();
  for (const [id, row] of rowOf) taskAt.set(row, id);
  return { rowOf, taskAt };
}

/**
 * Each task's place in words (issue 32): the names of its summaries from the top down, 'Torre 1 ›
 * Piso 3 › Estructura', so a printed row is identifiable (its tower, floor and component). The
 * project's own row is left out when it is the only top-level task (every generated Gantt's root);
 * a top-level task has ''.
 */
export function ganttParentPaths(tasks: readonly (RowTask & { name: string })[]): Map<number, string> {
  const ordered = ganttOutlineOrder(tasks);
  const ids = new Set(tasks.map((task) => task.id));
  const roots = ordered.filter((task) => task.parentId === undefined || !ids.has(task.parentId));
  const skipped = roots.length === 1 ? roots[0]?.id : undefined;
  // a parent comes before its children in outline order, so its own path is known first
  const fullPath = new Map<number, string>();
  const paths = new Map<number, string>();
  for (const task of ordered) {
    const parent = task.parentId !== undefined && ids.has(task.parentId) ? task.parentId : undefined;
    const above = parent === undefined ? '' : (fullPath.get(parent) ?? '');
    paths.set(task.id, above);
    const own = task.id === skipped ? '' : task.name.trim();
    fullPath.set(task.id, above === '' ? own : own === '' ? above : `${above} › ${own}`);
  }
  return new Map(tasks.map((task) => [task.id, paths.get(task.id) ?? '']));
}
