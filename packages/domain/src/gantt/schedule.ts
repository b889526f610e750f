import type { WorkingCalendar } from './calendar';
import { dayNumber, isoDay } from './calendar';

/**
 * The scheduling engine (domain.md "Gantt"; issue 7): a forward and a backward pass over
 * finish-to-start, start-to-start, finish-to-finish and start-to-finish links with lags in working
 * days, on a working calendar, with summary tasks rolled up from their children. Pure and
 * iterative (no recursion), O(tasks + links) after a topological sort.
 *
 * Time is counted in working indices (see WorkingCalendar): a task with start index s and
 * duration d works on indices s … s + d − 1 and "finishes" at f = s + d (a milestone, d = 0,
 * starts and finishes at s). Dates shown are the first and the last working day (for a milestone,
 * both its day). A leaf's stored start is a "start no earlier than" constraint: links can push it
 * later, never earlier.
 *
 * Milestones follow MS Project (issue 14; domain.md): a milestone driven by a finish (FS or FF from
 * a task with work) sits at the end of that finish day, so it shows on the predecessor's finish
 * day, not on the next working day. In working time the end of day k − 1 and the start of day k
 * are the same instant, so this changes no index, float or successor: each start and finish carries
 * a flag "at the end of the previous working day" (EOD) that only decides which day is shown. On a
 * tie the start of the day wins, as MS Project's later clock time does.
 */

export const linkTypes = ['FS', 'SS', 'FF', 'SF'] as const;
export type LinkType = (typeof linkTypes)[number];

export type ScheduleTask = {
  id: number;
  parentId?: number;
  /** YYYY-MM-DD: the earliest the task may start */
  start: string;
  /** working days; 0 = milestone (ignored for summaries, which roll up) */
  duration: number;
  /** for messages */
  code?: string;
  name?: string;
  /**
   * issue 15, progress at the cut-off (leaves only; checked at the edge): YYYY-MM-DD. A task with an
   * actual finish is done and stays on its actual dates; one with only an actual start is under way.
   */
  actualStart?: string;
  actualFinish?: string;
  /** physical progress, 0–100: a task under way has duration × (1 − progress/100) left, from the cut-off */
  progress?: number;
};

/** issue 15: the cut-off ('fecha de corte'), the first day of remaining work, like P6's data date. */
export type ScheduleOptions = { cutoff?: string };

export type ScheduleLink = { from: number; to: number; type: LinkType; lag: number };

export type ScheduledTask = {
  id: number;
  start: string;
  /** the last working day (the start for a milestone) */
  end: string;
  duration: number;
  /** working days the task can slip without moving the project's finish */
  totalFloat: number;
  critical: boolean;
  isSummary: boolean;
  /** early start / finish as working indices, for tests and the chart */
  startIndex: number;
  finishIndex: number;
  /** issue 15: 'done' (actual finish), 'started' (actual start only), else absent */
  status?: 'done' | 'started';
};

export type ScheduleResult =
  | { ok: true; tasks: ScheduledTask[]; projectStart: string; projectFinish: string }
  | { ok: false; error: string; cycle: number[] };

function label(task: ScheduleTask | undefined, id: number): string {
  if (!task) return String(id);
  const text = [task.code, task.name].filter((part) => part !== undefined && part !== '').join(' ');
  return text === '' ? String(id) : `${text} (${id})`;
}

/*
 * issue 18: the engine in typed arrays. The rules above are those of the reference engine
 * (./schedule-reference, the engine before issue 18), which a differential test holds this one to,
 * result for result. What makes it fast: task ids are looked up in an array when they are small
 * integers (a Map otherwise); links are compiled once into typed adjacency lists (outgoing for the
 * topological sort and the backward pass, incoming for the forward pass, which pulls each task's
 * bound from its predecessors so that a later run can recompute only the tasks downstream of an
 * edit); dates are parsed without a regex or a Date; no per-task object is made before the results.
 */

const FS = 0;
const SS = 1;
const FF = 2;
/** anything else schedules as SF, as the reference's `switch` default does */
const SF = 3;

function linkCode(type: LinkType): number {
  return type === 'FS' ? FS : type === 'SS' ? SS : type === 'FF' ? FF : SF;
}

/** The task list and links compiled to positions: the tree, both adjacency lists and a topological order. */
type Network = {
  n: number;
  parent: Int32Array;
  /** 1 for a task with children */
  summary: Uint8Array;
  childStart: Int32Array;
  children: Int32Array;
  outStart: Int32Array;
  outTo: Int32Array;
  outType: Uint8Array;
  outLag: Float64Array;
  inStart: Int32Array;
  inFrom: Int32Array;
  inType: Uint8Array;
  inLag: Float64Array;
  order: Int32Array;
};

/** A position lookup for task ids: an array when the ids are small non-negative integers, a Map otherwise. */
function positionsOf(tasks: readonly ScheduleTask[]): (id: number) => number {
  const n = tasks.length;
  // the ids read once (task objects come in several shapes, so each read of one is a slow lookup)
  const ids = new Array<number>(n);
  let dense = true;
  let maxId = 0;
  for (let i = 0; i < n; i += 1) {
    const id = (tasks[i] as ScheduleTask).id;
    ids[i] = id;
    if (!dense) continue;
    if (!Number.isInteger(id) || id < 0) dense = false;
    else if (id > maxId) maxId = id;
  }
  if (dense && maxId <= 4 * n + 1024) {
    // position + 1, 0 = no such task; a repeated id maps to its last task, as Map.set did
    const slot = new Int32Array(maxId + 1);
    for (let i = 0; i < n; i += 1) slot[ids[i] as number] = i + 1;
    return (id) => (Number.isInteger(id) && id >= 0 && id <= maxId ? (slot[id] as number) - 1 : -1);
  }
  const map = new Map<number, number>();
  for (let i = 0; i < n; i += 1) map.set(ids[i] as number, i);
  return (id) => map.get(id) ?? -1;
}

/** Compiles the network, or returns the positions of one cycle (in link direction) when there is one. */
function compile(tasks: readonly ScheduleTask[], links: readonly ScheduleLink[]): Network | number[] {
  const n = tasks.length;
  const positionOf = positionsOf(tasks);

  const parent = new Int32Array(n).fill(-1);
  const childStart = new Int32Array(n + 1);
  for (let i = 0; i < n; i += 1) {
    const parentId = (tasks[i] as ScheduleTask).parentId;
    const p = parentId === undefined ? -1 : positionOf(parentId);
    if (p !== -1 && p !== i) {
      parent[i] = p;
      childStart[p + 1] = (childStart[p + 1] as number) + 1;
    }
  }
  const summary = new Uint8Array(n);
  for (let i = 0; i < n; i += 1) {
    if ((childStart[i + 1] as number) > 0) summary[i] = 1;
    childStart[i + 1] = (childStart[i + 1] as number) + (childStart[i] as number);
  }
  const children = new Int32Array(childStart[n] as number);
  {
    const fill = childStart.slice(0, n);
    for (let i = 0; i < n; i += 1) {
      const p = parent[i] as number;
      if (p === -1) continue;
      children[fill[p] as number] = i;
      fill[p] = (fill[p] as number) + 1;
    }
  }

  // the links between tasks of the list, resolved to positions
  const linkCount = links.length;
  const rawFrom = new Int32Array(linkCount);
  const rawTo = new Int32Array(linkCount);
  let m = 0;
  let intoSummary = false;
  for (let e = 0; e < linkCount; e += 1) {
    const link = links[e] as ScheduleLink;
    const from = positionOf(link.from);
    const to = positionOf(link.to);
    rawFrom[e] = from;
    rawTo[e] = to;
    if (from === -1 || to === -1) continue;
    if (summary[to] === 1) intoSummary = true;
    else m += 1;
  }
  // a link into a summary applies to each leaf under it, in position order (rare: built only then)
  let leafStart: Int32Array | undefined;
  let leafList: Int32Array | undefined;
  if (intoSummary) {
    leafStart = new Int32Array(n + 1);
    // at most n steps up: a cycle in the tree (refused below as a cycle) must not walk forever, as
    // the reference engine does
    for (let leaf = 0; leaf < n; leaf += 1) {
      if (summary[leaf] === 1) continue;
      for (let a = parent[leaf] as number, steps = 0; a !== -1 && steps < n; a = parent[a] as number, steps += 1)
        leafStart[a + 1] = (leafStart[a + 1] as number) + 1;
    }
    for (let i = 0; i < n; i += 1) leafStart[i + 1] = (leafStart[i + 1] as number) + (leafStart[i] as number);
    leafList = new Int32Array(leafStart[n] as number);
    const fill = leafStart.slice(0, n);
    for (let leaf = 0; leaf < n; leaf += 1) {
      if (summary[leaf] === 1) continue;
      for (let a = parent[leaf] as number, steps = 0; a !== -1 && steps < n; a = parent[a] as number, steps += 1) {
        leafList[fill[a] as number] = leaf;
        fill[a] = (fill[a] as number) + 1;
      }
    }
    m = 0;
    for (let e = 0; e < linkCount; e += 1) {
      const from = rawFrom[e] as number;
      const to = rawTo[e] as number;
      if (from === -1 || to === -1) continue;
      m += summary[to] === 1 ? (leafStart[to + 1] as number) - (leafStart[to] as number) : 1;
    }
  }

  // effective links in the reference's order: by link, then by leaf
  const linkFrom = new Int32Array(m);
  const linkTo = new Int32Array(m);
  const linkType = new Uint8Array(m);
  const linkLag = new Float64Array(m);
  let e2 = 0;
  for (let e = 0; e < linkCount; e += 1) {
    const from = rawFrom[e] as number;
    const to = rawTo[e] as number;
    if (from === -1 || to === -1) continue;
    const link = links[e] as ScheduleLink;
    const type = linkCode(link.type);
    if (summary[to] === 1) {
      const first = (leafStart as Int32Array)[to] as number;
      const last = (leafStart as Int32Array)[to + 1] as number;
      for (let k = first; k < last; k += 1) {
        linkFrom[e2] = from;
        linkTo[e2] = (leafList as Int32Array)[k] as number;
        linkType[e2] = type;
        linkLag[e2] = link.lag;
        e2 += 1;
      }
    } else {
      linkFrom[e2] = from;
      linkTo[e2] = to;
      linkType[e2] = type;
      linkLag[e2] = link.lag;
      e2 += 1;
    }
  }

  // adjacency lists, each in link order
  const outStart = new Int32Array(n + 1);
  const inStart = new Int32Array(n + 1);
  for (let e = 0; e < m; e += 1) {
    outStart[(linkFrom[e] as number) + 1] = (outStart[(linkFrom[e] as number) + 1] as number) + 1;
    inStart[(linkTo[e] as number) + 1] = (inStart[(linkTo[e] as number) + 1] as number) + 1;
  }
  for (let i = 0; i < n; i += 1) {
    outStart[i + 1] = (outStart[i + 1] as number) + (outStart[i] as number);
    inStart[i + 1] = (inStart[i + 1] as number) + (inStart[i] as number);
  }
  const outTo = new Int32Array(m);
  const outType = new Uint8Array(m);
  const outLag = new Float64Array(m);
  const inFrom = new Int32Array(m);
  const inType = new Uint8Array(m);
  const inLag = new Float64Array(m);
  {
    const outFill = outStart.slice(0, n);
    const inFill = inStart.slice(0, n);
    for (let e = 0; e < m; e += 1) {
      const from = linkFrom[e] as number;
      const to = linkTo[e] as number;
      const o = outFill[from] as number;
      outTo[o] = to;
      outType[o] = linkType[e] as number;
      outLag[o] = linkLag[e] as number;
      outFill[from] = o + 1;
      const k = inFill[to] as number;
      inFrom[k] = from;
      inType[k] = linkType[e] as number;
      inLag[k] = linkLag[e] as number;
      inFill[to] = k + 1;
    }
  }

  // topological order over links and child → parent (a summary after its children), as the reference
  const inDegree = new Int32Array(n);
  for (let i = 0; i < n; i += 1) {
    inDegree[i] =
      (inStart[i + 1] as number) - (inStart[i] as number) + ((childStart[i + 1] as number) - (childStart[i] as number));
  }
  const order = new Int32Array(n);
  let head = 0;
  let tail = 0;
  for (let i = 0; i < n; i += 1) if (inDegree[i] === 0) order[tail++] = i;
  while (head < tail) {
    const i = order[head++] as number;
    for (let k = outStart[i] as number; k < (outStart[i + 1] as number); k += 1) {
      const to = outTo[k] as number;
      inDegree[to] = (inDegree[to] as number) - 1;
      if (inDegree[to] === 0) order[tail++] = to;
    }
    const p = parent[i] as number;
    if (p !== -1) {
      inDegree[p] = (inDegree[p] as number) - 1;
      if (inDegree[p] === 0) order[tail++] = p;
    }
  }
  if (tail < n) return findCycle(n, inDegree, outStart, outTo, parent);
  return {
    n,
    parent,
    summary,
    childStart,
    children,
    outStart,
    outTo,
    outType,
    outLag,
    inStart,
    inFrom,
    inType,
    inLag,
    order,
  };
}

/** One cycle among the nodes the topological sort could not place (in-degree still > 0), in order. */
function findCycle(
  n: number,
  inDegree: Int32Array,
  outStart: Int32Array,
  outTo: Int32Array,
  parent: Int32Array,
): number[] {
  const stuck = (i: number) => (inDegree[i] as number) > 0;
  // every stuck node has a stuck predecessor, so walking predecessors from one must meet a node twice
  const predecessor = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i += 1) {
    if (!stuck(i)) continue;
    for (let k = outStart[i] as number; k < (outStart[i + 1] as number); k += 1) {
      const to = outTo[k] as number;
      if (stuck(to) && predecessor[to] === -1) predecessor[to] = i;
    }
    const p = parent[i] as number;
    if (p !== -1 && stuck(p) && predecessor[p] === -1) predecessor[p] = i;
  }
  let current = -1;
  for (let i = 0; i < n && current === -1; i += 1) if (stuck(i)) current = i;
  const seenAt = new Map<number, number>();
  const path: number[] = [];
  while (current !== -1 && !seenAt.has(current)) {
    seenAt.set(current, path.length);
    path.push(current);
    current = predecessor[current] as number;
  }
  if (current === -1) return path.reverse();
  // the walk went backwards: reverse to read the cycle in link direction
  return path.slice(seenAt.get(current)).reverse();
}

function cycleResult(tasks: readonly ScheduleTask[], cycle: number[]): ScheduleResult {
  const names = cycle.map((i) => label(tasks[i], tasks[i]?.id ?? i));
  return {
    ok: false,
    error: `Los vínculos forman un ciclo entre las tareas: ${names.join(' → ')}`,
    cycle: cycle.map((i) => tasks[i]?.id as number),
  };
}

/**
 * 'YYYY-MM-DD' → day number, as dayNumber() gives, without its regex and Date: a well-formed date of
 * the years 100–9999 is counted directly (days from the civil date); anything else goes to dayNumber(),
 * which gives the same number or throws the same error.
 */
export function parseDay(iso: string): number {
  if (typeof iso === 'string' && iso.length === 10 && iso.charCodeAt(4) === 45 && iso.charCodeAt(7) === 45) {
    const d0 = iso.charCodeAt(0) - 48;
    const d1 = iso.charCodeAt(1) - 48;
    const d2 = iso.charCodeAt(2) - 48;
    const d3 = iso.charCodeAt(3) - 48;
    const m0 = iso.charCodeAt(5) - 48;
    const m1 = iso.charCodeAt(6) - 48;
    const a0 = iso.charCodeAt(8) - 48;
    const a1 = iso.charCodeAt(9) - 48;
    if (
      (d0 | d1 | d2 | d3 | m0 | m1 | a0 | a1) >= 0 &&
      d0 <= 9 &&
      d1 <= 9 &&
      d2 <= 9 &&
      d3 <= 9 &&
      m0 <= 9 &&
      m1 <= 9 &&
      a0 <= 9 &&
      a1 <= 9
    ) {
      const year = d0 * 1000 + d1 * 100 + d2 * 10 + d3;
      const month = m0 * 10 + m1;
      const day = a0 * 10 + a1;
      if (year >= 100 && month >= 1 && month <= 12 && day >= 1) {
        const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
        const monthDays =
          month === 2 ? (leap ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
        if (day <= monthDays) {
          // Howard Hinnant's days_from_civil
          const y = month <= 2 ? year - 1 : year;
          const era = Math.floor(y / 400);
          const yoe = y - era * 400;
          const doy = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
          const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
          return era * 146097 + doe - 719468;
        }
      }
    }
  }
  return dayNumber(iso);
}

/** The per-task arrays of a run: the inputs read from the tasks, then both passes. */
type Pass = {
  /** a leaf's stored start as a working index (its own bound) */
  startIndex: Float64Array;
  duration: Float64Array;
  /** 1 when the task's own duration is ≤ 0 (a milestone achieved at the end of its day when done) */
  milestone: Uint8Array;
  /** issue 15: 1 = done, 2 = under way */
  status: Uint8Array;
  actualFirst: Float64Array;
  actualEnd: Float64Array;
  /** issue 30: the actual start and finish as day numbers (actual dates are shown as recorded) */
  actualStartDay: Float64Array;
  actualFinishDay: Float64Array;
  es: Float64Array;
  ef: Float64Array;
  eodStart: Uint8Array;
  eodFinish: Uint8Array;
  /** issue 30: the days shown as the task's start and finish (day numbers; see shownDays) */
  shownStart: Float64Array;
  shownEnd: Float64Array;
  lf: Float64Array;
  lsBound: Float64Array;
  float: Float64Array;
};

function newPass(n: number): Pass {
  return {
    startIndex: new Float64Array(n),
    duration: new Float64Array(n),
    milestone: new Uint8Array(n),
    status: new Uint8Array(n),
    actualFirst: new Float64Array(n),
    actualEnd: new Float64Array(n),
    actualStartDay: new Float64Array(n),
    actualFinishDay: new Float64Array(n),
    es: new Float64Array(n),
    ef: new Float64Array(n),
    eodStart: new Uint8Array(n),
    eodFinish: new Uint8Array(n),
    shownStart: new Float64Array(n),
    shownEnd: new Float64Array(n),
    lf: new Float64Array(n),
    lsBound: new Float64Array(n),
    float: new Float64Array(n),
  };
}

/** Working indices of dates; consecutive tasks mostly share a date, so the last one is kept. */
class DateIndex {
  private lastIso: string | undefined;
  private lastIndex = 0;
  constructor(readonly calendar: WorkingCalendar) {}

  of(iso: string): number {
    if (iso === this.lastIso && iso !== undefined) return this.lastIndex;
    const index = this.calendar.indexOf(parseDay(iso));
    this.lastIso = iso;
    this.lastIndex = index;
    return index;
  }
}

/** Reads task i's inputs into the pass, as the reference does (and in its order, so errors match). */
function readTask(pass: Pass, i: number, task: ScheduleTask, isSummary: boolean, dates: DateIndex): void {
  pass.duration[i] = Math.max(0, Math.floor(task.duration));
  pass.milestone[i] = task.duration <= 0 ? 1 : 0;
  pass.status[i] = 0;
  if (isSummary) return;
  pass.startIndex[i] = dates.of(task.start);
  const startedOn = task.actualStart ?? task.actualFinish;
  if (startedOn === undefined) return;
  pass.actualFirst[i] = dates.of(startedOn);
  pass.actualStartDay[i] = parseDay(startedOn);
  if (task.actualFinish !== undefined) {
    pass.status[i] = 1;
    // in working time, a day off as the actual finish is the end of the working day before it
    // (issue 30: and never before the actual start, which a day off puts at the next working day's
    // start: work done on days off only takes no working time)
    const calendar = dates.calendar;
    // (the day numbers of two valid dates are equal exactly when the dates are: the reference compares the text)
    const finishDay = parseDay(task.actualFinish);
    pass.actualFinishDay[i] = finishDay;
    const onOrAfter = calendar.indexOf(finishDay);
    const last = calendar.dayAt(onOrAfter) === finishDay ? onOrAfter : onOrAfter - 1;
    pass.actualEnd[i] = Math.max(last + 1, pass.actualFirst[i] as number);
  } else {
    pass.status[i] = 2;
    // what is left of the work
    pass.duration[i] = Math.ceil(
      (pass.duration[i] as number) * (1 - Math.min(100, Math.max(0, task.progress ?? 0)) / 100),
    );
  }
}

/**
 * The forward pass of task i, pulled from its predecessors (a leaf) or its children (a summary), and
 * the days it shows (issue 30): a start or finish at EOD shows on the working day before its index;
 * an actual start or finish shows as recorded, a day off included (MS Project keeps actual dates as
 * they are), and a task done or under way never shows a finish before its start; a summary shows
 * its children's earliest and latest days.
 */
function forwardTask(net: Network, pass: Pass, i: number, cutoff: number, calendar: WorkingCalendar): void {
  const { es, ef, eodStart, eodFinish, duration, shownStart, shownEnd } = pass;
  if (net.summary[i] === 1) {
    let rollStart = Number.POSITIVE_INFINITY;
    let rollStartEod = 0;
    let rollFinish = Number.NEGATIVE_INFINITY;
    let rollFinishEod = 0;
    let firstDay = Number.POSITIVE_INFINITY;
    let lastDay = Number.NEGATIVE_INFINITY;
    const { children } = net;
    for (let k = net.childStart[i] as number; k < (net.childStart[i + 1] as number); k += 1) {
      const c = children[k] as number;
      if ((shownStart[c] as number) < firstDay) firstDay = shownStart[c] as number;
      if ((shownEnd[c] as number) > lastDay) lastDay = shownEnd[c] as number;
      // the earliest child's start (at EOD if any earliest is), the latest child's finish (EOD if all are)
      if ((es[c] as number) < rollStart) {
        rollStart = es[c] as number;
        rollStartEod = eodStart[c] as number;
      } else if (es[c] === rollStart && eodStart[c] === 1) rollStartEod = 1;
      if ((ef[c] as number) > rollFinish) {
        rollFinish = ef[c] as number;
        rollFinishEod = eodFinish[c] as number;
      } else if (ef[c] === rollFinish && eodFinish[c] === 0) rollFinishEod = 0;
    }
    es[i] = rollStart;
    ef[i] = rollFinish;
    duration[i] = rollFinish - rollStart;
    eodStart[i] = rollStartEod;
    eodFinish[i] = rollFinishEod;
    shownStart[i] = firstDay;
    shownEnd[i] = lastDay;
    return;
  }
  // the binding bound on the start: the stored start, or the latest a link allows (EOD if every such is)
  let constraint = pass.startIndex[i] as number;
  let constraintEod = 0;
  const { inFrom, inType, inLag } = net;
  for (let k = net.inStart[i] as number; k < (net.inStart[i + 1] as number); k += 1) {
    const from = inFrom[k] as number;
    const lag = inLag[k] as number;
    let bound: number;
    let eod: number;
    switch (inType[k]) {
      case FS:
        bound = (ef[from] as number) + lag;
        eod = eodFinish[from] as number;
        break;
      case SS:
        bound = (es[from] as number) + lag;
        eod = eodStart[from] as number;
        break;
      case FF:
        bound = (ef[from] as number) + lag - (duration[i] as number);
        eod = eodFinish[from] as number;
        break;
      default:
        bound = (es[from] as number) + lag - (duration[i] as number);
        eod = eodStart[from] as number;
    }
    if (bound > constraint) {
      constraint = bound;
      constraintEod = eod;
    } else if (bound === constraint && eod === 0) constraintEod = 0;
  }
  const status = pass.status[i];
  if (status === 1) {
    // done: on its actual dates, whatever the links say; a milestone achieved at the end of its day
    const milestone = pass.milestone[i] === 1;
    ef[i] = pass.actualEnd[i] as number;
    es[i] = milestone ? (ef[i] as number) : (pass.actualFirst[i] as number);
    eodStart[i] = milestone ? 1 : 0;
    eodFinish[i] = 1;
    // shown on its actual dates; a milestone on its actual finish
    const finishDay = pass.actualFinishDay[i] as number;
    shownStart[i] = milestone ? finishDay : (pass.actualStartDay[i] as number);
    shownEnd[i] = Math.max(finishDay, shownStart[i] as number);
  } else if (status === 2) {
    // under way: the remaining work resumes at the cut-off at the earliest, after what drives it
    const resume = Math.max(constraint, cutoff, pass.actualFirst[i] as number);
    es[i] = pass.actualFirst[i] as number;
    ef[i] = resume + (duration[i] as number);
    eodStart[i] = 0;
    // nothing left: the work ended with the day before the cut-off
    eodFinish[i] = 1;
    // from its actual start, to the last working day of what is left (its start, when nothing is)
    shownStart[i] = pass.actualStartDay[i] as number;
    shownEnd[i] = Math.max(calendar.dayAt((ef[i] as number) - 1), shownStart[i] as number);
  } else {
    // not started: nothing of it before the cut-off
    es[i] = Math.max(constraint, cutoff);
    ef[i] = (es[i] as number) + (duration[i] as number);
    // work starts at the start of a day and ends at the end of one; a milestone is where its bound put it
    const milestoneEod = duration[i] === 0 && es[i] === constraint ? constraintEod : 0;
    eodStart[i] = milestoneEod;
    eodFinish[i] = duration[i] === 0 ? milestoneEod : 1;
    shownStart[i] = calendar.dayAt((es[i] as number) - milestoneEod);
    shownEnd[i] = calendar.dayAt((ef[i] as number) - (eodFinish[i] as number));
  }
}

/** The project's span: its latest finish as an index (the backward pass's start), and the days it shows. */
type ProjectSpan = { startIndex: number; finishIndex: number; startDay: number; finishDay: number };

/** The project's start and finish from its leaves: the earliest and latest of their indices and of their shown days. */
function projectSpan(net: Network, pass: Pass): ProjectSpan {
  const { es, ef, shownStart, shownEnd } = pass;
  let startIndex = Number.POSITIVE_INFINITY;
  let finishIndex = Number.NEGATIVE_INFINITY;
  let startDay = Number.POSITIVE_INFINITY;
  let finishDay = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < net.n; i += 1) {
    if (net.summary[i] === 1) continue;
    if ((es[i] as number) < startIndex) startIndex = es[i] as number;
    if ((ef[i] as number) > finishIndex) finishIndex = ef[i] as number;
    if ((shownStart[i] as number) < startDay) startDay = shownStart[i] as number;
    if ((shownEnd[i] as number) > finishDay) finishDay = shownEnd[i] as number;
  }
  return { startIndex, finishIndex, startDay, finishDay };
}

/** The backward pass and the float, in reverse topological order (a summary before its children). */
function backward(net: Network, pass: Pass, projectFinishIndex: number): void {
  const { order, parent, outStart, outTo, outType, outLag, summary } = net;
  const { es, ef, lf, lsBound, duration, float, status } = pass;
  const n = net.n;
  for (let h = n - 1; h >= 0; h -= 1) {
    const i = order[h] as number;
    let late = projectFinishIndex;
    let startBound = Number.POSITIVE_INFINITY;
    const p = parent[i] as number;
    if (p !== -1) {
      // a summary's finish is its latest child's, so a bound on it binds every child; its start is
      // its earliest child's, so a bound on it binds the children that start with it
      late = Math.min(late, lf[p] as number);
      if (es[i] === es[p]) startBound = Math.min(startBound, lsBound[p] as number);
    }
    for (let k = outStart[i] as number; k < (outStart[i + 1] as number); k += 1) {
      const to = outTo[k] as number;
      const lag = outLag[k] as number;
      const succLf = lf[to] as number;
      switch (outType[k]) {
        case FS:
          late = Math.min(late, succLf - (duration[to] as number) - lag);
          break;
        case SS:
          startBound = Math.min(startBound, succLf - (duration[to] as number) - lag);
          break;
        case FF:
          late = Math.min(late, succLf - lag);
          break;
        default:
          startBound = Math.min(startBound, succLf - lag);
      }
    }
    if (summary[i] === 0) late = Math.min(late, startBound + (duration[i] as number));
    lf[i] = late;
    lsBound[i] = startBound;
  }
  // float: leaves from their late dates; a summary takes its most critical child's
  for (let i = 0; i < n; i += 1)
    float[i] = summary[i] === 1 || status[i] === 1 ? Number.POSITIVE_INFINITY : (lf[i] as number) - (ef[i] as number);
  for (let h = 0; h < n; h += 1) {
    const i = order[h] as number;
    const p = parent[i] as number;
    if (p !== -1 && (float[i] as number) < (float[p] as number)) float[p] = float[i] as number;
  }
}

/** Texts of day numbers, each made once (a run uses a few hundred distinct ones). */
class DateText {
  private readonly byDay = new Map<number, string>();

  day(day: number): string {
    let date = this.byDay.get(day);
    if (date === undefined) {
      date = isoDay(day);
      this.byDay.set(day, date);
    }
    return date;
  }
}

/**
 * The same number, as a small integer when it is one: stored in a result object, a value read from a
 * Float64Array would otherwise be boxed in a heap number of its own (several per task, most of the
 * cost of making the results). −0 stays −0.
 */
function small(value: number): number {
  const integer = value | 0;
  return integer === value && (integer !== 0 || 1 / value > 0) ? integer : value;
}

function scheduledTask(net: Network, pass: Pass, i: number, task: ScheduleTask, text: DateText): ScheduledTask {
  const start = pass.es[i] as number;
  const finish = pass.ef[i] as number;
  const hasDates = Number.isFinite(start) && Number.isFinite(finish);
  // the days forwardTask chose to show (an EOD index on the working day before it; actual dates as recorded)
  const startDate = hasDates ? text.day(pass.shownStart[i] as number) : task.start;
  const endDate = hasDates ? text.day(pass.shownEnd[i] as number) : startDate;
  // work done has no float and is off the critical path, which runs through the remaining work
  // (a summary whose every leaf is done keeps an infinite float: done too)
  const status = pass.status[i];
  const float = pass.float[i] as number;
  const done = status === 1 || !Number.isFinite(float);
  const taskFloat = done ? 0 : float;
  const result: ScheduledTask = {
    id: task.id,
    start: startDate,
    end: endDate,
    duration: hasDates ? small(finish - start) : 0,
    totalFloat: small(taskFloat),
    critical: !done && taskFloat <= 0,
    isSummary: net.summary[i] === 1,
    startIndex: small(start),
    finishIndex: small(finish),
  };
  if (status === 1) result.status = 'done';
  else if (status === 2) result.status = 'started';
  return result;
}

function okResult(tasks: ScheduledTask[], span: ProjectSpan, text: DateText): ScheduleResult {
  const hasLeaves = Number.isFinite(span.startIndex);
  return {
    ok: true,
    tasks,
    projectStart: hasLeaves ? text.day(span.startDay) : '',
    projectFinish: hasLeaves ? text.day(span.finishDay) : '',
  };
}

type FullRun = {
  net: Network;
  pass: Pass;
  cutoff: number;
  dates: DateIndex;
  text: DateText;
  results: ScheduledTask[];
  result: ScheduleResult;
};

function runFull(
  tasks: readonly ScheduleTask[],
  links: readonly ScheduleLink[],
  calendar: WorkingCalendar,
  options: ScheduleOptions,
): FullRun | ScheduleResult {
  const net = compile(tasks, links);
  if (Array.isArray(net)) return cycleResult(tasks, net);
  const n = net.n;
  const pass = newPass(n);
  const dates = new DateIndex(calendar);
  // issue 15: progress at the cut-off (the first day of remaining work)
  const cutoff = options.cutoff === undefined ? Number.NEGATIVE_INFINITY : dates.of(options.cutoff);
  for (let i = 0; i < n; i += 1) readTask(pass, i, tasks[i] as ScheduleTask, net.summary[i] === 1, dates);
  for (let h = 0; h < n; h += 1) forwardTask(net, pass, net.order[h] as number, cutoff, calendar);
  const span = projectSpan(net, pass);
  backward(net, pass, span.finishIndex);
  const text = new DateText();
  const results = new Array<ScheduledTask>(n);
  for (let i = 0; i < n; i += 1) results[i] = scheduledTask(net, pass, i, tasks[i] as ScheduleTask, text);
  return { net, pass, cutoff, dates, text, results, result: okResult(results, span, text) };
}

/**
 * Schedules `tasks` and `links` on `calendar`. A link into a summary applies to each of its leaf
 * tasks; a link out of a summary uses the summary's rolled-up dates. Links whose ends are not
 * tasks of the list are ignored (the caller validates them). A cycle (including one through a
 * summary and its own children) is refused with the tasks involved.
 */
export function schedule(
  tasks: readonly ScheduleTask[],
  links: readonly ScheduleLink[],
  calendar: WorkingCalendar,
  options: ScheduleOptions = {},
): ScheduleResult {
  const run = runFull(tasks, links, calendar, options);
  return 'net' in run ? run.result : run;
}

/** What an IncrementalScheduler keeps of its last run: the compiled network, the passes, the inputs as read. */
type State = {
  calendar: WorkingCalendar;
  cutoffDate: string | undefined;
  net: Network;
  pass: Pass;
  cutoff: number;
  dates: DateIndex;
  text: DateText;
  /** each task's place in the topological order */
  rank: Int32Array;
  dirty: Uint8Array;
  ids: number[];
  parentIds: (number | undefined)[];
  starts: string[];
  durations: number[];
  actualStarts: (string | undefined)[];
  actualFinishes: (string | undefined)[];
  progress: (number | undefined)[];
  links: ScheduleLink[];
  /** the results of the last run and what they were made from */
  results: ScheduledTask[];
  es: Float64Array;
  ef: Float64Array;
  eodStart: Uint8Array;
  eodFinish: Uint8Array;
  shownStart: Float64Array;
  shownEnd: Float64Array;
  float: Float64Array;
  status: Uint8Array;
};

function sameStructure(state: State, tasks: readonly ScheduleTask[], links: readonly ScheduleLink[]): boolean {
  const n = state.net.n;
  if (tasks.length !== n || links.length !== state.links.length) return false;
  for (let i = 0; i < n; i += 1) {
    const task = tasks[i] as ScheduleTask;
    if (task.id !== state.ids[i] || task.parentId !== state.parentIds[i]) return false;
  }
  for (let e = 0; e < links.length; e += 1) {
    const link = links[e] as ScheduleLink;
    const before = state.links[e] as ScheduleLink;
    if (link.from !== before.from || link.to !== before.to || link.type !== before.type || link.lag !== before.lag)
      return false;
  }
  return true;
}

/**
 * issue 18: the engine for a screen that schedules the same project again and again. `schedule()`
 * gives exactly what the function `schedule()` gives for the same arguments (a differential test holds
 * it to that after random edits), but when only tasks' dates, durations or progress changed since its
 * last call (same tasks, tree, links, calendar object and cut-off) it recomputes the forward pass only
 * for the edited tasks and what is downstream of them, and makes new result objects only for tasks
 * whose results changed: the others are the previous call's objects, so results must be treated as
 * read-only. The backward pass (float) is a typed-array loop over every task, since a change of the
 * project's finish moves every late date. Anything else (a link, a task added, moved or removed) is a
 * full pass, as is the first call and the call after an error.
 */
export class IncrementalScheduler {
  private state: State | undefined;

  schedule(
    tasks: readonly ScheduleTask[],
    links: readonly ScheduleLink[],
    calendar: WorkingCalendar,
    options: ScheduleOptions = {},
  ): ScheduleResult {
    try {
      const state = this.state;
      if (
        state === undefined ||
        state.calendar !== calendar ||
        state.cutoffDate !== options.cutoff ||
        !sameStructure(state, tasks, links)
      )
        return this.full(tasks, links, calendar, options);
      return this.update(state, tasks);
    } catch (error) {
      // a refused date leaves the state half-read: the next call starts afresh
      this.state = undefined;
      throw error;
    }
  }

  private full(
    tasks: readonly ScheduleTask[],
    links: readonly ScheduleLink[],
    calendar: WorkingCalendar,
    options: ScheduleOptions,
  ): ScheduleResult {
    this.state = undefined;
    const run = runFull(tasks, links, calendar, options);
    if (!('net' in run)) return run;
    const { net, pass } = run;
    const n = net.n;
    const rank = new Int32Array(n);
    for (let h = 0; h < n; h += 1) rank[net.order[h] as number] = h;
    this.state = {
      calendar,
      cutoffDate: options.cutoff,
      net,
      pass,
      cutoff: run.cutoff,
      dates: run.dates,
      text: run.text,
      rank,
      dirty: new Uint8Array(n),
      ids: tasks.map((task) => task.id),
      parentIds: tasks.map((task) => task.parentId),
      starts: tasks.map((task) => task.start),
      durations: tasks.map((task) => task.duration),
      actualStarts: tasks.map((task) => task.actualStart),
      actualFinishes: tasks.map((task) => task.actualFinish),
      progress: tasks.map((task) => task.progress),
      links: links.map((link) => ({ from: link.from, to: link.to, type: link.type, lag: link.lag })),
      results: run.results,
      es: pass.es.slice(),
      ef: pass.ef.slice(),
      eodStart: pass.eodStart.slice(),
      eodFinish: pass.eodFinish.slice(),
      shownStart: pass.shownStart.slice(),
      shownEnd: pass.shownEnd.slice(),
      float: pass.float.slice(),
      status: pass.status.slice(),
    };
    return run.result;
  }

  private update(state: State, tasks: readonly ScheduleTask[]): ScheduleResult {
    const { net, pass, dirty, rank } = state;
    const n = net.n;
    // the edited tasks, read again in list order (so a refused date is the one a full pass refuses first)
    let first = n;
    for (let i = 0; i < n; i += 1) {
      const task = tasks[i] as ScheduleTask;
      if (
        task.start === state.starts[i] &&
        task.duration === state.durations[i] &&
        task.actualStart === state.actualStarts[i] &&
        task.actualFinish === state.actualFinishes[i] &&
        task.progress === state.progress[i]
      )
        continue;
      readTask(pass, i, task, net.summary[i] === 1, state.dates);
      state.starts[i] = task.start;
      state.durations[i] = task.duration;
      state.actualStarts[i] = task.actualStart;
      state.actualFinishes[i] = task.actualFinish;
      state.progress[i] = task.progress;
      dirty[i] = 1;
      if ((rank[i] as number) < first) first = rank[i] as number;
    }
    // forward: only the edited tasks and, while their dates move, their successors and summaries
    const { es, ef, eodStart, eodFinish, shownStart, shownEnd } = pass;
    const { order, outStart, outTo, parent } = net;
    for (let h = first; h < n; h += 1) {
      const i = order[h] as number;
      if (dirty[i] === 0) continue;
      dirty[i] = 0;
      const start = es[i];
      const finish = ef[i];
      const startEod = eodStart[i];
      const finishEod = eodFinish[i];
      const startDay = shownStart[i];
      const endDay = shownEnd[i];
      forwardTask(net, pass, i, state.cutoff, state.calendar);
      const p = parent[i] as number;
      if (es[i] === start && ef[i] === finish && eodStart[i] === startEod && eodFinish[i] === finishEod) {
        // only the days shown changed (an actual date moved within days off): the summary above shows them
        if (p !== -1 && (shownStart[i] !== startDay || shownEnd[i] !== endDay)) dirty[p] = 1;
        continue;
      }
      for (let k = outStart[i] as number; k < (outStart[i + 1] as number); k += 1) dirty[outTo[k] as number] = 1;
      if (p !== -1) dirty[p] = 1;
    }
    const span = projectSpan(net, pass);
    backward(net, pass, span.finishIndex);
    // new result objects only where a result changed
    const results = new Array<ScheduledTask>(n);
    const { float, status } = pass;
    for (let i = 0; i < n; i += 1) {
      const previous = state.results[i] as ScheduledTask;
      if (
        es[i] === state.es[i] &&
        ef[i] === state.ef[i] &&
        eodStart[i] === state.eodStart[i] &&
        eodFinish[i] === state.eodFinish[i] &&
        shownStart[i] === state.shownStart[i] &&
        shownEnd[i] === state.shownEnd[i] &&
        float[i] === state.float[i] &&
        status[i] === state.status[i] &&
        Number.isFinite(es[i]) &&
        Number.isFinite(ef[i])
      ) {
        results[i] = previous;
        continue;
      }
      results[i] = scheduledTask(net, pass, i, tasks[i] as ScheduleTask, state.text);
    }
    state.results = results;
    state.es.set(es);
    state.ef.set(ef);
    state.eodStart.set(eodStart);
    state.eodFinish.set(eodFinish);
    state.shownStart.set(shownStart);
    state.shownEnd.set(shownEnd);
    state.float.set(float);
    state.status.set(status);
    return okResult(results, span, state.text);
  }
}
