import type { EdcItem } from '../edc/generate-edc';
import type { EdpItem } from '../edp/generate-edp';
import { edcSourceKey, edpSourceKey, parseGanttSourceKey } from '../edp/source-keys';
import { withParent } from '../tree/ordered-forest';
import type { ResourceAssignment } from '../resources/assignments';
import { effectiveQuantity, taskFormulaDays } from '../resources/quantities';
import type { DurationFormula } from '../resources/quantities';

/**
 * The Gantt's tasks from the project's EDP and EDC (domain.md "Gantt"; issue 7): one summary per
 * EDP item (same tree), under it one summary per EDC main item and per subcomponent item, and one
 * leaf per EDC activity item. A later load merges: tasks for new EDP/EDC items appear, tasks whose
 * source item is gone disappear (with their links), and every user edit stays (dates, durations,
 * progress, links, a task moved elsewhere in the tree, tasks the user added). Codes and names
 * follow their source items, which are edited in the EDP and EDC screens. Saves that delete EDP
 * or EDC items drop those items' tasks at once the same way (removeGanttTasks,
 * deletedSourceMatcher), so a later item with the same id or code starts afresh. Pure.
 */

/** One EDP or EDC item as a source of a Gantt task; `key` is stable across loads. */
export type GanttSource = {
  key: string;
  parentKey?: string;
  code: string;
  name: string;
  /** issue 13, rule 1: a leaf EDC item's duration, from its activity's catalogue duration */
  duration?: number;
  /** issue 35: a leaf EDC item's resources, its activity's default resource × crews */
  resources?: ResourceAssignment[];
  /**
   * issue 35: a leaf EDC activity with a quantity and its activity's productivity: its duration is
   * ⌈quantity ÷ (productivity × crews)⌉ (docs/RESOURCES.md "Quantities and durations")
   */
  formula?: DurationFormula;
};

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
  /** physical progress ('Avance físico'), 0–100 */
  progress: number;
  /** issue 15: YYYY-MM-DD, a leaf's 'Inicio real' / 'Fin real' (absent: none) */
  actualStart?: string;
  actualFinish?: string;
  /** issue 34: 'Duración restante' of a task under way, working days (absent: what the progress leaves) */
  remaining?: number;
  /** issue 34: the task's notes ('Notas', MS Project's Notes); absent: none */
  notes?: string;
  /** issue 34: YYYY-MM-DD, 'Fecha límite' (MS Project's Deadline): shown, never scheduled by; absent: none */
  deadline?: string;
  /** issue 34: the start is a must-start-on ('Debe comenzar el', MS Project's Must Start On); absent: no earlier than */
  mustStartOn?: boolean;
  /** issue 34: YYYY-MM-DD, 'Reanudar' of a task under way (MS Project's Resume); absent: at the cut-off */
  resume?: string;
  /** issue 35: 'Recursos', the task's resources and units in its order; absent: none */
  resources?: ResourceAssignment[];
  /**
   * issue 35: the working days 'Redistribuir recursos' moved the start by, and the start it had
   * (YYYY-MM-DD; 'Quitar redistribución' puts it back); absent: not levelled
   */
  levelingDelay?: number;
  leveledFrom?: string;
  /**
   * issue 35: the duration was typed by hand over its quantity's formula, and wins over it (a load
   * does not recompute it); absent: the formula's, when the task has one
   */
  durationByHand?: boolean;
  /** issue 35: the source's duration formula (set by the merge, never stored): loadGantt's DurationFormula */
  formula?: DurationFormula;
};

export type GanttLinkRecord = {
  from: number;
  to: number;
  type: 'FS' | 'SS' | 'FF' | 'SF';
  lag: number;
  /** issue 13: made by the sequencing (sequence-gantt.ts); absent or false: the user's */
  generated?: boolean;
};

export const NEW_TASK_DURATION = 5;

/**
 * Whether a stored task's source is among deleted EDP items (their own task `edp:{id}` and their
 * EDC items' `edc:{id}:…`) or deleted EDC items of a kept EDP item (`edc:{id}:{code}`). The next
 * load would drop exactly these tasks: their source keys are no longer among the sources.
 */
export function deletedSourceMatcher(deleted: {
  edpItemIds?: Iterable<number>;
  edcItems?: Iterable<{ edpItemId: number; code: string }>;
}): (key: string | null) => boolean {
  const edpItemIds = new Set(deleted.edpItemIds ?? []);
  const edcKeys = new Set<string>();
  for (const { edpItemId, code } of deleted.edcItems ?? []) edcKeys.add(edcSourceKey(edpItemId, code));
  return (key) => {
    if (key === null) return false;
    if (edcKeys.has(key)) return true;
    const parsed = parseGanttSourceKey(key);
    return parsed !== undefined && edpItemIds.has(parsed.edpItemId);
  };
}

/**
 * The codes of an EDC list whose Gantt tasks lose their source when the list `before` is saved as
 * `after`: codes in `before` that `after` no longer has, compared as source keys (case-insensitive).
 */
export function droppedEdcCodes(before: readonly string[], after: readonly string[]): string[] {
  const kept = new Set(after.map((code) => code.toLowerCase()));
  const dropped = new Map<string, string>();
  for (const code of before) {
    const key = code.toLowerCase();
    if (!kept.has(key) && !dropped.has(key)) dropped.set(key, code);
  }
  return [...dropped.values()];
}

/** The tasks left when some go, and the survivors whose parent changed (`parentId` undefined: now a root). */
export type GanttRemoval<T> = { kept: T[]; removedIds: number[]; moved: { id: number; parentId?: number }[] };

/**
 * Removes the tasks that `goes` picks; a task that stays and hung from one that goes moves up to
 * the nearest ancestor that stays (a root when none does, or when its parent is not in the list).
 * The kept tasks keep their order. Each chain of removed tasks is walked once, so a deep tree
 * costs one pass. Pure: the merge on load and the server's purge of deleted items share it.
 */
export function removeGanttTasks<T extends { id: number; parentId?: number }>(
  tasks: readonly T[],
  goes: (task: T) => boolean,
): GanttRemoval<T> {
  const byId = new Map(tasks.map((task) => [task.id, task]));
  const removedIds: number[] = [];
  const gone = new Set<number>();
  for (const task of tasks) {
    if (!goes(task)) continue;
    removedIds.push(task.id);
    gone.add(task.id);
  }
  // the nearest kept ancestor of each removed task, once per task (undefined: none)
  const survivorOf = new Map<number, number | undefined>();
  const nearestKept = (parentId: number | undefined): number | undefined => {
    const path: number[] = [];
    const onPath = new Set<number>();
    let current = parentId;
    let result: number | undefined;
    for (;;) {
      if (current === undefined || !byId.has(current)) break;
      if (!gone.has(current)) {
        result = current;
        break;
      }
      if (survivorOf.has(current)) {
        result = survivorOf.get(current);
        break;
      }
      // a loop of removed tasks (corrupt data) never reaches a survivor
      if (onPath.has(current)) break;
      path.push(current);
      onPath.add(current);
      current = (byId.get(current) as T).parentId;
    }
    for (const id of path) survivorOf.set(id, result);
    return result;
  };
  const kept: T[] = [];
  const moved: { id: number; parentId?: number }[] = [];
  for (const task of tasks) {
    if (gone.has(task.id)) continue;
    const parentId = nearestKept(task.parentId);
    if (parentId === task.parentId) {
      kept.push(task);
      continue;
    }
    kept.push(withParent(task, parentId));
    moved.push(parentId === undefined ? { id: task.id } : { id: task.id, parentId });
  }
  return { kept, removedIds, moved };
}

/** The sources in tree order: each EDP item, then its EDC list (main → its subcomponents → their activities). */
export function ganttSources(
  edpItems: readonly (EdpItem & { unit?: string; quantity?: string })[],
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
    const parents = new Set<string>();
    for (const edcItem of edc) {
      const parentCode = edcItem.parentCode.toLowerCase();
      if (codes.has(parentCode) && parentCode !== edcItem.code.toLowerCase()) parents.add(parentCode);
    }
    for (const edcItem of edc) {
      const parentCode = edcItem.parentCode.toLowerCase();
      // a main item hangs from the EDP item; the others from an item of the same list
      const parentKey =
        codes.has(parentCode) && parentCode !== edcItem.code.toLowerCase()
          ? edcSourceKey(item.id, edcItem.parentCode)
          : key;
      const source: GanttSource = {
        key: edcSourceKey(item.id, edcItem.code),
        parentKey,
        code: edcItem.code,
        name: edcItem.name,
      };
      // rule 1 (docs/SEQUENCING.md): a leaf lasts its activity's catalogue duration
      if (!parents.has(edcItem.code.toLowerCase())) {
        source.duration = edcItem.duration ?? NEW_TASK_DURATION;
        // issue 35: a generated task gets its activity's default crew (docs/RESOURCES.md)
        if (edcItem.resourceId !== undefined) {
          source.resources = [{ resourceId: edcItem.resourceId, units: edcItem.crews ?? 1 }];
        }
        const formula = edcFormula(edcItem, item);
        if (formula !== undefined) source.formula = formula;
      }
      sources.push(source);
    }
  }
  return sources;
}

/** issue 35: an EDC activity's duration formula, when it has a quantity and its activity a productivity. */
export function edcFormula(
  edcItem: EdcItem,
  edpItem: { unit?: string; quantity?: string },
): DurationFormula | undefined {
  if (edcItem.kind !== 'activity' || edcItem.productivity === undefined || edcItem.workUnit === undefined) {
    return undefined;
  }
  const quantity = effectiveQuantity(edcItem, edpItem);
  if (quantity === undefined) return undefined;
  return {
    quantity: quantity.quantity,
    workUnit: edcItem.workUnit,
    productivity: edcItem.productivity,
    ...(edcItem.resourceId === undefined ? {} : { resourceId: edcItem.resourceId }),
    ...(edcItem.crews === undefined ? {} : { catalogueCrews: edcItem.crews }),
  };
}

export type GanttMergeResult = {
  tasks: GanttTaskRecord[];
  links: GanttLinkRecord[];
  added: number;
  removed: number;
  /** issue 35: kept tasks whose duration the quantity's formula changed */
  resized: number;
};

/**
 * Merges the stored tasks with the current sources. The answer is in tree order: a parent before
 * its children; existing children keep their order, new ones follow in source order. New task ids
 * are the highest id + 1 onwards; new tasks start on `newTaskStart` and last their source's
 * duration (NEW_TASK_DURATION when it has none).
 */
export function mergeGanttTasks(
  stored: readonly GanttTaskRecord[],
  links: readonly GanttLinkRecord[],
  sources: readonly GanttSource[],
  newTaskStart: string,
): GanttMergeResult {
  const sourceByKey = new Map(sources.map((source) => [source.key, source]));

  // 1. tasks whose source is gone go; a user task under them moves up to the nearest survivor
  const survivors = removeGanttTasks(stored, (task) => task.sourceKey !== null && !sourceByKey.has(task.sourceKey));
  const removed = survivors.removedIds.length;
  // a task with children is a summary: its duration is its children's, never the formula's
  const parents = new Set<number>();
  for (const task of survivors.kept) if (task.parentId !== undefined) parents.add(task.parentId);
  let resized = 0;
  const kept = survivors.kept.map((task) => {
    const source = task.sourceKey === null ? undefined : sourceByKey.get(task.sourceKey);
    if (!source) return task;
    const next = { ...task, code: source.code, name: source.name };
    // issue 35: a leaf sized by its quantity follows the formula unless its duration was typed by hand
    if (source.formula === undefined || parents.has(task.id)) {
      // (a `delete` on 10,000 tasks would turn each into a slow dictionary object: the full merge
      // took 15 % more CPU)
      if (next.formula === undefined) return next;
      const { formula: _formula, ...unsized } = next;
      return unsized;
    }
    next.formula = source.formula;
    if (task.durationByHand !== true) {
      const days = taskFormulaDays(source.formula, task.resources);
      if (days !== undefined && days !== task.duration) {
        next.duration = days;
        resized += 1;
      }
    }
    return next;
  });

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
      duration:
        (source.formula === undefined ? undefined : taskFormulaDays(source.formula, source.resources)) ??
        source.duration ??
        NEW_TASK_DURATION,
      progress: 0,
      ...(source.resources === undefined ? {} : { resources: source.resources.map((item) => ({ ...item })) }),
      ...(source.formula === undefined ? {} : { formula: source.formula }),
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
    resized,
  };
}
