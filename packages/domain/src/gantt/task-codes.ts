import { parseGanttSourceKey } from '../edp/source-keys';
import type { GanttTask } from '../functions/gantt-contracts';

/**
 * Every Gantt task's code, unique in its project (issue 32). EDC codes restart in every EDP item
 * (each item's list has its ACT1, and a main item typed by hand may repeat on every floor), so a task
 * built from an EDC item is named by its EDP item's code and its own: `ELA.1.2.ACT3`. A task built
 * from an EDP item keeps the item's code (unique in the EDP); a task the user added or imported keeps
 * its own. Computed, never stored: existing projects get it with no migration, and the grid, the
 * predecessor text, the Gantt and progress workbooks and the MS Project export's WBS all read this
 * one function. Codes that would still collide (two tasks typed or imported with the same code) are
 * made unique deterministically: the tasks built from the EDP/EDC keep theirs, then the others in
 * list order; a later one takes `-2`, `-3`… (the first not taken). A task without a code keeps none.
 * Compared without case, as codes are everywhere. Pure, linear.
 */

export type CodedTask = {
  id: number;
  parentId?: number | undefined;
  code: string;
  sourceKey?: string | null | undefined;
};

function key(code: string): string {
  return code.toLowerCase();
}

/** Each task's own code, qualified by its EDP item when it was built from an EDC item. */
function baseCodes(tasks: readonly CodedTask[]): Map<number, string> {
  const edpCodeOfItem = new Map<number, string>();
  for (const task of tasks) {
    const source = parseGanttSourceKey(task.sourceKey ?? null);
    if (source && source.edcCode === undefined) edpCodeOfItem.set(source.edpItemId, task.code.trim());
  }
  // the nearest EDP item above each task, for an EDC task whose item's own task is gone
  const byId = new Map(tasks.map((task) => [task.id, task]));
  const nearestEdp = (task: CodedTask): string | undefined => {
    const seen = new Set<number>();
    let current = task.parentId === undefined ? undefined : byId.get(task.parentId);
    while (current && !seen.has(current.id)) {
      seen.add(current.id);
      const source = parseGanttSourceKey(current.sourceKey ?? null);
      if (source && source.edcCode === undefined) return current.code.trim();
      current = current.parentId === undefined ? undefined : byId.get(current.parentId);
    }
    return undefined;
  };
  const bases = new Map<number, string>();
  for (const task of tasks) {
    const code = task.code.trim();
    const source = parseGanttSourceKey(task.sourceKey ?? null);
    if (code === '' || source?.edcCode === undefined) {
      bases.set(task.id, code);
      continue;
    }
    const item = edpCodeOfItem.get(source.edpItemId) ?? nearestEdp(task);
    const qualified =
      item === undefined || item === '' || key(code).startsWith(`${key(item)}.`) ? code : `${item}.${code}`;
    bases.set(task.id, qualified);
  }
  return bases;
}

/** Task id → its unique code, for tasks in list order (a parent before its children). */
export function ganttTaskCodes(tasks: readonly CodedTask[]): Map<number, string> {
  const bases = baseCodes(tasks);
  const wanted = new Set<string>();
  for (const code of bases.values()) if (code !== '') wanted.add(key(code));
  const taken = new Set<string>();
  const next = new Map<string, number>();
  const codes = new Map<number, string>();
  const claim = (task: CodedTask) => {
    const base = bases.get(task.id) as string;
    if (base === '') {
      codes.set(task.id, '');
      return;
    }
    let code = base;
    // a suffix never takes a code some task has of its own; each base's next suffix is kept, so
    // 100,000 tasks sharing ten codes take linear time, not quadratic
    let n = next.get(key(base)) ?? 2;
    for (; taken.has(key(code)); n += 1) {
      code = `${base}-${n}`;
      if (wanted.has(key(code))) code = base;
    }
    if (code !== base) next.set(key(base), n);
    taken.add(key(code));
    codes.set(task.id, code);
  };
  const built = (task: CodedTask) => task.sourceKey !== undefined && task.sourceKey !== null;
  for (const task of tasks) if (built(task)) claim(task);
  for (const task of tasks) if (!built(task)) claim(task);
  // back in list order
  return new Map(tasks.map((task) => [task.id, codes.get(task.id) as string]));
}

/** The unique codes of a loaded Gantt's tasks (loadGantt's activities), by TaskID. */
export function ganttActivityCodes(
  activities: readonly Pick<GanttTask, 'TaskID' | 'ParentId' | 'TaskCode' | 'sourceKey'>[],
): Map<number, string> {
  return ganttTaskCodes(
    activities.map((task) => ({
      id: task.TaskID,
      ...(task.ParentId === undefined ? {} : { parentId: task.ParentId }),
      code: task.TaskCode,
      sourceKey: task.sourceKey ?? null,
    })),
  );
}
