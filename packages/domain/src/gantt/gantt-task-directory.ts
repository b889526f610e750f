import type { GanttDraftTask } from './gantt-edits';
import { ganttSubtreeIds } from './gantt-edits';
import type { PredecessorLink } from './predecessors';
import type { LinkType } from './schedule-types';

/**
 * How a planner names the Gantt's tasks (issue 12): by code, not by internal TaskID. Activity codes
 * restart in every EDP item (ACT1 under ELA.1 and ACT1 under ELA.1.1), so a code used by more than
 * one task is qualified by its EDP item — the nearest ancestor built from an EDP item — as
 * `ELA.1.1/ACT1`. Pure: the grid's 'Predecesoras' column, its tooltip and the task editor's
 * predecessor search all read this directory.
 */

export type GanttTaskRef = {
  id: number;
  code: string;
  name: string;
  /** what the grid writes for this task: its code (qualified when ambiguous), or its name without a code */
  label: string;
  /** the nearest ancestor built from an EDP item */
  edpItem?: { id: number; code: string; name: string };
};

export type GanttTaskDirectory = {
  byId: ReadonlyMap<number, GanttTaskRef>;
  /** the tasks in list order */
  refs: readonly GanttTaskRef[];
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
  const codeCount = new Map<string, number>();
  for (const task of tasks) {
    const parent = task.parentId === undefined ? undefined : byTaskId.get(task.parentId);
    let item: GanttDraftTask | undefined;
    if (parent) item = isEdpSourceKey(parent.sourceKey) ? parent : edpOf.get(parent.id);
    edpOf.set(task.id, item);
    const code = key(task.code);
    if (code !== '') codeCount.set(code, (codeCount.get(code) ?? 0) + 1);
  }
  const byId = new Map<number, GanttTaskRef>();
  const refs: GanttTaskRef[] = [];
  for (const task of tasks) {
    const item = edpOf.get(task.id);
    const code = task.code.trim();
    const isAmbiguous = code !== '' && (codeCount.get(key(code)) ?? 0) > 1;
    const label = code === '' ? task.name : isAmbiguous && item ? `${item.code}/${code}` : code;
    const ref: GanttTaskRef = {
      id: task.id,
      code,
      name: task.name,
      label,
      ...(item ? { edpItem: { id: item.id, code: item.code, name: item.name } } : {}),
    };
    byId.set(task.id, ref);
    refs.push(ref);
  }
  return { byId, refs };
}

/** `ACT1 Excavar · ELA.1 Torre`: the task in full, with its EDP item. */
export function describeGanttTask(ref: GanttTaskRef): string {
  const task = ref.code === '' ? ref.name : `${ref.code} ${ref.name}`;
  return ref.edpItem ? `${task} · ${ref.edpItem.code} ${ref.edpItem.name}` : task;
}

function linkSuffix(link: PredecessorLink, labels: PlannerLinkLabels): string {
  // as MS Project: a finish-to-start link without lag is the plain predecessor
  if (link.type === 'FS' && link.lag === 0) return '';
  const lag = link.lag === 0 ? '' : `${link.lag > 0 ? '+' : ''}${link.lag}${labels.day}`;
  return ` ${labels.types[link.type]}${lag}`;
}

function refOf(directory: GanttTaskDirectory, id: number): GanttTaskRef {
  return directory.byId.get(id) ?? { id, code: '', name: `#${id}`, label: `#${id}` };
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
 * The candidates matching what was typed: its TaskID, code, qualified code or name (without
 * accents or case), best first — the exact TaskID, an exact code, codes that start with the text,
 * then the rest in list order. At most `limit`.
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
    if (/^\d+$/.test(query) && String(ref.id) === query) rank = 0;
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
 * A predecessor typed without choosing from the list: a TaskID, a code that only one task has, or
 * a qualified code (`ELA.1.1/ACT1`). The message says why anything else is refused.
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
    const found = Number(typed);
    if (!directory.byId.has(found)) return { ok: false, error: `Predecesoras: la tarea ${typed} no está en el Gantt` };
    return check(found);
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
