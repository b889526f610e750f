import { getAdder } from '@svar-ui/gantt-store';
import type { ChartData, ChartLink, ChartTask } from './gantt-chart-data';

/**
 * issue 18: after an edit, what the chart must change to show the new build where it shows the one
 * before, instead of being handed a new task list (SVAR then parses and lays out every task again,
 * ~0.3 s at 10,000 tasks). Only the chart tasks the build did not reuse can differ (buildChartData
 * keeps the same object for a task whose inputs did not change), and of those only the fields that
 * differ are patched. The rows themselves (which tasks, their order, their parents, which have
 * children) are SVAR's tree: when they change the chart gets the new lists instead (null here).
 */
export type ChartPatch = {
  /** per task, the fields that changed (a field now absent is undefined) */
  tasks: { id: number; fields: Record<string, unknown> }[];
  addLinks: ChartLink[];
  removeLinks: string[];
  /**
   * issue 32 (speed): the new chart's span (the earliest start and the latest end of its tasks, in
   * milliseconds, from which SVAR's automatic scale is drawn), and whether its start stays: only
   * then do the bars not moved keep their places, and the patch places the moved ones itself
   * instead of SVAR laying out every task again
   */
  span: [number, number];
  sameStart: boolean;
  sameEnd: boolean;
};

/** Every field of a chart task (the compiler checks the list is whole), compared one by one. */
const chartTaskFields: Record<keyof ChartTask, true> = {
  id: true,
  text: true,
  start: true,
  end: true,
  duration: true,
  progress: true,
  parent: true,
  type: true,
  open: true,
  rowNumber: true,
  code: true,
  startIso: true,
  endIso: true,
  workDays: true,
  title: true,
  predecessors: true,
  predecessorsTitle: true,
  base_start: true,
  base_end: true,
  baseStart: true,
  baseEnd: true,
  baseStartIso: true,
  baseEndIso: true,
  finishVariance: true,
  actualStart: true,
  actualFinish: true,
  status: true,
  late: true,
  deadlineIso: true,
  deadlineMissed: true,
  remainingDays: true,
  resourceText: true,
  levelingDelay: true,
};
const fieldNames = Object.keys(chartTaskFields) as (keyof ChartTask)[];

function sameDate(left: Date | undefined, right: Date | undefined): boolean {
  return left === right || (left !== undefined && right !== undefined && left.getTime() === right.getTime());
}

/** Whether anything SVAR keeps of a task differs, every field written out (fast). */
function drawnDiffers(a: ChartTask, b: ChartTask): boolean {
  if (
    a.startIso !== b.startIso ||
    a.endIso !== b.endIso ||
    a.workDays !== b.workDays ||
    a.progress !== b.progress ||
    a.open !== b.open ||
    a.rowNumber !== b.rowNumber ||
    a.text !== b.text ||
    a.code !== b.code ||
    a.type !== b.type ||
    a.predecessors !== b.predecessors ||
    a.title !== b.title ||
    a.late !== b.late ||
    a.status !== b.status ||
    a.remainingDays !== b.remainingDays ||
    a.deadlineIso !== b.deadlineIso ||
    a.deadlineMissed !== b.deadlineMissed ||
    a.finishVariance !== b.finishVariance ||
    a.actualStart !== b.actualStart ||
    a.actualFinish !== b.actualFinish ||
    a.resourceText !== b.resourceText ||
    a.levelingDelay !== b.levelingDelay ||
    !sameDate(a.start, b.start) ||
    !sameDate(a.end, b.end) ||
    a.duration !== b.duration ||
    a.predecessorsTitle !== b.predecessorsTitle ||
    a.id !== b.id ||
    a.parent !== b.parent
  ) {
    return true;
  }
  // gantt-chart-patch.test.ts changes each field in turn: a field missing here fails it
  return (
    a.baseStartIso !== b.baseStartIso ||
    a.baseEndIso !== b.baseEndIso ||
    !sameDate(a.base_start, b.base_start) ||
    !sameDate(a.base_end, b.base_end) ||
    !sameDate(a.baseStart, b.baseStart) ||
    !sameDate(a.baseEnd, b.baseEnd)
  );
}

function sameValue(left: unknown, right: unknown): boolean {
  if (left instanceof Date && right instanceof Date) return left.getTime() === right.getTime();
  return left === right;
}

/** The fields of `next` that differ from `shown`, in SVAR's form for its dates. */
function changedFields(shown: ChartTask, next: ChartTask): Record<string, unknown> | null {
  const fields: Record<string, unknown> = {};
  let changed = false;
  for (const key of fieldNames) {
    if (sameValue(shown[key], next[key])) continue;
    fields[key] = next[key];
    changed = true;
  }
  if (!changed) return null;
  if ('start' in fields || 'end' in fields || 'duration' in fields || 'type' in fields) {
    // SVAR's own reading of a task's dates when it parses one (normalizeDates): a milestone has no
    // end and no duration; a bar ends `duration` days after its start
    fields.start = next.start;
    fields.type = next.type;
    fields.duration = next.type === 'milestone' ? 0 : next.duration;
    fields.end = next.type === 'milestone' ? undefined : next.end;
  }
  return fields;
}

/**
 * The span SVAR's automatic scale reads (its calcScales, community edition): the earliest start and
 * the latest end, a milestone's end being its start. Compared in milliseconds.
 */
function chartSpan(tasks: readonly ChartTask[]): [number, number] {
  let first = Infinity;
  let last = -Infinity;
  for (const task of tasks) {
    const start = task.start.getTime();
    const end = task.type === 'milestone' ? start : task.end.getTime();
    if (start < first) first = start;
    if (end > last) last = end;
  }
  return [first, last];
}

/** The span of a build, worked out once per build (a build is never changed once made). */
const spans = new WeakMap<readonly ChartTask[], [number, number]>();
function spanOf(tasks: readonly ChartTask[]): [number, number] {
  let span = spans.get(tasks);
  if (!span) {
    span = chartSpan(tasks);
    spans.set(tasks, span);
  }
  return span;
}

/** What turns the chart's `shown` into `next`, or null when the rows changed (see ChartPatch). */
export function chartPatch(shown: ChartData, next: ChartData): ChartPatch | null {
  if (shown.tasks.length !== next.tasks.length) return null;
  const tasks: ChartPatch['tasks'] = [];
  for (let index = 0; index < next.tasks.length; index += 1) {
    const before = shown.tasks[index] as ChartTask;
    const after = next.tasks[index] as ChartTask;
    if (before === after) continue;
    if (before.id !== after.id || before.parent !== after.parent) return null;
    // a task that gains or loses children (a summary's open flag) is a change of SVAR's tree
    if ((before.open === undefined) !== (after.open === undefined)) return null;
    if ((before.type === 'summary') !== (after.type === 'summary')) return null;
    if (!drawnDiffers(before, after)) continue;
    const fields = changedFields(before, after);
    if (fields) tasks.push({ id: after.id, fields });
  }
  const addLinks: ChartLink[] = [];
  const removeLinks: string[] = [];
  if (shown.links !== next.links) {
    const before = new Map(shown.links.map((link) => [link.id, link]));
    const after = new Set<string>();
    for (const link of next.links) {
      after.add(link.id);
      const old = before.get(link.id);
      if (old && old.source === link.source && old.target === link.target && old.type === link.type) continue;
      if (old) removeLinks.push(link.id);
      addLinks.push(link);
    }
    for (const id of before.keys()) if (!after.has(id)) removeLinks.push(id);
  }
  const [shownFirst, shownLast] = spanOf(shown.tasks);
  const [nextFirst, nextLast] = spanOf(next.tasks);
  return {
    tasks,
    addLinks,
    removeLinks,
    span: [nextFirst, nextLast],
    sameStart: shownFirst === nextFirst,
    sameEnd: shownLast === nextLast,
  };
}

/** A task as SVAR's layout keeps it: its dates and the place and size it was given. */
type SvarPlacedTask = {
  start: Date;
  end?: Date;
  type?: string;
  $x?: number;
  $w?: number;
  $h?: number;
  $skip?: boolean;
};

/** What SVAR's layout of a task reads from its state (the scale, the day's width). */
type SvarLayoutState = {
  cellWidth: number;
  _scales: {
    start: Date;
    end: Date;
    lengthUnit: string;
    diff: (later: Date | undefined, earlier: Date | undefined, unit: string, precise?: boolean) => number;
  };
};

/** The parts of SVAR's data store (its DataStore, api.getStores().data) a patch goes through. */
type SvarDataStore = {
  getState: () => SvarLayoutState & {
    scales: { unit: string }[];
    tasks: {
      update: (id: number, fields: Record<string, unknown>) => void;
      byId: (id: number) => SvarPlacedTask | undefined;
      forEach: (each: (task: { $y?: number }) => void) => void;
    };
    links: { add: (link: ChartLink) => void; remove: (id: string) => void };
  };
  setState: (state: Record<string, unknown>) => void;
};

/**
 * The first and last day of SVAR's automatic scale for a span (its calcScales and getMinUnit,
 * community edition): one unit of the scales' smallest unit either side.
 */
export function svarScaleBounds(
  span: [number, number],
  scales: readonly { unit: string }[],
): { _start: Date; _end: Date } {
  const now = new Date();
  let unit = scales[0]?.unit ?? 'day';
  for (const scale of scales) {
    if (getAdder(scale.unit as never)(now, 1) < getAdder(unit as never)(now, 1)) unit = scale.unit;
  }
  const add = getAdder(unit as never);
  return { _start: add(new Date(span[0]), -1), _end: add(new Date(span[1]), 1) };
}

const sameTime = (left: Date | undefined, right: Date | undefined) =>
  left !== undefined && right !== undefined && left.getTime() === right.getTime();

/**
 * issue 32 (speed): a bar placed as SVAR's own layout places it (@svar-ui/gantt-store 2.7's
 * calculateTaskDimensions, community edition: no baselines, split tasks, rollups or grouping), its
 * row and height kept. gantt-chart-patch.test.ts lays out a real DataStore both ways and compares
 * every bar, so an SVAR upgrade that lays bars out otherwise fails there.
 */
export function placeSvarBar(task: SvarPlacedTask, state: SvarLayoutState): void {
  const { start: scaleStart, end: scaleEnd, lengthUnit, diff } = state._scales;
  let startDate: Date | undefined = task.start;
  let endDate: Date | undefined = task.end;
  if (task.start < scaleStart && task.end !== undefined && (task.end < scaleStart || sameTime(task.end, scaleStart))) {
    startDate = endDate = scaleStart;
  } else if (task.start > scaleEnd) {
    startDate = endDate = scaleEnd;
  }
  task.$x = Math.round(diff(startDate, scaleStart, lengthUnit) * state.cellWidth);
  task.$w = Math.round(diff(endDate, startDate, lengthUnit, true) * state.cellWidth);
  if (task.type === 'milestone') {
    task.$x -= (task.$h ?? 0) / 2;
    task.$w = task.$h;
  }
  task.$skip = sameTime(startDate, endDate);
}

/**
 * Applies a patch to SVAR's data store: the tasks and links in place, then one state change, so
 * SVAR lays out the rows and links once (as after its own 'update-task'), whatever the patch's size.
 * Also when the patch is empty: a refused drag puts its bar back where the task is.
 *
 * issue 32 (speed): when no row opens or closes and the chart's span stays, the bars the patch moves
 * are placed here and SVAR is told so (`_tasksPatch`, what its own 'update-task' sets for an edit
 * that moves no bar), instead of laying out all 10,000 tasks again for a few moved ones.
 */
export function applyChartPatch(dataStore: unknown, patch: ChartPatch): void {
  const store = dataStore as SvarDataStore;
  const state = store.getState();
  const { tasks, links } = state;
  // issue 32, ghost links: a row opened or closed changes which tasks show. SVAR lays out only the
  // rows that show and draws a link between two tasks that have a place ($y); a task hidden by the
  // patch kept its old place, and its links stayed drawn in the empty rows. As SVAR's own
  // 'open-task' does, every place is cleared first: the layout gives one to the rows that show.
  const rowsChange = patch.tasks.some(({ fields }) => 'open' in fields);
  if (rowsChange) {
    tasks.forEach((task) => {
      task.$y = 0;
    });
  }
  // the scale's start stays, so do the places of the bars not moved; a later finish only widens the
  // scale (what SVAR skips with `_tasksPatch` is given to it here), and the bars are placed on it
  const placeHere = !rowsChange && patch.sameStart && state._scales !== undefined;
  const scale = placeHere && !patch.sameEnd ? svarScaleBounds(patch.span, state.scales) : undefined;
  const layout = scale ? { ...state, _scales: { ...state._scales, end: scale._end } } : state;
  for (const { id, fields } of patch.tasks) {
    tasks.update(id, fields);
    if (!placeHere || !('start' in fields)) continue;
    const task = tasks.byId(id);
    if (task && typeof task.$x === 'number') placeSvarBar(task, layout);
  }
  for (const id of patch.removeLinks) links.remove(id);
  for (const link of patch.addLinks) links.add({ ...link });
  store.setState({
    tasks,
    ...(placeHere ? { _tasksPatch: true, ...scale } : {}),
    ...(patch.addLinks.length > 0 || patch.removeLinks.length > 0 ? { links } : {}),
  });
}
