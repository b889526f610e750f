import type { HistoryDetail, TaskFieldChange } from '../functions/collaboration-contracts';
import { formatIsoDate } from '../format/dates';
import { formatDecimal, formatNumber } from '../format/money';
import { assignmentsKey, assignmentsText } from '../resources/assignments';
import type { ResourceAssignment } from '../resources/assignments';

/**
 * The project history's words (issue 19, 'Historial'): what a save changed, as a one-line summary
 * and a detail (historyDetailSchema), computed from what the save read and wrote. Pure: the server
 * calls these inside the save's own transaction.
 */

/** One save's entry text: the timeline's line and what opening the entry shows. */
export type ProjectChange = { summary: string; detail: HistoryDetail };

/** Each of the detail's lists keeps at most this many entries; `omitted` counts the rest. */
export const HISTORY_LIST_CAP = 500;

/** An empty detail (nothing listed), with `notes` when given. */
export function emptyHistoryDetail(notes: readonly string[] = []): HistoryDetail {
  const kept = notes.slice(0, HISTORY_LIST_CAP);
  return { added: [], removed: [], renamed: [], tasks: [], notes: kept, omitted: notes.length - kept.length };
}

/** A save told in one line, with its notes (one line each). */
export function noteChange(summary: string, notes: readonly string[] = []): ProjectChange {
  return { summary, detail: emptyHistoryDetail(notes) };
}

/** Pushes onto `list` while under the cap; answers whether it was kept (the caller counts the rest). */
class CappedLists {
  omitted = 0;
  push<T>(list: T[], value: T): void {
    if (list.length < HISTORY_LIST_CAP) list.push(value);
    else this.omitted += 1;
  }
}

/**
 * Counts as a summary's parts, the first carrying the noun: '3 ítems agregados, 1 eliminado, 2
 * renombrados'. Parts with 0 are left out; '' when every count is 0.
 */
export function countParts(
  noun: { one: string; many: string },
  parts: ReadonlyArray<{ count: number; one: string; many: string }>,
): string {
  const shown = parts.filter((part) => part.count > 0);
  return shown
    .map((part, index) => {
      const word = part.count === 1 ? part.one : part.many;
      const prefix =
        index === 0
          ? `${formatNumber(part.count)} ${part.count === 1 ? noun.one : noun.many} `
          : `${formatNumber(part.count)} `;
      return `${prefix}${word}`;
    })
    .join(', ');
}

/** '5 días', '1 día', '0 días' (a milestone). */
export function historyDuration(days: number): string {
  return `${formatNumber(days)} ${days === 1 ? 'día' : 'días'}`;
}

/** dd-MM-yyyy, '' for none. */
export function historyDate(iso: string | null | undefined): string {
  if (iso === null || iso === undefined || iso === '') return '';
  return /^\d{4}-\d{2}-\d{2}$/.test(iso) ? formatIsoDate(iso) : iso;
}

// ---------------------------------------------------------------- EDP

/** An EDP item as a save reads and writes it (prices as canonical text; absent or null: none). */
export type EdpHistoryItem = {
  id: number;
  code: string;
  name: string;
  parentId?: number | null | undefined;
  unit?: string | null | undefined;
  quantity?: string | null | undefined;
  unitPrice?: string | null | undefined;
};

const ITEM = { one: 'ítem', many: 'ítems' };

/**
 * The EDP before and after a save, compared by item id: added, removed, renamed (the name changed)
 * and otherwise changed (code, parent or prices; counted as 'modificados', one note each).
 * `prefix` names the save ('EDP', 'EDP importado desde Excel').
 */
export function edpChange(
  before: readonly EdpHistoryItem[],
  after: readonly EdpHistoryItem[],
  prefix = 'EDP',
): ProjectChange {
  const lists = new CappedLists();
  const detail = emptyHistoryDetail();
  const beforeById = new Map<number, EdpHistoryItem>();
  for (const item of before) beforeById.set(item.id, item);
  // the new parent's code, only read when an item moved
  let codeById: Map<number, string> | undefined;
  const codeOf = (id: number) => (codeById ??= new Map(after.map((item) => [item.id, item.code]))).get(id);
  let added = 0;
  let renamed = 0;
  let changed = 0;
  let kept = 0;
  for (const item of after) {
    const old = beforeById.get(item.id);
    if (!old) {
      added += 1;
      lists.push(detail.added, { code: item.code, name: item.name });
      continue;
    }
    kept += 1;
    const oldParent = old.parentId ?? null;
    const newParent = item.parentId ?? null;
    const moved = oldParent !== newParent;
    const otherwise =
      old.code !== item.code ||
      moved ||
      (old.unit ?? null) !== (item.unit ?? null) ||
      (old.quantity ?? null) !== (item.quantity ?? null) ||
      (old.unitPrice ?? null) !== (item.unitPrice ?? null);
    if (old.name !== item.name) {
      renamed += 1;
      lists.push(detail.renamed, { code: item.code, from: old.name, to: item.name });
    }
    if (!otherwise) continue;
    const what: string[] = [];
    if (old.code !== item.code) what.push(`código ${old.code} → ${item.code}`);
    if (moved) {
      const parent = newParent === null ? '' : (codeOf(newParent) ?? String(newParent));
      what.push(parent === '' ? 'movido a la raíz' : `movido bajo ${parent}`);
    }
    if ((old.unit ?? null) !== (item.unit ?? null)) what.push(`unidad «${old.unit ?? ''}» → «${item.unit ?? ''}»`);
    if ((old.quantity ?? null) !== (item.quantity ?? null))
      what.push(`cantidad ${old.quantity ?? '—'} → ${item.quantity ?? '—'}`);
    if ((old.unitPrice ?? null) !== (item.unitPrice ?? null))
      what.push(`precio unitario ${old.unitPrice ?? '—'} → ${item.unitPrice ?? '—'}`);
    if (what.length > 0) {
      if (old.name === item.name) changed += 1;
      lists.push(detail.notes, `${item.code} «${item.name}»: ${what.join('; ')}`);
    }
  }
  let removed = 0;
  if (kept < beforeById.size) {
    const afterIds = new Set<number>();
    for (const item of after) afterIds.add(item.id);
    for (const item of before) {
      if (afterIds.has(item.id)) continue;
      removed += 1;
      lists.push(detail.removed, { code: item.code, name: item.name });
    }
  }
  detail.omitted = lists.omitted;
  const counts = countParts(ITEM, [
    { count: added, one: 'agregado', many: 'agregados' },
    { count: removed, one: 'eliminado', many: 'eliminados' },
    { count: renamed, one: 'renombrado', many: 'renombrados' },
    { count: changed, one: 'modificado', many: 'modificados' },
  ]);
  return { summary: `${prefix}: ${counts === '' ? 'sin cambios' : counts}`, detail };
}

// ---------------------------------------------------------------- EDC

/** An EDC component (main item, subcomponent or activity) as a save reads and writes it. */
/** issue 35: an activity's quantity too (decimal text; absent or null: none) */
export type EdcHistoryComponent = { code: string; name: string; quantity?: string | null | undefined };

/** One EDP item's EDC list before and after a save. */
export type EdcListChange = {
  edpItem: { code: string; name: string };
  before: readonly EdcHistoryComponent[];
  after: readonly EdcHistoryComponent[];
};

const COMPONENT = { one: 'componente', many: 'componentes' };

/**
 * EDC lists before and after a save (saveEdc: one list; assignEdc, copyEdc, unassignEdc: many),
 * compared by component code. One list names its EDP item ('EDC de P01.1 «Casa»: …'); many say how
 * many EDP items changed, with one note per item.
 */
export function edcChange(lists: readonly EdcListChange[], prefix = 'EDC'): ProjectChange {
  const capped = new CappedLists();
  const detail = emptyHistoryDetail();
  let added = 0;
  let removed = 0;
  let renamed = 0;
  let requantified = 0;
  let touched = 0;
  for (const list of lists) {
    const beforeByCode = new Map(list.before.map((component) => [component.code, component]));
    const afterCodes = new Set<string>();
    let listAdded = 0;
    let listRemoved = 0;
    let listRenamed = 0;
    let listQuantities = 0;
    for (const component of list.after) {
      afterCodes.add(component.code);
      const old = beforeByCode.get(component.code);
      if (!old) {
        listAdded += 1;
        capped.push(detail.added, { code: component.code, name: component.name });
      } else if (old.name !== component.name) {
        listRenamed += 1;
        capped.push(detail.renamed, { code: component.code, from: old.name, to: component.name });
      }
      // issue 35: an activity's quantity typed in the EDC grid
      if (old && (old.quantity ?? '') !== (component.quantity ?? '')) {
        listQuantities += 1;
        const shown = (quantity: string | null | undefined) => (quantity ? formatDecimal(quantity) : 'sin cantidad');
        capped.push(
          detail.notes,
          `${component.code} «${component.name}»: cantidad ${shown(old.quantity)} → ${shown(component.quantity)}`,
        );
      }
    }
    for (const component of list.before) {
      if (afterCodes.has(component.code)) continue;
      listRemoved += 1;
      capped.push(detail.removed, { code: component.code, name: component.name });
    }
    const text = countParts(COMPONENT, [
      { count: listAdded, one: 'agregado', many: 'agregados' },
      { count: listRemoved, one: 'eliminado', many: 'eliminados' },
      { count: listRenamed, one: 'renombrado', many: 'renombrados' },
      { count: listQuantities, one: 'con otra cantidad', many: 'con otra cantidad' },
    ]);
    if (text !== '') {
      touched += 1;
      if (lists.length > 1) capped.push(detail.notes, `${list.edpItem.code} «${list.edpItem.name}»: ${text}`);
    }
    added += listAdded;
    removed += listRemoved;
    renamed += listRenamed;
    requantified += listQuantities;
  }
  detail.omitted = capped.omitted;
  const counts = countParts(COMPONENT, [
    { count: added, one: 'agregado', many: 'agregados' },
    { count: removed, one: 'eliminado', many: 'eliminados' },
    { count: renamed, one: 'renombrado', many: 'renombrados' },
    { count: requantified, one: 'con otra cantidad', many: 'con otra cantidad' },
  ]);
  const only = lists.length === 1 ? lists[0] : undefined;
  const head = only === undefined ? prefix : `${prefix} de ${only.edpItem.code} «${only.edpItem.name}»`;
  if (counts === '') return { summary: `${head}: sin cambios`, detail };
  const where = only === undefined ? ` en ${formatNumber(touched)} ${touched === 1 ? 'ítem' : 'ítems'} del EDP` : '';
  return { summary: `${head}: ${counts}${where}`, detail };
}

// ---------------------------------------------------------------- Gantt

/** A Gantt task as a save reads and writes it. */
export type GanttHistoryTask = {
  id: number;
  code: string;
  name: string;
  /** YYYY-MM-DD */
  start: string;
  duration: number;
  parentId?: number | null | undefined;
  progress?: number | undefined;
  actualStart?: string | null | undefined;
  actualFinish?: string | null | undefined;
  /** issue 34: 'Duración restante' (absent or null: what the progress leaves) */
  remaining?: number | null | undefined;
  /** issue 34: 'Notas' and 'Fecha límite' (absent or null: none) */
  notes?: string | null | undefined;
  deadline?: string | null | undefined;
  /** issue 34: 'Debe comenzar el' and 'Reanudar' (absent or null: no, none) */
  mustStartOn?: boolean | null | undefined;
  resume?: string | null | undefined;
  /** issue 35: 'Recursos' (absent: none); the history names them through ganttChange's `resourceName` */
  resources?: readonly ResourceAssignment[] | undefined;
  /** the EDP/EDC item a built task comes from (null or absent: the user's own task) */
  sourceKey?: string | null | undefined;
};

/** A link to `to` from its predecessor `from`. */
export type GanttHistoryLink = { from: number; to: number; type: string; lag: number };

const TASK = { one: 'tarea', many: 'tareas' };

function predecessorsText(links: readonly GanttHistoryLink[] | undefined, codeOf: (id: number) => string): string {
  if (!links || links.length === 0) return '';
  return links
    .map((link) => `${codeOf(link.from)}${link.type}${link.lag === 0 ? '' : link.lag > 0 ? `+${link.lag}` : link.lag}`)
    .sort()
    .join(', ');
}

/** A task's incoming links as comparable text (ids, not codes); '' for none. */
function linkKey(links: readonly GanttHistoryLink[] | undefined): string {
  if (!links || links.length === 0) return '';
  if (links.length === 1) {
    const [link] = links as [GanttHistoryLink];
    return `${link.from}${link.type}${link.lag}`;
  }
  return links
    .map((link) => `${link.from}${link.type}${link.lag}`)
    .sort()
    .join(',');
}

function byTarget(links: readonly GanttHistoryLink[]): Map<number, GanttHistoryLink[]> {
  const map = new Map<number, GanttHistoryLink[]>();
  for (const link of links) {
    const list = map.get(link.to);
    if (list) list.push(link);
    else map.set(link.to, [link]);
  }
  return map;
}

function progressText(progress: number | undefined): string {
  return progress === undefined ? '' : `${formatNumber(progress)} %`;
}

/** issue 34: a task's notes in a history line: the first 80 characters on one line, '' for none. */
function notesText(notes: string | null | undefined): string {
  if (notes === undefined || notes === null) return '';
  const line = notes.replace(/\s+/g, ' ').trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

/** issue 34: a recorded remaining duration, '' for none (what the progress leaves). */
function remainingText(remaining: number | null | undefined): string {
  return remaining === undefined || remaining === null ? '' : historyDuration(remaining);
}

/** Ids of the tasks that have children (summaries) in a list. */
function summaryIds(tasks: readonly GanttHistoryTask[]): Set<number> {
  const ids = new Set<number>();
  for (const task of tasks) if (task.parentId !== undefined && task.parentId !== null) ids.add(task.parentId);
  return ids;
}

/**
 * The Gantt before and after a save, compared by task id: tasks added, removed and changed, each
 * changed one with its fields (name, code, start, duration, links = its predecessors by code,
 * parent, progress, actual dates) as display text. `prefix` names the save ('Gantt', 'Gantt
 * importado desde Excel'); `notes` add lines (the calendar changed…).
 *
 * issue 32: only what the user decides counts. A summary's start and duration are the engine's
 * roll-up of its tasks (stored as built until the first save, then as rolled up at each save), so
 * they are compared only for a task that is a leaf both before and after; a leaf's start is its own
 * "no earlier than", never the date its links push it to, so scheduling moves nothing here. With
 * `namesFollowSources` (saveGantt), a built task's code and name are not compared either: they follow
 * its EDP/EDC item on every load (the EDP's and EDC's own saves record their renames), whatever was
 * stored before.
 */
export function ganttChange(
  before: { tasks: readonly GanttHistoryTask[]; links: readonly GanttHistoryLink[] },
  after: { tasks: readonly GanttHistoryTask[]; links: readonly GanttHistoryLink[] },
  options: {
    prefix?: string;
    notes?: readonly string[];
    namesFollowSources?: boolean;
    /** issue 35: a resource's name for the 'Recursos' lines (else its id) */
    resourceName?: (resourceId: string) => string | undefined;
  } = {},
): ProjectChange {
  const resourceName = options.resourceName ?? ((resourceId: string) => resourceId);
  const capped = new CappedLists();
  const detail = emptyHistoryDetail();
  const beforeById = new Map(before.tasks.map((task) => [task.id, task]));
  const beforeCode = (id: number) => beforeById.get(id)?.code ?? String(id);
  const afterById = new Map(after.tasks.map((task) => [task.id, task]));
  const afterCode = (id: number) => afterById.get(id)?.code ?? String(id);
  const beforeLinks = byTarget(before.links);
  const afterLinks = byTarget(after.links);
  const summariesBefore = summaryIds(before.tasks);
  const summariesAfter = summaryIds(after.tasks);
  let added = 0;
  let changed = 0;
  for (const task of after.tasks) {
    const old = beforeById.get(task.id);
    if (!old) {
      added += 1;
      capped.push(detail.added, { code: task.code, name: task.name });
      continue;
    }
    // raw values first: formatting (dates, días, predecessors by code) only for what differs
    const oldLinks = beforeLinks.get(task.id);
    const newLinks = afterLinks.get(task.id);
    const linksDiffer = linkKey(oldLinks) !== linkKey(newLinks);
    const oldParent = old.parentId ?? null;
    const newParent = task.parentId ?? null;
    const leaf = !summariesBefore.has(task.id) && !summariesAfter.has(task.id);
    const startDiffers = leaf && old.start !== task.start;
    const durationDiffers = leaf && old.duration !== task.duration;
    const followsSource =
      options.namesFollowSources === true &&
      old.sourceKey !== undefined &&
      old.sourceKey !== null &&
      old.sourceKey === task.sourceKey;
    const nameDiffers = !followsSource && old.name !== task.name;
    const codeDiffers = !followsSource && old.code !== task.code;
    if (
      !nameDiffers &&
      !codeDiffers &&
      !startDiffers &&
      !durationDiffers &&
      !linksDiffer &&
      oldParent === newParent &&
      (old.progress ?? 0) === (task.progress ?? 0) &&
      (old.actualStart ?? null) === (task.actualStart ?? null) &&
      (old.actualFinish ?? null) === (task.actualFinish ?? null) &&
      (old.remaining ?? null) === (task.remaining ?? null) &&
      (old.notes ?? null) === (task.notes ?? null) &&
      (old.deadline ?? null) === (task.deadline ?? null) &&
      (old.mustStartOn ?? false) === (task.mustStartOn ?? false) &&
      (old.resume ?? null) === (task.resume ?? null) &&
      assignmentsKey(old.resources) === assignmentsKey(task.resources)
    ) {
      continue;
    }
    const changes: TaskFieldChange[] = [];
    const field = (name: TaskFieldChange['field'], from: string, to: string) => {
      if (from !== to) changes.push({ field: name, from, to });
    };
    if (nameDiffers) field('name', old.name, task.name);
    if (codeDiffers) field('code', old.code, task.code);
    if (startDiffers) field('start', historyDate(old.start), historyDate(task.start));
    if (durationDiffers) field('duration', historyDuration(old.duration), historyDuration(task.duration));
    if (linksDiffer) {
      field('links', predecessorsText(oldLinks, beforeCode), predecessorsText(newLinks, afterCode));
    }
    if (oldParent !== newParent) {
      field('parent', oldParent === null ? '' : beforeCode(oldParent), newParent === null ? '' : afterCode(newParent));
    }
    if ((old.progress ?? 0) !== (task.progress ?? 0))
      field('progress', progressText(old.progress), progressText(task.progress));
    field('actualStart', historyDate(old.actualStart), historyDate(task.actualStart));
    field('actualFinish', historyDate(old.actualFinish), historyDate(task.actualFinish));
    field('remaining', remainingText(old.remaining), remainingText(task.remaining));
    if ((old.notes ?? null) !== (task.notes ?? null)) field('notes', notesText(old.notes), notesText(task.notes));
    field('deadline', historyDate(old.deadline), historyDate(task.deadline));
    field('mustStartOn', old.mustStartOn === true ? 'sí' : 'no', task.mustStartOn === true ? 'sí' : 'no');
    field('resume', historyDate(old.resume), historyDate(task.resume));
    if (assignmentsKey(old.resources) !== assignmentsKey(task.resources)) {
      field('resources', assignmentsText(old.resources, resourceName), assignmentsText(task.resources, resourceName));
    }
    if (changes.length === 0) continue;
    changed += 1;
    capped.push(detail.tasks, { code: task.code, name: task.name, changes });
  }
  let removed = 0;
  for (const task of before.tasks) {
    if (afterById.has(task.id)) continue;
    removed += 1;
    capped.push(detail.removed, { code: task.code, name: task.name });
  }
  for (const note of options.notes ?? []) capped.push(detail.notes, note);
  detail.omitted = capped.omitted;
  const counts = countParts(TASK, [
    { count: changed, one: 'cambiada', many: 'cambiadas' },
    { count: added, one: 'agregada', many: 'agregadas' },
    { count: removed, one: 'eliminada', many: 'eliminadas' },
  ]);
  const extra = (options.notes ?? []).map((note) => note.charAt(0).toLowerCase() + note.slice(1)).join('; ');
  let text = counts;
  if (extra !== '') text = text === '' ? extra : `${text}; ${extra}`;
  return { summary: `${options.prefix ?? 'Gantt'}: ${text === '' ? 'sin cambios' : text}`, detail };
}

/** How the project's sequencing option is named on screen. */
export const sequencingLabels: Readonly<Record<string, string>> = {
  none: 'Sin secuencia',
  priority: 'Secuencia por prioridad',
  train: 'Tren de actividades',
};

/**
 * Progress recorded at a cut-off (saveProgress, importProgress): the tasks whose progress or actual
 * dates changed, each with its fields, under 'Avance registrado al corte del dd-MM-yyyy: N tareas
 * actualizadas'.
 */
export function progressChange(
  before: readonly GanttHistoryTask[],
  after: readonly GanttHistoryTask[],
  cutoff: string,
  imported: boolean,
): ProjectChange {
  const gantt = ganttChange({ tasks: before, links: [] }, { tasks: after, links: [] });
  const beforeById = new Map(before.map((task) => [task.id, task]));
  let updated = 0;
  for (const task of after) {
    const old = beforeById.get(task.id);
    if (
      old !== undefined &&
      ((old.progress ?? 0) !== (task.progress ?? 0) ||
        (old.actualStart ?? null) !== (task.actualStart ?? null) ||
        (old.actualFinish ?? null) !== (task.actualFinish ?? null) ||
        (old.remaining ?? null) !== (task.remaining ?? null))
    ) {
      updated += 1;
    }
  }
  const what = imported ? 'Avance importado desde Excel' : 'Avance registrado';
  const tasks = `${formatNumber(updated)} ${updated === 1 ? 'tarea actualizada' : 'tareas actualizadas'}`;
  return { summary: `${what} al corte del ${historyDate(cutoff)}: ${tasks}`, detail: gantt.detail };
}
