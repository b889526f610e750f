import type { GanttDraftTask, LinkType, PlannerLinkLabels, PredecessorLink, ScheduledTask } from '@cimiento/domain';
import {
  remainingWorkDays,
  dayNumber,
  describeGanttTask,
  finishVariance,
  ganttRowNumbers,
  ganttTaskDirectory,
  isoDay,
  plannerPredecessorText,
  plannerPredecessorTitle,
} from '@cimiento/domain';
import { assignmentsText } from '@cimiento/domain/resources';
import type { ChartBaselineDates, ChartTracking } from './gantt-chart-tracking';
import { isLate, lateIds, progressOf } from './gantt-chart-tracking';

/**
 * What the SVAR chart shows, built from the draft and its schedule (pure; issue 7). Dates are
 * date-only values: a 'YYYY-MM-DD' becomes local midnight of that day and back through the local
 * calendar fields, never through UTC, so a daylight-saving change cannot move a bar by a day. The
 * chart's `end` is exclusive (the day after the last working day).
 */

export type SvarLinkType = 'e2s' | 's2s' | 'e2e' | 's2e';

export const svarLinkType: Record<LinkType, SvarLinkType> = { FS: 'e2s', SS: 's2s', FF: 'e2e', SF: 's2e' };
export const linkTypeOfSvar: Record<SvarLinkType, LinkType> = { e2s: 'FS', s2s: 'SS', e2e: 'FF', s2e: 'SF' };

/** A bar's end a link is drawn from or to. */
export type BarEnd = 'start' | 'end';

/**
 * The link a drag from one bar's end to another's draws (issue 12), as MS Project reads it: from
 * the predecessor's finish to the successor's start is FS (FC), start to start SS (CC), finish to
 * finish FF, start to finish SF (CF).
 */
export function linkTypeFromEnds(from: BarEnd, to: BarEnd): LinkType {
  if (from === 'end') return to === 'start' ? 'FS' : 'FF';
  return to === 'start' ? 'SS' : 'SF';
}

/** The end of a bar (left edge and width, in pixels) nearest to a pointer's x. */
export function nearestEnd(x: number, left: number, width: number): BarEnd {
  return x < left + width / 2 ? 'start' : 'end';
}

/** The link types' short Spanish names (the product's default; the screen passes its language's). */
export const defaultLinkLabels: PlannerLinkLabels = { types: { FS: 'FC', SS: 'CC', FF: 'FF', SF: 'CF' }, day: 'd' };

export type ChartTask = {
  id: number;
  text: string;
  start: Date;
  end: Date;
  duration: number;
  progress: number;
  parent: number;
  type: 'task' | 'summary' | 'milestone';
  /** only on tasks with children: the chart walks the children of every open task */
  open?: boolean;
  // ours, for the cells and the bar template
  /** issue 32: the 'Id' column, the task's row in the whole outline (ganttRowNumbers) */
  rowNumber: number;
  code: string;
  startIso: string;
  endIso: string;
  workDays: number;
  /** the task in full (code, name, EDP item), for tooltips */
  title: string;
  /** the 'Predecesoras' cell as a planner reads it, and its tooltip in full */
  predecessors: string;
  predecessorsTitle: string;
  // issue 15, tracking: the chosen baseline's dates (SVAR's own field names for a baseline bar,
  // which the free edition does not draw: TaskBar draws it), 'Δ Fin', the actual dates and status
  base_start?: Date;
  /** exclusive, as `end` */
  base_end?: Date;
  /**
   * the same dates for our own baseline bar: SVAR rewrites its base_* fields when it parses the
   * tasks (a milestone's base_end is dropped)
   */
  baseStart?: Date;
  baseEnd?: Date;
  baseStartIso?: string;
  baseEndIso?: string;
  /** working days the finish is later than the baseline's (negative: ahead); absent without one */
  finishVariance?: number;
  actualStart?: string;
  actualFinish?: string;
  status?: 'done' | 'started';
  /** late against the baseline and not done ('Atrasadas'); absent without tracking */
  late?: boolean;
  /**
   * issue 34: 'Restante', a leaf's working days left (MS Project's Remaining Duration): 0 when done,
   * remainingWorkDays under way (as recorded, else what the progress leaves), its duration when not
   * started; absent for a summary
   */
  remainingDays?: number;
  /** issue 34: 'Fecha límite' (YYYY-MM-DD), a marker at the end of its day; absent: none */
  deadlineIso?: string;
  /** issue 34: the task finishes after its deadline (the marker in the error colour) */
  deadlineMissed?: boolean;
  /** issue 35: 'Recursos' as MS Project writes it ('Cuadrilla moldaje[2]; Grúa torre'); '' for none */
  resourceText: string;
  /** issue 35: 'Redistribución', the working days levelling moved the start by; absent: not levelled */
  levelingDelay?: number;
};

export type ChartLink = { id: string; source: number; target: number; type: SvarLinkType };

export type ChartData = {
  tasks: ChartTask[];
  links: ChartLink[];
  /** ids of critical links, for the stylesheet */
  criticalLinks: string[];
  /**
   * issue 32 (speed): the critical tasks shown, which the bar template reads (TaskBar, through
   * CriticalTasksContext) instead of a field of each chart task: an edit on the critical path can turn
   * thousands of tasks critical or not, and nothing else of them changes; the chart is not patched
   */
  criticalIds: ReadonlySet<number>;
  byId: Map<number, ChartTask>;
  /**
   * issue 18: what the tasks were built from, so the next build (after an edit) reuses the task
   * directory and every chart task whose inputs did not change: the same object, which is how the
   * chart tells what to patch
   */
  source?: ChartSource;
};

type ChartSource = {
  tasks: readonly GanttDraftTask[];
  directory: ReturnType<typeof ganttTaskDirectory>;
  /** issue 32: the row numbers follow the same inputs as the directory (ids, parents, order) */
  rowNumbers: ReadonlyMap<number, number>;
  labels: PlannerLinkLabels;
  tracking: ChartTracking | undefined;
  /** per task id: the draft task, its schedule and the flags its chart task was built from */
  inputs: Map<number, TaskInputs>;
  /** no search or filter hid a task (every link between the tasks is drawn) */
  shownAll: boolean;
};

type TaskInputs = {
  task: GanttDraftTask;
  computed: ScheduledTask;
  progress: number;
  parent: number;
  open: boolean | undefined;
  base: ChartBaselineDates | undefined;
};

/** The task directory (labels, EDP items) reads only ids, codes, names, parents and sources. */
export function sameDirectoryInputs(left: readonly GanttDraftTask[], right: readonly GanttDraftTask[]): boolean {
  if (left === right) return true;
  if (left.length !== right.length) return false;
  for (let index = 0; index < left.length; index += 1) {
    const a = left[index] as GanttDraftTask;
    const b = right[index] as GanttDraftTask;
    if (a === b) continue;
    if (a.id !== b.id || a.code !== b.code || a.name !== b.name || a.parentId !== b.parentId) return false;
    if (a.sourceKey !== b.sourceKey) return false;
  }
  return true;
}

/**
 * What a chart task holds of a task's schedule. The float is not among them: the chart does not show
 * it (the task panel reads the schedule's), and an edit that moves the project's finish changes
 * every task's float and nothing else of most (issue 32, speed: those tasks keep their chart task).
 * Nor is the critical flag: the bars read `criticalIds`, for the same reason.
 */
function sameComputed(a: ScheduledTask, b: ScheduledTask): boolean {
  return (
    a === b ||
    (a.start === b.start &&
      a.end === b.end &&
      a.duration === b.duration &&
      a.isSummary === b.isSummary &&
      a.status === b.status)
  );
}

/** Whether two lists of predecessors draw the same links (from, type, generated; the lag is not drawn). */
function sameDrawnLinks(left: readonly PredecessorLink[], right: readonly PredecessorLink[] | undefined): boolean {
  if (left === right) return true;
  if (right === undefined || left.length !== right.length) return false;
  return left.every((link, index) => {
    const other = right[index] as PredecessorLink;
    return (
      link.predecessorId === other.predecessorId &&
      link.type === other.type &&
      (link.generated === true) === (other.generated === true)
    );
  });
}

/**
 * issue 18: a first build at 10,000 tasks reads ~30,000 dates, most of them the same few hundred
 * days: each ISO day's day number and next day are worked out once and kept (a few thousand entries
 * at most; emptied if ever larger). Local midnights are not kept: they depend on the time zone,
 * which can change while the page is open.
 */
const DATE_MEMO_LIMIT = 20_000;
const dayNumbers = new Map<string, number>();
const nextDays = new Map<string, string>();

function remember<T>(memo: Map<string, T>, iso: string, value: T): T {
  if (memo.size >= DATE_MEMO_LIMIT) memo.clear();
  memo.set(iso, value);
  return value;
}

/** dayNumber(iso), remembered (an invalid date still throws, and is not remembered). */
function dayNumberOf(iso: string): number {
  return dayNumbers.get(iso) ?? remember(dayNumbers, iso, dayNumber(iso));
}

export function localDate(iso: string): Date {
  // read by position (YYYY-MM-DD): ~30,000 dates a first build at 10,000 tasks
  const year = Number(iso.slice(0, 4));
  const month = Number(iso.slice(5, 7));
  const day = Number(iso.slice(8, 10));
  const date = new Date(year, month - 1, day);
  // years 0–99 would otherwise be read as 1900–1999
  date.setFullYear(year);
  return date;
}

/**
 * A chart date → its calendar day. The chart gives midnights; one that a daylight-saving change
 * moved to 23:00 or 01:00 still lands on its own day after the 12-hour shift.
 */
export function isoOfLocal(date: Date): string {
  const rounded = new Date(date.getTime() + 12 * 3_600_000);
  const year = rounded.getFullYear();
  const month = String(rounded.getMonth() + 1).padStart(2, '0');
  const day = String(rounded.getDate()).padStart(2, '0');
  return `${String(year).padStart(4, '0')}-${month}-${day}`;
}

export function nextIso(iso: string, days = 1): string {
  if (days !== 1) return isoDay(dayNumberOf(iso) + days);
  return nextDays.get(iso) ?? remember(nextDays, iso, isoDay(dayNumberOf(iso) + 1));
}

/**
 * A link's id in the chart: `from_to`, and `from_to_g` for a link the sequencing generated (issue
 * 13), so one stylesheet rule (`[data-link-id$="_g"]`, gantt-chart.css) draws every generated link
 * apart whatever their number. An edited generated link becomes the user's, and its id follows.
 */
export function linkId(from: number, to: number, generated = false): string {
  return generated ? `${from}_${to}_g` : `${from}_${to}`;
}

export function parseLinkId(id: unknown): { from: number; to: number } | null {
  const match = /^(\d+)_(\d+)(?:_g)?$/.exec(String(id));
  return match ? { from: Number(match[1]), to: Number(match[2]) } : null;
}

/** Tasks whose code or name contains the search text, with every ancestor so the tree still reads. */
export function visibleIds(tasks: readonly GanttDraftTask[], search: string): Set<number> | null {
  const needle = search.trim().toLocaleLowerCase('es-CL');
  if (needle === '') return null;
  const byId = new Map(tasks.map((task) => [task.id, task]));
  const visible = new Set<number>();
  for (const task of tasks) {
    if (!`${task.code} ${task.name}`.toLocaleLowerCase('es-CL').includes(needle)) continue;
    let current: GanttDraftTask | undefined = task;
    while (current && !visible.has(current.id)) {
      visible.add(current.id);
      current = current.parentId === undefined ? undefined : byId.get(current.parentId);
    }
  }
  return visible;
}

/** Whether the link drives its successor (no slack on it): checked on the early indices. */
function isTight(type: LinkType, lag: number, from: ScheduledTask, to: ScheduledTask): boolean {
  if (to.isSummary) return true;
  switch (type) {
    case 'FS':
      return to.startIndex === from.finishIndex + lag;
    case 'SS':
      return to.startIndex === from.startIndex + lag;
    case 'FF':
      return to.finishIndex === from.finishIndex + lag;
    case 'SF':
      return to.finishIndex === from.startIndex + lag;
  }
}

/** A critical link: both ends critical and the link tight (the screen paints it red, and so does the export). */
export function isCriticalLink(link: PredecessorLink, from: ScheduledTask, to: ScheduledTask): boolean {
  return from.critical && to.critical && isTight(link.type, link.lag, from, to);
}

/**
 * The chart's tasks and links. `closed` holds the summaries shown collapsed; with a search, only
 * the matching tasks and their ancestors (opened) are shown, and only links between shown tasks.
 * With `tracking` (issue 15), each task carries its baseline's dates and 'Δ Fin'; with `lateOnly`
 * and a baseline, only the late tasks and their ancestors (and the search's, both together).
 */
export function buildChartData(
  tasks: readonly GanttDraftTask[],
  scheduled: ReadonlyMap<number, ScheduledTask>,
  closed: ReadonlySet<number>,
  search = '',
  labels: PlannerLinkLabels = defaultLinkLabels,
  tracking?: ChartTracking,
  previous?: ChartData,
): ChartData {
  const progress = progressOf(tasks, tracking?.amounts);
  const names = tracking?.resourceNames;
  const resourceNameOf = (id: string) => names?.get(id);
  const found = visibleIds(tasks, search);
  const late = tracking?.lateOnly && tracking.baseline.size > 0 ? lateIds(tasks, scheduled, tracking, progress) : null;
  const shown = late && found ? new Set([...found].filter((id) => late.has(id))) : (late ?? found);
  // after an edit of dates or links only, the previous build's directory and chart tasks still hold
  const before = previous?.source;
  const reusable =
    before !== undefined &&
    before.labels === labels &&
    before.tracking?.baseline === tracking?.baseline &&
    before.tracking?.calendar === tracking?.calendar &&
    before.tracking?.lateOnly === tracking?.lateOnly &&
    before.tracking?.amounts === tracking?.amounts &&
    before.tracking?.resourceNames === tracking?.resourceNames &&
    sameDirectoryInputs(before.tasks, tasks);
  const directory = reusable ? before.directory : ganttTaskDirectory(tasks);
  const rowNumbers = reusable ? before.rowNumbers : ganttRowNumbers(tasks);
  const inputs = new Map<number, TaskInputs>();
  const ids = new Set(tasks.map((task) => task.id));
  const withChildren = new Set<number>();
  for (const task of tasks) {
    if (task.parentId !== undefined && ids.has(task.parentId) && (!shown || shown.has(task.id))) {
      withChildren.add(task.parentId);
    }
  }
  const chartTasks: ChartTask[] = [];
  const byId = new Map<number, ChartTask>();
  for (const task of tasks) {
    if (shown && !shown.has(task.id)) continue;
    const computed = scheduled.get(task.id);
    if (!computed) continue;
    const base = tracking?.baseline.get(task.id);
    const parent = task.parentId !== undefined && ids.has(task.parentId) ? task.parentId : 0;
    const open = withChildren.has(task.id) ? (shown ? true : !closed.has(task.id)) : undefined;
    const taskProgress = progress.get(task.id) ?? task.progress;
    const earlier = reusable ? before.inputs.get(task.id) : undefined;
    const prior = earlier ? previous?.byId.get(task.id) : undefined;
    if (
      earlier !== undefined &&
      prior !== undefined &&
      earlier.task === task &&
      earlier.progress === taskProgress &&
      earlier.parent === parent &&
      earlier.open === open &&
      earlier.base === base &&
      sameComputed(earlier.computed, computed)
    ) {
      // issue 32 (speed): the inputs kept as they were (what they hold reads the same), no new object
      inputs.set(task.id, earlier);
      chartTasks.push(prior);
      byId.set(task.id, prior);
      continue;
    }
    const taskInputs: TaskInputs = { task, computed, progress: taskProgress, parent, open, base };
    inputs.set(task.id, taskInputs);
    // else what did not change is taken from the task's previous chart task
    const sameTask = earlier !== undefined && prior !== undefined && earlier.task === task;
    const sameDates =
      earlier !== undefined &&
      prior !== undefined &&
      earlier.computed.start === computed.start &&
      earlier.computed.end === computed.end &&
      earlier.computed.duration === computed.duration &&
      earlier.computed.isSummary === computed.isSummary;
    const sameBase = earlier !== undefined && prior !== undefined && earlier.base === base;
    const isMilestone = !computed.isSummary && computed.duration === 0;
    const start = sameDates ? prior.start : localDate(computed.start);
    const chartTask: ChartTask = {
      id: task.id,
      text: task.name,
      start,
      end: sameDates ? prior.end : isMilestone ? start : localDate(nextIso(computed.end)),
      duration: isMilestone ? 0 : dayNumberOf(computed.end) - dayNumberOf(computed.start) + 1,
      progress: taskInputs.progress,
      parent,
      type: computed.isSummary ? 'summary' : isMilestone ? 'milestone' : 'task',
      ...(open !== undefined ? { open } : {}),
      rowNumber: rowNumbers.get(task.id) ?? 0,
      // issue 32: the code unique in the project (an activity's EDP item's code and its own)
      code: directory.byId.get(task.id)?.uniqueCode ?? task.code,
      startIso: computed.start,
      endIso: computed.end,
      // a leaf's planned working days (what the user edits; issue 15: a task under way or done spans
      // more or fewer days on the chart), a summary's rolled-up span
      workDays: computed.isSummary ? computed.duration : task.duration,
      title: sameTask
        ? prior.title
        : describeGanttTask(directory.byId.get(task.id) ?? { uniqueCode: task.code, name: task.name }),
      predecessors: sameTask ? prior.predecessors : plannerPredecessorText(task.predecessors, directory, labels),
      predecessorsTitle: sameTask
        ? prior.predecessorsTitle
        : plannerPredecessorTitle(task.predecessors, directory, labels),
      ...(base &&
        sameBase && {
          base_start: prior.base_start,
          base_end: prior.base_end,
          baseStart: prior.baseStart,
          baseEnd: prior.baseEnd,
          baseStartIso: base.start,
          baseEndIso: base.finish,
        }),
      ...(base &&
        !sameBase && {
          base_start: localDate(base.start),
          // the baseline's own shape: a milestone there is a mark even if the task is no longer one
          base_end: base.duration === 0 ? localDate(base.start) : localDate(nextIso(base.finish)),
          baseStart: localDate(base.start),
          baseEnd: base.duration === 0 ? localDate(base.start) : localDate(nextIso(base.finish)),
          baseStartIso: base.start,
          baseEndIso: base.finish,
        }),
      ...(base && tracking && { finishVariance: finishVariance(tracking.calendar, base.finish, computed.end) }),
      ...(task.actualStart !== undefined && { actualStart: task.actualStart }),
      ...(task.actualFinish !== undefined && { actualFinish: task.actualFinish }),
      ...(computed.status !== undefined && { status: computed.status }),
      ...(tracking && { late: isLate(task, computed, tracking, progress) }),
      ...(!computed.isSummary && {
        remainingDays:
          computed.status === 'done'
            ? 0
            : computed.status === 'started'
              ? remainingWorkDays(task.duration, task.progress, task.remaining)
              : task.duration,
      }),
      ...(task.deadline !== undefined && { deadlineIso: task.deadline, deadlineMissed: computed.end > task.deadline }),
      // (nothing until the catalogue has loaded: its names are what the cell shows)
      resourceText: sameTask
        ? prior.resourceText
        : names === undefined || names.size === 0
          ? ''
          : assignmentsText(task.resources, resourceNameOf),
      ...(task.levelingDelay !== undefined && { levelingDelay: task.levelingDelay }),
    };
    chartTasks.push(chartTask);
    byId.set(task.id, chartTask);
  }
  // issue 32 (speed): the links read only the tasks' predecessors and which tasks show; when neither
  // changed (an edit of dates), the previous build's list stays, and the chart has no link to patch
  const sameLinks =
    reusable &&
    previous !== undefined &&
    shown === null &&
    before.shownAll &&
    tasks.every((task, index) => sameDrawnLinks(task.predecessors, before.tasks[index]?.predecessors));
  const links: ChartLink[] = sameLinks ? previous.links : [];
  const critical: string[] = [];
  let index = 0;
  for (const task of tasks) {
    if (!byId.has(task.id)) continue;
    const to = scheduled.get(task.id);
    for (const link of task.predecessors) {
      if (!byId.has(link.predecessorId)) continue;
      let id: string;
      if (sameLinks) {
        id = (links[index] as ChartLink).id;
      } else {
        id = linkId(link.predecessorId, task.id, link.generated === true);
        links.push({ id, source: link.predecessorId, target: task.id, type: svarLinkType[link.type] });
      }
      index += 1;
      const from = scheduled.get(link.predecessorId);
      if (from && to && isCriticalLink(link, from, to)) critical.push(id);
    }
  }
  const criticalShown = new Set<number>();
  for (const task of chartTasks) if (scheduled.get(task.id)?.critical === true) criticalShown.add(task.id);
  // the same critical tasks: the same set, so no bar is drawn again
  const criticalIds =
    previous !== undefined &&
    previous.criticalIds.size === criticalShown.size &&
    [...criticalShown].every((id) => previous.criticalIds.has(id))
      ? previous.criticalIds
      : criticalShown;
  // the same critical links: the same list, so the chart's stylesheet is not written again
  const criticalLinks =
    previous !== undefined &&
    previous.criticalLinks.length === critical.length &&
    critical.every((id, at) => previous.criticalLinks[at] === id)
      ? previous.criticalLinks
      : critical;
  return {
    tasks: chartTasks,
    links,
    criticalLinks,
    criticalIds,
    byId,
    source: { tasks, directory, rowNumbers, labels, tracking, inputs, shownAll: shown === null },
  };
}

/**
 * What a finished bar drag means. The chart reports the fields the drag changed with `diff`, the
 * days to add to them: start and end for a move, one of them for a resize (the bar's own values
 * when no diff comes). Dates are read as calendar days, so no clock change can move them.
 */
export type BarChange =
  | { kind: 'move'; start: string }
  | { kind: 'resize'; start: string; lastDay: string }
  | { kind: 'progress'; progress: number }
  | { kind: 'none' };

export function readBarChange(
  before: Pick<ChartTask, 'start' | 'end' | 'progress' | 'type'>,
  after: { start?: Date; end?: Date; progress?: number },
  diff = 0,
): BarChange {
  const beforeStart = isoOfLocal(before.start);
  const beforeEnd = isoOfLocal(before.end);
  const start = after.start ? nextIso(isoOfLocal(after.start), diff) : beforeStart;
  const end = after.end ? nextIso(isoOfLocal(after.end), diff) : beforeEnd;
  if (start !== beforeStart || end !== beforeEnd) {
    const sameLength = dayNumber(end) - dayNumber(start) === dayNumber(beforeEnd) - dayNumber(beforeStart);
    if (sameLength || before.type === 'summary' || before.type === 'milestone') return { kind: 'move', start };
    return { kind: 'resize', start, lastDay: nextIso(end, -1) };
  }
  if (after.progress !== undefined && Math.round(after.progress) !== Math.round(before.progress)) {
    return { kind: 'progress', progress: after.progress };
  }
  return { kind: 'none' };
}

/** What SVAR gives the bar template of a task: its box in the chart, in pixels. */
export type BarBox = { $x: number; $w: number; $h: number };

/** Places dates on the chart as SVAR places the bars: a date's x, and the width between two. */
export type ChartPlacer = { x: (date: Date) => number; span: (from: Date, to: Date) => number };

/**
 * SVAR's own placing from its state (its bars: x = the scale's units from its start × the cell
 * width, width likewise), or null before the chart has a scale.
 */
export function chartPlacer(state: {
  cellWidth?: number;
  _scales?: { start: Date; lengthUnit: string; diff: (a: Date, b: Date, unit?: string, unitSize?: boolean) => number };
}): ChartPlacer | null {
  const scales = state._scales;
  const cellWidth = state.cellWidth;
  if (!scales || !cellWidth) return null;
  return {
    x: (date) => Math.round(scales.diff(date, scales.start, scales.lengthUnit) * cellWidth),
    span: (from, to) => Math.round(scales.diff(to, from, scales.lengthUnit, true) * cellWidth),
  };
}

/**
 * issue 34: where a task's deadline marker sits, in pixels from the bar's left edge: the end of the
 * deadline's day (as MS Project draws its deadline arrow). Null without a deadline.
 */
export function deadlineLeft(
  task: Pick<ChartTask, 'deadlineIso'> & Pick<BarBox, '$x'>,
  place: ChartPlacer,
): number | null {
  if (task.deadlineIso === undefined) return null;
  return place.x(localDate(nextIso(task.deadlineIso))) - task.$x;
}

/**
 * The grey baseline bar under a task's bar (issue 15), in pixels from the bar's left edge: from the
 * baseline's start to its (exclusive) end; a milestone in the baseline as a small diamond on its
 * day (a short mark; whatever the task is now). Null without a baseline.
 */
export function baselineBox(
  task: Pick<ChartTask, 'baseStart' | 'baseEnd'> & BarBox,
  place: ChartPlacer,
): { left: number; width: number; isMilestone: boolean } | null {
  const { baseStart, baseEnd } = task;
  if (!baseStart || !baseEnd) return null;
  const start = place.x(baseStart);
  if (baseEnd.getTime() <= baseStart.getTime()) {
    const size = Math.max(6, Math.round(task.$h * 0.4));
    return { left: start - Math.round(size / 2) - task.$x, width: size, isMilestone: true };
  }
  return { left: start - task.$x, width: Math.max(2, place.span(baseStart, baseEnd)), isMilestone: false };
}
