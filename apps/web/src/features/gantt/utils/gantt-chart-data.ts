import type { GanttDraftTask, LinkType, PlannerLinkLabels, PredecessorLink, ScheduledTask } from '@cimiento/domain';
import {
  dayNumber,
  describeGanttTask,
  ganttTaskDirectory,
  isoDay,
  plannerPredecessorText,
  plannerPredecessorTitle,
} from '@cimiento/domain';

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
  code: string;
  startIso: string;
  endIso: string;
  workDays: number;
  totalFloat: number;
  critical: boolean;
  /** the task in full (code, name, EDP item), for tooltips */
  title: string;
  /** the 'Predecesoras' cell as a planner reads it, and its tooltip in full */
  predecessors: string;
  predecessorsTitle: string;
};

export type ChartLink = { id: string; source: number; target: number; type: SvarLinkType };

export type ChartData = {
  tasks: ChartTask[];
  links: ChartLink[];
  /** ids of critical links, for the stylesheet */
  criticalLinks: string[];
  byId: Map<number, ChartTask>;
};

export function localDate(iso: string): Date {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
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
  return isoDay(dayNumber(iso) + days);
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
 */
export function buildChartData(
  tasks: readonly GanttDraftTask[],
  scheduled: ReadonlyMap<number, ScheduledTask>,
  closed: ReadonlySet<number>,
  search = '',
  labels: PlannerLinkLabels = defaultLinkLabels,
): ChartData {
  const shown = visibleIds(tasks, search);
  const directory = ganttTaskDirectory(tasks);
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
    const isMilestone = !computed.isSummary && computed.duration === 0;
    const start = localDate(computed.start);
    const chartTask: ChartTask = {
      id: task.id,
      text: task.name,
      start,
      end: isMilestone ? start : localDate(nextIso(computed.end)),
      duration: isMilestone ? 0 : dayNumber(computed.end) - dayNumber(computed.start) + 1,
      progress: task.progress,
      parent: task.parentId !== undefined && ids.has(task.parentId) ? task.parentId : 0,
      type: computed.isSummary ? 'summary' : isMilestone ? 'milestone' : 'task',
      ...(withChildren.has(task.id) ? { open: shown ? true : !closed.has(task.id) } : {}),
      code: task.code,
      startIso: computed.start,
      endIso: computed.end,
      workDays: computed.duration,
      totalFloat: computed.totalFloat,
      critical: computed.critical,
      title: describeGanttTask(
        directory.byId.get(task.id) ?? { id: task.id, code: task.code, name: task.name, label: '' },
      ),
      predecessors: plannerPredecessorText(task.predecessors, directory, labels),
      predecessorsTitle: plannerPredecessorTitle(task.predecessors, directory, labels),
    };
    chartTasks.push(chartTask);
    byId.set(task.id, chartTask);
  }
  const links: ChartLink[] = [];
  const criticalLinks: string[] = [];
  for (const task of tasks) {
    if (!byId.has(task.id)) continue;
    const to = scheduled.get(task.id);
    for (const link of task.predecessors) {
      if (!byId.has(link.predecessorId)) continue;
      const id = linkId(link.predecessorId, task.id, link.generated === true);
      links.push({ id, source: link.predecessorId, target: task.id, type: svarLinkType[link.type] });
      const from = scheduled.get(link.predecessorId);
      if (from && to && isCriticalLink(link, from, to)) criticalLinks.push(id);
    }
  }
  return { tasks: chartTasks, links, criticalLinks, byId };
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
