import type { GanttDraftTask } from './gantt-edits';
import { ganttSubtreeIds } from './gantt-edits';
import type { PredecessorLink } from './predecessors';
import { ganttRowIds } from './row-ids';
import type { LinkType } from './schedule-types';
import { ganttTaskCodes } from './task-codes';

/**
 * How a planner names the Gantt's tasks (issue 12): by code, not by internal TaskID. Issue 32: by
 * the task's unique code (ganttTaskCodes: an activity's EDP item's code and its own, `ELA.1.1.ACT1`,
 * since activity codes restart in every EDP item) and by its row number, MS Project's 'Id'
 * (ganttRowIds). Pure: the grid's 'Código' and 'Predecesoras' columns, its tooltip and the task
 * editor's predecessor search all read this directory.
 */

export type GanttTaskRef = {
  id: number;
  /** the task's own code, as stored (an activity's ACT1) */
  code: string;
  /** issue 32: the code unique in the project (ganttTaskCodes); '' for a task without a code */
  uniqueCode: string;
  /** issue 32: the row number, MS Project's 'Id' (1-based, in outline order) */
  rowId: number;
  name: string;
  /** what the grid writes for this task: its unique code, or its name without a code */
  label: string;
  /** the nearest ancestor built from an EDP item */
  edpItem?: { id: number; code: string; name: string };
};

export type GanttTaskDirectory = {
  byId: ReadonlyMap<number, GanttTaskRef>;
  /** the tasks in list order */
  refs: readonly GanttTaskRef[];
  /** issue 32: row number → the task */
  byRow: ReadonlyMap<number, GanttTaskRef>;
  /** issue 32: unique code (lower case) → the task */
  byCode: ReadonlyMap<string, GanttTaskRef>;
};

/** The short texts of the link types and of a day, in the screen's language. */
export type PlannerLinkLabels = { types: Record<LinkType, string>; day: string };

function isEdpSourceKey(sourceKey: string | undefined): boolean {
  return sourceKey?.startsWith('edp:') === true;
}

// Spanish has no case tailoring in Unicode (only Turkish, Azeri and Lithuanian do), so the plain
// lower-casing is es-CL's, without the locale lookup that cost ~45 ms of a 10,000-task first build.
function key(text: string): string {
  return text.trim().toLowerCase();
}

/** Lower case, without accents: how the search compares texts. */
export function searchKey(text: string): string {
  return key(text)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

export function ganttTaskDirectory(tasks: readonly GanttDraftTask[]): GanttTaskDirectory {
  const byTaskId = new Map(tasks.map((task) => [task.id, task]));
  // the list is depth-first (a parent before its children): each task's EDP item is known once its parent's is
  const edpOf = new Map<number, GanttDraftTask | undefined>();
  for (const task of tasks) {
    const parent = task.parentId === undefined ? undefined : byTaskId.get(task.parentId);
    let item: GanttDraftTask | undefined;
    if (parent) item = isEdpSourceKey(parent.sourceKey) ? parent : edpOf.get(parent.id);
    edpOf.set(task.id, item);
  }
  const uniqueCodes = ganttTaskCodes(tasks);
  const { rowOf } = ganttRowIds(tasks);
  const byId = new Map<number, GanttTaskRef>();
  const byRow = new Map<number, GanttTaskRef>();
  const byCode = new Map<string, GanttTaskRef>();
  const refs: GanttTaskRef[] = [];
  for (const task of tasks) {
    const item = edpOf.get(task.id);
    const uniqueCode = uniqueCodes.get(task.id) ?? '';
    const ref: GanttTaskRef = {
      id: task.id,
      code: task.code.trim(),
      uniqueCode,
      rowId: rowOf.get(task.id) ?? 0,
      name: task.name,
      label: uniqueCode === '' ? task.name : uniqueCode,
      ...(item ? { edpItem: { id: item.id, code: item.code, name: item.name } } : {}),
    };
    byId.set(task.id, ref);
    byRow.set(ref.rowId, ref);
    if (uniqueCode !== '') byCode.set(key(uniqueCode), ref);
    refs.push(ref);
  }
  return { byId, refs, byRow, byCode };
}

/** `ELA.1.ACT1 Excavar · ELA.1 Torre`: the task in full, with its EDP item. */
export function describeGanttTask(ref: Pick<GanttTaskRef, 'uniqueCode' | 'name' | 'edpItem'>): string {
  const task = ref.uniqueCode === '' ? ref.name : `${ref.uniqueCode} ${ref.name}`;
  return ref.edpItem ? `${task} · ${ref.edpItem.code} ${ref.edpItem.name}` : task;
}

function linkSuffix(link: PredecessorLink, labels: PlannerLinkLabels): string {
  // as MS Project: a finish-to-start link without lag is the plain predecessor
  if (link.type === 'FS' && link.lag === 0) return '';
  const lag = link.lag === 0 ? '' : `${link.lag > 0 ? '+' : ''}${link.lag}${labels.day}`;
  return ` ${labels.types[link.type]}${lag}`;
}

function refOf(directory: GanttTaskDirectory, id: number): GanttTaskRef {
  return directory.byId.get(id) ?? { id, code: '', uniqueCode: '', rowId: 0, name: `#${id}`, label: `#${id}` };
}

/** The 'Predecesoras' cell: `ELA.1/ACT1; ACT2 CC+2d; M.1 FF-1d`. */
export function plannerPredecessorText(
  links: readonly PredecessorLink[],
  directory: GanttTaskDirectory,
  labels: PlannerLinkLabels,
): string {
  return links.map((link) => `${refOf(directory, link.predecessorId).label}${linkSuffix(link, labels)}`).join('; ');
}

/** The cell's tooltip: one line per predecessor, in full (code, name, EDP item, type and lag). */
export function plannerPredecessorTitle(
  links: readonly PredecessorLink[],
  directory: GanttTaskDirectory,
  labels: PlannerLinkLabels,
): string {
  return links
    .map((link) => {
      const suffix = linkSuffix(link, labels);
      return `${describeGanttTask(refOf(directory, link.predecessorId))}${suffix === '' ? '' : ` ·${suffix}`}`;
    })
    .join('\n');
}

/**
 * The tasks that may be `id`'s predecessors, in list order: every task but itself, its ancestors
 * and its descendants (a summary cannot be linked with its own tasks; addGanttLink refuses it).
 */
export function ganttLinkCandidates(tasks: readonly GanttDraftTask[], id: number): number[] {
  const excluded = new Set(ganttSubtreeIds(tasks, id));
  const byId = new Map(tasks.map((task) => [task.id, task]));
  let current = byId.get(id);
  while (current?.parentId !== undefined && !excluded.has(current.parentId)) {
    excluded.add(current.parentId);
    current = byId.get(current.parentId);
  }
  excluded.add(id);
  return tasks.filter((task) => !excluded.has(task.id)).map((task) => task.id);
}

/**
 * The candidates matching what was typed: its row number (issue 32: MS Project's 'Id'), code,
 * unique code or name (without accents or case), best first — the exact row number, an exact code,
 * codes that start with the text, then the rest in list order. At most `limit`.
 */
export function searchGanttTasks(
  directory: GanttTaskDirectory,
  candidates: readonly number[],
  text: string,
  limit = 50,
): GanttTaskRef[] {
  const query = searchKey(text);
  const refs = candidates.map((id) => directory.byId.get(id)).filter((ref) => ref !== undefined);
  if (query === '') return refs.slice(0, limit);
  const ranked: { ref: GanttTaskRef; rank: number; index: number }[] = [];
  refs.forEach((ref, index) => {
    const code = searchKey(ref.code);
    const label = searchKey(ref.label);
    let rank = -1;
    if (/^\d+$/.test(query) && String(ref.rowId) === query) rank = 0;
    else if (code === query || label === query) rank = 1;
    else if (code.startsWith(query) || label.startsWith(query)) rank = 2;
    else if (code.includes(query) || label.includes(query) || searchKey(ref.name).includes(query)) rank = 3;
    else if (ref.edpItem && searchKey(`${ref.edpItem.code} ${ref.code} ${ref.name}`).includes(query)) rank = 4;
    if (rank >= 0) ranked.push({ ref, rank, index });
  });
  ranked.sort((left, right) => left.rank - right.rank || left.index - right.index);
  return ranked.slice(0, limit).map((entry) => entry.ref);
}

export type ResolvedTask = { ok: true; id: number } | { ok: false; error: string };

/**
 * A predecessor typed without choosing from the list: a row number (issue 32), a unique code
 * (`ELA.1.1.ACT1`) or a code that only one task has. The message says why anything else is refused.
 */
export function resolveGanttTask(
  directory: GanttTaskDirectory,
  candidates: readonly number[],
  text: string,
  id: number,
): ResolvedTask {
  const typed = text.trim();
  const allowed = new Set(candidates);
  const check = (found: number): ResolvedTask => {
    if (allowed.has(found)) return { ok: true, id: found };
    if (found === id) return { ok: false, error: 'Predecesoras: una tarea no puede ser su propia predecesora' };
    return {
      ok: false,
      error: `Predecesoras: ${refOf(directory, found).label} es resumen o parte de esta tarea; no se pueden vincular`,
    };
  };
  if (/^\d+$/.test(typed)) {
    const found = directory.byRow.get(Number(typed));
    if (!found) return { ok: false, error: `Predecesoras: la tarea ${typed} no existe` };
    return check(found.id);
  }
  const wanted = searchKey(typed);
  const byLabel = directory.refs.filter((ref) => searchKey(ref.label) === wanted);
  const matches = byLabel.length > 0 ? byLabel : directory.refs.filter((ref) => searchKey(ref.code) === wanted);
  const [first] = matches;
  if (!first) return { ok: false, error: `Predecesoras: «${typed}» no es una tarea del Gantt` };
  if (matches.length === 1) return check(first.id);
  const items = matches.map((ref) => ref.edpItem?.code ?? `#${ref.id}`).join(', ');
  return {
    ok: false,
    error: `Predecesoras: «${typed}» corresponde a ${matches.length} tareas (${items}); elígela de la lista`,
  };
}
