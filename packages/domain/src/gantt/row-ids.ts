import { flattenForest, forestOf } from '../tree/ordered-forest';

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

/** Task id → row number (1…n) and back. */
export function ganttRowIds(tasks: readonly RowTask[]): GanttRowIds {
  const rowOf = new Map<number, number>();
  const taskAt = new Map<number, number>();
  ganttOutlineOrder(tasks).forEach((task, index) => {
    rowOf.set(task.id, index + 1);
    taskAt.set(index + 1, task.id);
  });
  return { rowOf, taskAt };
}
