import type { EdcItem } from '../edc/generate-edc';
import type { EdpItem } from '../edp/generate-edp';

/**
 * The Gantt's tasks from the project's EDP and EDC (domain.md "Gantt"; issue 7): one summary per
 * EDP item (same tree), under it one summary per EDC main item and per subcomponent item, and one
 * leaf per EDC activity item. A later load merges: tasks for new EDP/EDC items appear, tasks whose
 * source item is gone disappear (with their links), and every user edit stays (dates, durations,
 * progress, links, a task moved elsewhere in the tree, tasks the user added). Codes and names
 * follow their source items, which are edited in the EDP and EDC screens. Pure.
 */

/** One EDP or EDC item as a source of a Gantt task; `key` is stable across loads. */
export type GanttSource = { key: string; parentKey?: string; code: string; name: string };

/** A stored task. `sourceKey` null: a task the user added in the Gantt. */
export type GanttTaskRecord = {
  id: number;
  sourceKey: string | null;
  parentId?: number;
  code: string;
  name: string;
  /** YYYY-MM-DD */
  start: string;
  duration: number;
  progress: number;
};

export type GanttLinkRecord = { from: number; to: number; type: 'FS' | 'SS' | 'FF' | 'SF'; lag: number };

export const NEW_TASK_DURATION = 5;

export function edpSourceKey(edpItemId: number): string {
  return `edp:${edpItemId}`;
}

export function edcSourceKey(edpItemId: number, code: string): string {
  return `edc:${edpItemId}:${code.toLowerCase()}`;
}

/** The sources in tree order: each EDP item, then its EDC list (main → its subcomponents → their activities). */
export function ganttSources(
  edpItems: readonly EdpItem[],
  edcByEdpItem: ReadonlyMap<number, readonly EdcItem[]>,
): GanttSource[] {
  const sources: GanttSource[] = [];
  for (const item of edpItems) {
    const key = edpSourceKey(item.id);
    sources.push({
      key,
      ...(item.parentId === undefined ? {} : { parentKey: edpSourceKey(item.parentId) }),
      code: item.code,
      name: item.name,
    });
    const edc = edcByEdpItem.get(item.id) ?? [];
    const codes = new Set(edc.map((edcItem) => edcItem.code.toLowerCase()));
    for (const edcItem of edc) {
      const parentCode = edcItem.parentCode.toLowerCase();
      // a main item hangs from the EDP item; the others from an item of the same list
      const parentKey =
        codes.has(parentCode) && parentCode !== edcItem.code.toLowerCase()
          ? edcSourceKey(item.id, edcItem.parentCode)
          : key;
      sources.push({ key: edcSourceKey(item.id, edcItem.code), parentKey, code: edcItem.code, name: edcItem.name });
    }
  }
  return sources;
}

export type GanttMergeResult = {
  tasks: GanttTaskRecord[];
  links: GanttLinkRecord[];
  added: number;
  removed: number;
};

/**
 * Merges the stored tasks with the current sources. The answer is in tree order: a parent before
 * its children; existing children keep their order, new ones follow in source order. New task ids
 * are the highest id + 1 onwards; new tasks start on `newTaskStart` with NEW_TASK_DURATION.
 */
export function mergeGanttTasks(
  stored: readonly GanttTaskRecord[],
  links: readonly GanttLinkRecord[],
  sources: readonly GanttSource[],
  newTaskStart: string,
): GanttMergeResult {
  const sourceByKey = new Map(sources.map((source) => [source.key, source]));
  const storedById = new Map(stored.map((task) => [task.id, task]));

  // 1. tasks whose source is gone go; a user task under them moves up to the nearest survivor
  const keeps = (task: GanttTaskRecord) => task.sourceKey === null || sourceByKey.has(task.sourceKey);
  const survivorAbove = (parentId: number | undefined): number | undefined => {
    let current = parentId;
    const seen = new Set<number>();
    while (current !== undefined && !seen.has(current)) {
      seen.add(current);
      const parent = storedById.get(current);
      if (!parent) return undefined;
      if (keeps(parent)) return current;
      current = parent.parentId;
    }
    return undefined;
  };
  const kept: GanttTaskRecord[] = [];
  let removed = 0;
  for (const task of stored) {
    if (!keeps(task)) {
      removed += 1;
      continue;
    }
    const source = task.sourceKey === null ? undefined : sourceByKey.get(task.sourceKey);
    const parentId = survivorAbove(task.parentId);
    const { parentId: _old, ...rest } = task;
    kept.push({
      ...rest,
      ...(parentId === undefined ? {} : { parentId }),
      ...(source ? { code: source.code, name: source.name } : {}),
    });
  }

  // 2. a task for every source without one, under its source parent's task
  const idByKey = new Map<string, number>();
  for (const task of kept) if (task.sourceKey !== null) idByKey.set(task.sourceKey, task.id);
  let nextId = stored.reduce((highest, task) => Math.max(highest, task.id), 0) + 1;
  const added: GanttTaskRecord[] = [];
  for (const source of sources) {
    if (idByKey.has(source.key)) continue;
    const id = nextId++;
    idByKey.set(source.key, id);
    const parentId = source.parentKey === undefined ? undefined : idByKey.get(source.parentKey);
    added.push({
      id,
      sourceKey: source.key,
      ...(parentId === undefined ? {} : { parentId }),
      code: source.code,
      name: source.name,
      start: newTaskStart,
      duration: NEW_TASK_DURATION,
      progress: 0,
    });
  }

  // 3. tree order: roots, then children depth-first; existing children first, new ones after
  const all = [...kept, ...added];
  const ids = new Set(all.map((task) => task.id));
  const children = new Map<number | undefined, GanttTaskRecord[]>();
  for (const task of all) {
    const parent = task.parentId !== undefined && ids.has(task.parentId) ? task.parentId : undefined;
    const list = children.get(parent);
    if (list) list.push(task);
    else children.set(parent, [task]);
  }
  const ordered: GanttTaskRecord[] = [];
  const stack = [...(children.get(undefined) ?? [])].reverse();
  const placed = new Set<number>();
  while (stack.length > 0) {
    const task = stack.pop() as GanttTaskRecord;
    if (placed.has(task.id)) continue;
    placed.add(task.id);
    ordered.push(task);
    const kids = children.get(task.id);
    if (kids) for (let index = kids.length - 1; index >= 0; index -= 1) stack.push(kids[index] as GanttTaskRecord);
  }
  // tasks caught in a parent loop (never from this function; from corrupted data) keep their place at the end
  for (const task of all) if (!placed.has(task.id)) ordered.push(task);

  const finalIds = new Set(ordered.map((task) => task.id));
  return {
    tasks: ordered,
    links: links.filter((link) => finalIds.has(link.from) && finalIds.has(link.to)),
    added: added.length,
    removed,
  };
}
