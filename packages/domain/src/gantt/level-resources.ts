import { isoDay } from './calendar';
import type { WorkingCalendar } from './calendar';
import { compile, cycleResult } from './schedule-network';
import { DateIndex, forwardTask, newPass, readTask, runFull } from './schedule-passes';
import type { ScheduleLink, ScheduleTask, ScheduledTask } from './schedule-types';
import { resourceWorksOn, unitsAvailableOn } from '../resources/resources';
import type { AvailabilityRange, ResourceCalendar } from '../resources/resources';
import type { ResourceAssignment } from '../resources/assignments';

/**
 * Issue 35, 'Redistribuir recursos' (MS Project's Level Resources, P6's Level): delays tasks so that
 * no resource is asked for more units on a working day than it has that day. docs/RESOURCES.md
 * "Levelling" states every rule; in short:
 *
 * - a serial schedule: tasks are placed one at a time, each once all its predecessors are (links
 *   of every type and lag, through the engine's own forward step, so a placed task is where the
 *   engine puts it); among the tasks ready, those that need no resource first, then the one the
 *   order puts first ('totalFloat', 'lateStart', 'priority', 'edpOrder'), ties by the earlier early
 *   start, then the EDP order (the Gantt's row order), then the lower id: one input, one answer;
 * - a task is placed on the first working day, from the earliest its links and constraints allow,
 *   when every resource it uses has room on each of its days; it is moved by raising its "start no
 *   earlier than", so the schedule (and a later reload) keeps it there;
 * - never moved: work done or under way (actual dates), a must-start-on, a summary, a milestone
 *   (no work); their units are booked first;
 * - a resource's own calendar (its non-working weekdays and ranges) gives it no units on those
 *   days, so a task using it goes past them whole (a task is not split);
 * - a task that alone needs more than a resource ever has is left where it was and reported; with
 *   `withinSlack` a task is moved only within its total float, and one that would need more is
 *   left and reported.
 *
 * Pure; O((tasks + links) log tasks + the days searched).
 */

export type LevelOrder = 'totalFloat' | 'lateStart' | 'priority' | 'edpOrder';
export const LEVEL_ORDERS: readonly LevelOrder[] = ['totalFloat', 'lateStart', 'priority', 'edpOrder'];

export type LevelTask = ScheduleTask & {
  resources?: readonly ResourceAssignment[] | undefined;
  /**
   * 'Prioridad' under the 'priority' order: lower first, as the catalogues' priorities (the server
   * gives a generated task its activity's); absent: after every task that has one
   */
  priority?: number | undefined;
};

export type LevelResource = {
  _id: string;
  code: string;
  name: string;
  maxUnits: number;
  availability?: readonly AvailabilityRange[] | undefined;
  /** its own non-working days (capacity 0 on them); absent: the project's calendar */
  calendar?: ResourceCalendar | undefined;
};

export type LevelOptions = {
  order: LevelOrder;
  withinSlack: boolean;
  cutoff?: string | undefined;
  /** the most working days a task is searched past its earliest start (default 5.000, ~20 years) */
  searchDays?: number;
  /** the last working index a task may work on (the calendar's horizon); absent: no limit */
  lastIndex?: number;
};

/** Why a task was not placed without an overload. */
export type UnresolvedReason = 'exceeds' | 'slack' | 'search';

export type LevelDelay = {
  id: number;
  /** working days its start moved */
  days: number;
  /** YYYY-MM-DD, its start before and after */
  from: string;
  to: string;
};

export type LevelResult =
  | {
      ok: true;
      /** the tasks the levelling delayed, in the order it placed them */
      delays: LevelDelay[];
      /** each delayed task's new "start no earlier than", by id */
      starts: Map<number, string>;
      /** tasks left where they were, with the resource and why */
      unresolved: { id: number; resourceId: string; reason: UnresolvedReason }[];
      /** the schedule before levelling (the engine's), index by index with the tasks */
      before: ScheduledTask[];
    }
  | { ok: false; error: string };

const DEFAULT_SEARCH_DAYS = 5_000;
const EPSILON = 1e-9;

/** A resource's booked units and capacity by working index, grown as needed. */
class Ledger {
  private used = new Float64Array(0);
  private capacity = new Float64Array(0);
  private known = 0;
  /** the most units the resource has on any day (its maxUnits or a range's) */
  readonly most: number;

  constructor(
    private readonly resource: LevelResource,
    private readonly calendar: WorkingCalendar,
    /** no day past it is read from the calendar (a bounded calendar refuses to go further) */
    private readonly lastIndex: number,
  ) {
    let most = resource.maxUnits;
    for (const range of resource.availability ?? []) most = Math.max(most, range.maxUnits);
    this.most = most;
  }

  private grow(index: number): void {
    if (index < this.known) return;
    const size = Math.min(Math.max(index + 1, this.known * 2, 256), this.lastIndex + 1);
    const used = new Float64Array(size);
    used.set(this.used);
    const capacity = new Float64Array(size);
    capacity.set(this.capacity);
    for (let at = this.known; at < size; at += 1) {
      // 0 on the resource's own non-working days: a task using it is not placed across them
      capacity[at] = unitsAvailableOn(this.resource, isoDay(this.calendar.dayAt(at)));
    }
    this.used = used;
    this.capacity = capacity;
    this.known = size;
  }

  /** Whether `units` more fit on index `at`. */
  fits(at: number, units: number): boolean {
    if (at > this.lastIndex) return false;
    this.grow(at);
    return (this.used[at] as number) + units <= (this.capacity[at] as number) + EPSILON;
  }

  book(from: number, to: number, units: number): void {
    const end = Math.min(to, this.lastIndex + 1);
    if (end <= from) return;
    this.grow(end - 1);
    for (let at = Math.max(0, from); at < end; at += 1) this.used[at] = (this.used[at] as number) + units;
  }
}

/** A binary heap of positions, least first by `before`. */
class Heap {
  private items: number[] = [];
  constructor(private readonly before: (a: number, b: number) => boolean) {}
  get size(): number {
    return this.items.length;
  }
  push(item: number): void {
    const items = this.items;
    items.push(item);
    let at = items.length - 1;
    while (at > 0) {
      const up = (at - 1) >> 1;
      if (!this.before(items[at] as number, items[up] as number)) break;
      [items[at], items[up]] = [items[up] as number, items[at] as number];
      at = up;
    }
  }
  pop(): number {
    const items = this.items;
    const top = items[0] as number;
    const last = items.pop() as number;
    if (items.length > 0) {
      items[0] = last;
      let at = 0;
      for (;;) {
        const left = 2 * at + 1;
        const right = left + 1;
        let least = at;
        if (left < items.length && this.before(items[left] as number, items[least] as number)) least = left;
        if (right < items.length && this.before(items[right] as number, items[least] as number)) least = right;
        if (least === at) break;
        [items[at], items[least]] = [items[least] as number, items[at] as number];
        at = least;
      }
    }
    return top;
  }
}

/**
 * Levels `tasks` (the Gantt's, in row order, with their resources) against `resources`: the new
 * starts of the tasks it delays and what it could not resolve. Scheduling the tasks with those
 * starts gives the levelled schedule (the engine's; nothing else changes).
 */
export function levelResources(
  tasks: readonly LevelTask[],
  links: readonly ScheduleLink[],
  resources: readonly LevelResource[],
  calendar: WorkingCalendar,
  options: LevelOptions,
): LevelResult {
  const base = runFull(tasks, links, calendar, { ...(options.cutoff === undefined ? {} : { cutoff: options.cutoff }) });
  if (!('net' in base)) return { ok: false, error: base.ok ? 'sin programa' : base.error };
  const before = base.results;
  const net = compile(tasks, links);
  if (Array.isArray(net)) {
    const cycle = cycleResult(tasks, net);
    return { ok: false, error: cycle.ok ? 'ciclo' : cycle.error };
  }
  const n = net.n;
  const pass = newPass(n);
  const dates = new DateIndex(calendar);
  const cutoff = options.cutoff === undefined ? Number.NEGATIVE_INFINITY : dates.of(options.cutoff);
  for (let i = 0; i < n; i += 1) readTask(pass, i, tasks[i] as ScheduleTask, net.summary[i] === 1, dates);

  const ledgers = new Map<string, Ledger>();
  const lastIndex = options.lastIndex ?? Number.MAX_SAFE_INTEGER;
  for (const resource of resources) ledgers.set(resource._id, new Ledger(resource, calendar, lastIndex));
  const assignmentsOf = (i: number) =>
    ((tasks[i] as LevelTask).resources ?? []).filter((item) => ledgers.has(item.resourceId) && item.units > 0);

  // what competes: a leaf not started, not a must-start-on, with work and resources
  const competes = new Uint8Array(n);
  for (let i = 0; i < n; i += 1) {
    if (net.summary[i] === 1 || pass.status[i] !== 0 || pass.mustStart[i] === 1 || pass.duration[i] === 0) continue;
    if (assignmentsOf(i).length > 0) competes[i] = 1;
  }
  // the rest is booked first, where the engine put it
  for (let i = 0; i < n; i += 1) {
    if (competes[i] === 1 || net.summary[i] === 1) continue;
    const result = before[i] as ScheduledTask;
    for (const item of assignmentsOf(i)) {
      (ledgers.get(item.resourceId) as Ledger).book(result.startIndex, result.finishIndex, item.units);
    }
  }

  // the order among ready tasks
  const key = new Float64Array(n);
  for (let i = 0; i < n; i += 1) {
    const result = before[i] as ScheduledTask;
    switch (options.order) {
      case 'totalFloat':
        key[i] = result.totalFloat;
        break;
      case 'lateStart':
        key[i] = result.startIndex + result.totalFloat;
        break;
      case 'priority':
        key[i] = (tasks[i] as LevelTask).priority ?? Number.POSITIVE_INFINITY;
        break;
      default:
        key[i] = i;
    }
  }
  const earlier = (a: number, b: number): boolean => {
    if (competes[a] !== competes[b]) return competes[a] === 0;
    if (key[a] !== key[b]) return (key[a] as number) < (key[b] as number);
    const startA = (before[a] as ScheduledTask).startIndex;
    const startB = (before[b] as ScheduledTask).startIndex;
    if (startA !== startB) return startA < startB;
    if (a !== b) return a < b;
    return false;
  };

  // readiness: a leaf after its predecessors, a summary after its children
  const waiting = new Int32Array(n);
  const next: number[][] = Array.from({ length: n }, () => []);
  for (let i = 0; i < n; i += 1) {
    for (let k = net.inStart[i] as number; k < (net.inStart[i + 1] as number); k += 1) {
      (next[net.inFrom[k] as number] as number[]).push(i);
      waiting[i] = (waiting[i] as number) + 1;
    }
    const parent = net.parent[i] as number;
    if (parent !== -1) {
      (next[i] as number[]).push(parent);
      waiting[parent] = (waiting[parent] as number) + 1;
    }
  }
  const ready = new Heap(earlier);
  for (let i = 0; i < n; i += 1) if (waiting[i] === 0) ready.push(i);

  const searchDays = options.searchDays ?? DEFAULT_SEARCH_DAYS;
  const delays: LevelDelay[] = [];
  const starts = new Map<number, string>();
  const unresolved: { id: number; resourceId: string; reason: UnresolvedReason }[] = [];
  const place = (i: number): void => {
    const items = assignmentsOf(i);
    const earliest = pass.es[i] as number;
    const duration = pass.duration[i] as number;
    const task = tasks[i] as LevelTask;
    // alone more than the resource ever has: left at its earliest, reported
    const exceeding = items.find((item) => item.units > (ledgers.get(item.resourceId) as Ledger).most + EPSILON);
    let start = earliest;
    if (exceeding !== undefined) {
      unresolved.push({ id: task.id, resourceId: exceeding.resourceId, reason: 'exceeds' });
    } else {
      const result = before[i] as ScheduledTask;
      const latest = Math.min(
        options.withinSlack
          ? Math.max(earliest, result.startIndex + Math.max(0, result.totalFloat))
          : earliest + searchDays,
        lastIndex - duration + 1,
      );
      let found = -1;
      let blocking = items[0] as ResourceAssignment;
      for (let at = earliest; at <= latest;) {
        // the last day of the window [at, at + duration) on which some resource has no room
        let conflict = -1;
        for (let day = at + duration - 1; day >= at && conflict === -1; day -= 1) {
          for (const item of items) {
            if (!(ledgers.get(item.resourceId) as Ledger).fits(day, item.units)) {
              conflict = day;
              blocking = item;
              break;
            }
          }
        }
        if (conflict === -1) {
          found = at;
          break;
        }
        at = conflict + 1;
      }
      if (found === -1) {
        unresolved.push({
          id: task.id,
          resourceId: blocking.resourceId,
          reason: options.withinSlack ? 'slack' : 'search',
        });
      } else start = found;
    }
    if (start > earliest) {
      // raise its "start no earlier than" and let the engine's step place it there
      pass.startIndex[i] = start;
      forwardTask(net, pass, i, cutoff, calendar);
      const to = isoDay(calendar.dayAt(pass.es[i] as number));
      starts.set(task.id, to);
      const from = before[i] as ScheduledTask;
      delays.push({ id: task.id, days: (pass.es[i] as number) - from.startIndex, from: from.start, to });
    }
    for (const item of items) {
      (ledgers.get(item.resourceId) as Ledger).book(pass.es[i] as number, pass.ef[i] as number, item.units);
    }
  };

  while (ready.size > 0) {
    const i = ready.pop();
    forwardTask(net, pass, i, cutoff, calendar);
    if (competes[i] === 1) place(i);
    for (const j of next[i] as number[]) {
      waiting[j] = (waiting[j] as number) - 1;
      if (waiting[j] === 0) ready.push(j);
    }
  }

  return { ok: true, delays, starts, unresolved, before };
}

/** One stretch of working days on which a resource is asked for more than it has. */
export type Overload = {
  resourceId: string;
  /** YYYY-MM-DD, the first and last working day of the stretch */
  from: string;
  to: string;
  /** the most units asked for on one of its days, and what the resource had that day */
  units: number;
  maxUnits: number;
  /** the tasks that use the resource on those days, by id, ascending */
  taskIds: number[];
  /** some day of the stretch is one the resource's own calendar leaves off (its capacity 0) */
  offCalendar: boolean;
};

/**
 * The overloads of a schedule: for each resource, each stretch of consecutive working days on which
 * its tasks ask for more units than it has. `scheduled` is index by index with `tasks`.
 */
export function resourceOverloads(
  tasks: readonly LevelTask[],
  scheduled: readonly ScheduledTask[],
  resources: readonly LevelResource[],
  calendar: WorkingCalendar,
): Overload[] {
  const byId = new Map(resources.map((resource) => [resource._id, resource]));
  const spans = new Map<string, { from: number; to: number; units: number; id: number }[]>();
  tasks.forEach((task, i) => {
    const result = scheduled[i];
    if (result === undefined || result.isSummary || result.finishIndex <= result.startIndex) return;
    for (const item of task.resources ?? []) {
      if (!byId.has(item.resourceId)) continue;
      const list = spans.get(item.resourceId) ?? [];
      list.push({ from: result.startIndex, to: result.finishIndex, units: item.units, id: task.id });
      spans.set(item.resourceId, list);
    }
  });
  const overloads: Overload[] = [];
  for (const [resourceId, list] of [...spans.entries()].sort((a, b) => a[0].localeCompare(b[0]))) {
    const resource = byId.get(resourceId) as LevelResource;
    // the days where the load changes, swept in order
    const events = new Map<number, number>();
    for (const span of list) {
      events.set(span.from, (events.get(span.from) ?? 0) + span.units);
      events.set(span.to, (events.get(span.to) ?? 0) - span.units);
    }
    const days = [...events.keys()].sort((a, b) => a - b);
    let load = 0;
    let open: Overload | undefined;
    let openFirst = -1;
    let openLast = -1;
    const close = () => {
      if (open === undefined) return;
      open.to = isoDay(calendar.dayAt(openLast));
      open.taskIds = list
        .filter((span) => span.from <= openLast && span.to > openFirst)
        .map((span) => span.id)
        .sort((a, b) => a - b);
      overloads.push(open);
      open = undefined;
    };
    for (let d = 0; d < days.length; d += 1) {
      const at = days[d] as number;
      load += events.get(at) as number;
      const end = d + 1 < days.length ? (days[d + 1] as number) : at;
      for (let index = at; index < end; index += 1) {
        const date = isoDay(calendar.dayAt(index));
        const capacity = unitsAvailableOn(resource, date);
        const units = Math.round(load * 100) / 100;
        if (units > capacity + EPSILON) {
          const off = !resourceWorksOn(resource.calendar, date);
          if (open === undefined) {
            open = { resourceId, from: date, to: date, units, maxUnits: capacity, taskIds: [], offCalendar: off };
            openFirst = index;
          } else {
            if (units > open.units) {
              open.units = units;
              open.maxUnits = capacity;
            }
            if (off) open.offCalendar = true;
          }
          openLast = index;
        } else close();
      }
    }
    close();
  }
  return overloads;
}
