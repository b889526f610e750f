import { dayNumber, isoDay, parseGanttSourceKey } from '@cimiento/domain';

/**
 * The 'Línea de balance' (issue 35): the Gantt's generated train seen as a flowline chart. Pure:
 * the screen draws what this file computes.
 *
 * - A location is an EDP item whose EDC has activities: the task `edp:{id}` gives its name and, by
 *   its ParentId chain, its tower (the EDP ancestors). Locations keep the Gantt's row order (EDP
 *   order); the ancestors every location shares (the project's root item) are left out of the group.
 * - A leaf task built from the EDC (`edc:{id}:{code}`, not a summary) is an activity at the location
 *   `{id}`. The same catalogue activity across locations is recognised by its name (TaskName): the
 *   Gantt names an EDC item's task after the activity, whatever EDC branch holds it. Two leaves of
 *   the same name at one location are one span, from the first start to the last finish.
 * - Tasks the user added in the Gantt (no sourceKey) have no location: they are left out and counted.
 * - Days are whole days since 1970-01-01 (the domain's dayNumber); a span is [start, end): it starts
 *   at the start of StartDate and ends at the end of EndDate (the last working day).
 * - A clash: two activities at the same location at the same time (their spans overlap).
 */

export type LobTask = {
  TaskID: number;
  TaskName: string;
  StartDate: string;
  EndDate: string;
  ParentId?: number | null;
  isSummary: boolean;
  sourceKey?: string;
};

export type LobLocation = {
  /** the EDP item's id */
  edpItemId: number;
  /** the location's own name ('Piso 1') */
  name: string;
  /** its ancestors' names below those every location shares ('Torre 1'); '' when none */
  group: string;
  /** 'Torre 1 › Piso 1' */
  label: string;
};

export type LobSpan = {
  /** index into LineOfBalance.locations */
  location: number;
  /** first day (inclusive) and day after the last (exclusive) */
  start: number;
  end: number;
  taskIds: number[];
};

export type LobActivity = {
  name: string;
  /** its spans in location order */
  spans: LobSpan[];
  /** the most locations it works at on one day: the crews (fronts) it needs at once */
  crews: number;
};

export type LobClash = {
  location: number;
  /** the two activities' indexes, in legend order */
  activities: [number, number];
  start: number;
  end: number;
};

export type LineOfBalance = {
  locations: LobLocation[];
  activities: LobActivity[];
  clashes: LobClash[];
  /** the first day any span starts and the day after the last one ends; 0 and 0 when empty */
  firstDay: number;
  lastDay: number;
  /** tasks the user added (no sourceKey), left out of the chart */
  userTasks: number;
};

export const LOCATION_SEPARATOR = ' › ';

/** The chart's data from loadGantt's tasks, in the Gantt's row order. */
export function lineOfBalance(tasks: readonly LobTask[]): LineOfBalance {
  const byId = new Map(tasks.map((task) => [task.TaskID, task]));
  const edpTaskOf = new Map<number, LobTask>();
  let userTasks = 0;
  for (const task of tasks) {
    const source = parseGanttSourceKey(task.sourceKey ?? null);
    if (source === undefined) {
      if (!task.isSummary) userTasks += 1;
      continue;
    }
    if (source.edcCode === undefined) edpTaskOf.set(source.edpItemId, task);
  }

  // the activities' leaves per location, in row order
  const leaves = new Map<number, LobTask[]>();
  for (const task of tasks) {
    if (task.isSummary) continue;
    const source = parseGanttSourceKey(task.sourceKey ?? null);
    if (source?.edcCode === undefined || !edpTaskOf.has(source.edpItemId)) continue;
    const list = leaves.get(source.edpItemId) ?? [];
    list.push(task);
    leaves.set(source.edpItemId, list);
  }

  // locations in the order of their edp: task among the Gantt's rows
  const locationItems: number[] = [];
  for (const task of tasks) {
    const source = parseGanttSourceKey(task.sourceKey ?? null);
    if (source && source.edcCode === undefined && leaves.has(source.edpItemId)) locationItems.push(source.edpItemId);
  }
  const paths = locationItems.map((itemId) => ancestorNames(edpTaskOf.get(itemId) as LobTask, byId));
  const shared = sharedPrefixLength(paths);
  const locations: LobLocation[] = locationItems.map((itemId, index) => {
    const name = (edpTaskOf.get(itemId) as LobTask).TaskName;
    const group = (paths[index] ?? []).slice(shared).join(LOCATION_SEPARATOR);
    return { edpItemId: itemId, name, group, label: group === '' ? name : `${group}${LOCATION_SEPARATOR}${name}` };
  });

  // activities by name, in the order they first appear
  const activityIndex = new Map<string, number>();
  const activities: LobActivity[] = [];
  locationItems.forEach((itemId, location) => {
    for (const leaf of leaves.get(itemId) ?? []) {
      let index = activityIndex.get(leaf.TaskName);
      if (index === undefined) {
        index = activities.length;
        activityIndex.set(leaf.TaskName, index);
        activities.push({ name: leaf.TaskName, spans: [], crews: 0 });
      }
      const activity = activities[index] as LobActivity;
      const start = dayNumber(leaf.StartDate);
      const end = Math.max(start, dayNumber(leaf.EndDate) + 1);
      const last = activity.spans.at(-1);
      if (last?.location === location) {
        last.start = Math.min(last.start, start);
        last.end = Math.max(last.end, end);
        last.taskIds.push(leaf.TaskID);
      } else activity.spans.push({ location, start, end, taskIds: [leaf.TaskID] });
    }
  });
  for (const activity of activities) activity.crews = mostAtOnce(activity.spans);

  const spans = activities.flatMap((activity) => activity.spans);
  const firstDay = spans.length === 0 ? 0 : Math.min(...spans.map((span) => span.start));
  const lastDay = spans.length === 0 ? 0 : Math.max(...spans.map((span) => span.end));
  return { locations, activities, clashes: findClashes(activities), firstDay, lastDay, userTasks };
}

/** The names of an EDP task's EDP ancestors, the outermost first. */
function ancestorNames(task: LobTask, byId: Map<number, LobTask>): string[] {
  const names: string[] = [];
  const seen = new Set<number>([task.TaskID]);
  let parent = task.ParentId == null ? undefined : byId.get(task.ParentId);
  while (parent !== undefined && !seen.has(parent.TaskID)) {
    seen.add(parent.TaskID);
    const source = parseGanttSourceKey(parent.sourceKey ?? null);
    if (source !== undefined && source.edcCode === undefined) names.unshift(parent.TaskName);
    parent = parent.ParentId == null ? undefined : byId.get(parent.ParentId);
  }
  return names;
}

/** How many leading names every path shares (the root item), keeping at least one when paths differ in depth. */
function sharedPrefixLength(paths: readonly string[][]): number {
  if (paths.length === 0) return 0;
  const shortest = Math.min(...paths.map((path) => path.length));
  let length = 0;
  while (length < shortest && paths.every((path) => path[length] === paths[0]?.[length])) length += 1;
  return length;
}

/** The most spans open on one day. */
function mostAtOnce(spans: readonly LobSpan[]): number {
  const events = spans
    .filter((span) => span.end > span.start)
    .flatMap((span) => [
      { day: span.start, delta: 1 },
      { day: span.end, delta: -1 },
    ])
    // a span ending the day another starts does not overlap it
    .sort((a, b) => a.day - b.day || a.delta - b.delta);
  let open = 0;
  let most = 0;
  for (const event of events) {
    open += event.delta;
    most = Math.max(most, open);
  }
  return most;
}

/** Each pair of activities at the same location whose spans overlap, by location then start. */
export function findClashes(activities: readonly LobActivity[]): LobClash[] {
  const clashes: LobClash[] = [];
  activities.forEach((first, a) => {
    activities.forEach((second, b) => {
      if (b <= a) return;
      for (const one of first.spans) {
        for (const other of second.spans) {
          if (one.location !== other.location) continue;
          const start = Math.max(one.start, other.start);
          const end = Math.min(one.end, other.end);
          if (start < end) clashes.push({ location: one.location, activities: [a, b], start, end });
        }
      }
    });
  });
  return clashes.sort(
    (x, y) =>
      x.location - y.location ||
      x.start - y.start ||
      x.activities[0] - y.activities[0] ||
      x.activities[1] - y.activities[1],
  );
}

/** A clash's last day as YYYY-MM-DD (its end is the day after). */
export function clashDates(clash: Pick<LobClash, 'start' | 'end'>): { from: string; to: string } {
  return { from: isoDay(clash.start), to: isoDay(clash.end - 1) };
}

/**
 * The runs of an activity's spans over consecutive locations of one group: a band joins only
 * neighbouring rows of the same tower (towers worked side by side would zigzag back in time).
 */
export function spanRuns(spans: readonly LobSpan[], locations: readonly Pick<LobLocation, 'group'>[]): LobSpan[][] {
  const runs: LobSpan[][] = [];
  for (const span of spans) {
    const run = runs.at(-1);
    const previous = run?.at(-1);
    const sameGroup = previous !== undefined && locations[previous.location]?.group === locations[span.location]?.group;
    if (run !== undefined && previous !== undefined && span.location === previous.location + 1 && sameGroup)
      run.push(span);
    else runs.push([span]);
  }
  return runs;
}

// ---- geometry ----

export type LobZoomLevel = 'day' | 'week' | 'month';
export const lobZoomLevels: readonly LobZoomLevel[] = ['day', 'week', 'month'];

/** Pixels per day of each zoom level (the Gantt's cells: a day 30 px, a week 84 px, a month ~100 px). */
export const PX_PER_DAY: Record<LobZoomLevel, number> = { day: 30, week: 12, month: 100 / 30.4 };

/** 'Ajustar': the days across the width given, never narrower than the month level's, nor wider than the day's. */
export function fitPxPerDay(days: number, width: number): number {
  if (days <= 0 || width <= 0) return PX_PER_DAY.week;
  return Math.min(PX_PER_DAY.day, Math.max(1, width / days));
}

/** The tick level that reads at a scale: days from 18 px a day, weeks from 5 px, else months. */
export function levelOfScale(pxPerDay: number): LobZoomLevel {
  if (pxPerDay >= 18) return 'day';
  if (pxPerDay >= 5) return 'week';
  return 'month';
}

/** The chart's time range: from the Monday on or before the first day to the Sunday after the last (a whole week each side at least one day). */
export function chartRange(plan: Pick<LineOfBalance, 'firstDay' | 'lastDay'>): { from: number; to: number } {
  const monday = (day: number) => day - ((new Date(day * 86_400_000).getUTCDay() + 6) % 7);
  const from = monday(plan.firstDay);
  const to = monday(Math.max(plan.lastDay, plan.firstDay + 1) - 1) + 7;
  return { from, to };
}

export type Tick = { day: number; label: string };

/** The first day of each month in [from, to). */
export function monthStarts(from: number, to: number): number[] {
  const days: number[] = [];
  const date = new Date(from * 86_400_000);
  let cursor = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / 86_400_000;
  if (cursor < from) {
    const next = new Date(cursor * 86_400_000);
    cursor = Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 1) / 86_400_000;
  }
  while (cursor < to) {
    days.push(cursor);
    const next = new Date(cursor * 86_400_000);
    cursor = Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 1) / 86_400_000;
  }
  return days;
}

/** The ticks of the axis' lower row at a level: each day, each Monday, or each month's first day. */
export function lowerTicks(level: LobZoomLevel, from: number, to: number): number[] {
  if (level === 'month') return monthStarts(from, to);
  const step = level === 'day' ? 1 : 7;
  const days: number[] = [];
  for (let day = from; day < to; day += step) days.push(day);
  return days;
}

export type BandGeometry = {
  /** the filled band: the start line up, then the finish line down */
  polygon: Array<[number, number]>;
  /** the line through each location's start, and the one through each location's finish (bottom to top) */
  startLine: Array<[number, number]>;
  finishLine: Array<[number, number]>;
};

export type RowGeometry = {
  /** y of the row's top edge for location index k, and the row height */
  rowTop: (location: number) => number;
  rowHeight: number;
  /** the share of the row the band fills (the rest is the slope to the next row) */
  bandShare: number;
};

/**
 * A run's band: in each location's row a rectangle from its start to its finish (bandShare of the
 * row's height, centred), joined row to row by the sloped start and finish lines. The first location
 * is drawn lowest (a flowline climbs the building), so a row's bottom edge comes first.
 */
export function bandGeometry(run: readonly LobSpan[], x: (day: number) => number, rows: RowGeometry): BandGeometry {
  const inset = (rows.rowHeight * (1 - rows.bandShare)) / 2;
  const startLine: Array<[number, number]> = [];
  const finishLine: Array<[number, number]> = [];
  for (const span of run) {
    const top = rows.rowTop(span.location) + inset;
    const bottom = rows.rowTop(span.location) + rows.rowHeight - inset;
    startLine.push([x(span.start), bottom], [x(span.start), top]);
    finishLine.push([x(span.end), bottom], [x(span.end), top]);
  }
  return { polygon: [...startLine, ...[...finishLine].reverse()], startLine, finishLine };
}

/** SVG points text. */
export function pointsText(points: ReadonlyArray<[number, number]>): string {
  return points.map(([px, py]) => `${round(px)},${round(py)}`).join(' ');
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

/** The PNG's and PDF's file name: '{code}-linea-de-balance.{ext}'. */
export function lobFileName(projectCode: string, extension: 'png' | 'pdf'): string {
  const code = projectCode.replace(/[\\/:*?"<>|\s]+/g, '_') || 'proyecto';
  return `${code}-linea-de-balance.${extension}`;
}

/**
 * Distinct colours per activity (index), readable on the light and on the dark paper; red is left
 * for clashes. Past the tenth the colours repeat with a dashed outline (`dashed`).
 */
const LIGHT = [
  '#1565c0',
  '#e65100',
  '#2e7d32',
  '#6a1b9a',
  '#00838f',
  '#6d4c41',
  '#ad1457',
  '#827717',
  '#283593',
  '#455a64',
];
const DARK = [
  '#64b5f6',
  '#ffb74d',
  '#81c784',
  '#ce93d8',
  '#4dd0e1',
  '#bcaaa4',
  '#f48fb1',
  '#dce775',
  '#9fa8da',
  '#b0bec5',
];

export function activityColor(index: number, mode: 'light' | 'dark'): { color: string; dashed: boolean } {
  const palette = mode === 'dark' ? DARK : LIGHT;
  return { color: palette[index % palette.length] as string, dashed: index >= palette.length };
}
