import type { WorkingCalendar } from './calendar';
import { dayNumber, isoDay } from './calendar';
import type {
  LinkType,
  ScheduleLink,
  ScheduleOptions,
  ScheduleResult,
  ScheduleTask,
  ScheduledTask,
} from './schedule-types';

/**
 * The reference scheduling engine (issue 7; kept by issue 18): the engine as it was before the fast
 * one in ./schedule, so the differential test and the bench can hold the fast engine to exactly its
 * results. Used only by tests and the bench; the app calls `schedule()`. The rules (working indices,
 * summaries, MS Project's milestone rule, progress at a cut-off) are documented in ./schedule. One
 * rule changed in both engines since (issue 30): actual dates on days off are shown as recorded and a
 * task done or under way never shows a finish before its start (the `shown…` days below); a done
 * task's finish index is never before its start index.
 */

function label(task: ScheduleTask | undefined, id: number): string {
  if (!task) return String(id);
  const text = [task.code, task.name].filter((part) => part !== undefined && part !== '').join(' ');
  return text === '' ? String(id) : `${text} (${id})`;
}

/**
 * Schedules `tasks` and `links` on `calendar`. A link into a summary applies to each of its leaf
 * tasks; a link out of a summary uses the summary's rolled-up dates. Links whose ends are not
 * tasks of the list are ignored (the caller validates them). A cycle (including one through a
 * summary and its own children) is refused with the tasks involved.
 */
export function scheduleReference(
  tasks: readonly ScheduleTask[],
  links: readonly ScheduleLink[],
  calendar: WorkingCalendar,
  options: ScheduleOptions = {},
): ScheduleResult {
  const n = tasks.length;
  const position = new Map<number, number>();
  tasks.forEach((task, index) => position.set(task.id, index));

  // tree: parent position per task, children lists
  const parent = new Int32Array(n).fill(-1);
  const childCount = new Int32Array(n);
  for (let i = 0; i < n; i += 1) {
    const parentId = tasks[i]?.parentId;
    const p = parentId === undefined ? undefined : position.get(parentId);
    if (p !== undefined && p !== i) {
      parent[i] = p;
      childCount[p] = (childCount[p] as number) + 1;
    }
  }
  const isSummary = (i: number) => (childCount[i] as number) > 0;

  // leaves under each summary, for links into a summary (computed only when such links exist)
  let leavesOf: Map<number, number[]> | undefined;
  const leavesUnder = (i: number): number[] => {
    if (!leavesOf) {
      leavesOf = new Map();
      for (let leaf = 0; leaf < n; leaf += 1) {
        if (isSummary(leaf)) continue;
        for (let a = parent[leaf] as number; a !== -1; a = parent[a] as number) {
          const list = leavesOf.get(a);
          if (list) list.push(leaf);
          else leavesOf.set(a, [leaf]);
        }
      }
    }
    return leavesOf.get(i) ?? [];
  };

  // effective links between positions: into summaries expanded to their leaves
  const linkFrom: number[] = [];
  const linkTo: number[] = [];
  const linkType: LinkType[] = [];
  const linkLag: number[] = [];
  for (const link of links) {
    const from = position.get(link.from);
    const to = position.get(link.to);
    if (from === undefined || to === undefined) continue;
    const targets = isSummary(to) ? leavesUnder(to) : [to];
    for (const target of targets) {
      linkFrom.push(from);
      linkTo.push(target);
      linkType.push(link.type);
      linkLag.push(link.lag);
    }
  }
  const m = linkFrom.length;

  // graph for the topological order: links, and child → parent (a summary after its children)
  const outStart = new Int32Array(n + 1);
  for (let e = 0; e < m; e += 1)
    outStart[(linkFrom[e] as number) + 1] = (outStart[(linkFrom[e] as number) + 1] as number) + 1;
  for (let i = 0; i < n; i += 1) outStart[i + 1] = (outStart[i + 1] as number) + (outStart[i] as number);
  const outLinks = new Int32Array(m);
  const fill = outStart.slice(0, n);
  for (let e = 0; e < m; e += 1) {
    const from = linkFrom[e] as number;
    outLinks[fill[from] as number] = e;
    fill[from] = (fill[from] as number) + 1;
  }
  const inDegree = new Int32Array(n);
  for (let e = 0; e < m; e += 1) inDegree[linkTo[e] as number] = (inDegree[linkTo[e] as number] as number) + 1;
  for (let i = 0; i < n; i += 1)
    if (parent[i] !== -1) inDegree[parent[i] as number] = (inDegree[parent[i] as number] as number) + 1;

  const order = new Int32Array(n);
  let head = 0;
  let tail = 0;
  for (let i = 0; i < n; i += 1) if (inDegree[i] === 0) order[tail++] = i;
  while (head < tail) {
    const i = order[head++] as number;
    for (let k = outStart[i] as number; k < (outStart[i + 1] as number); k += 1) {
      const to = linkTo[outLinks[k] as number] as number;
      inDegree[to] = (inDegree[to] as number) - 1;
      if (inDegree[to] === 0) order[tail++] = to;
    }
    const p = parent[i] as number;
    if (p !== -1) {
      inDegree[p] = (inDegree[p] as number) - 1;
      if (inDegree[p] === 0) order[tail++] = p;
    }
  }
  if (tail < n) {
    const cycle = findCycle(n, inDegree, outStart, outLinks, linkTo, parent);
    const names = cycle.map((i) => label(tasks[i], tasks[i]?.id ?? i));
    return {
      ok: false,
      error: `Los vínculos forman un ciclo entre las tareas: ${names.join(' → ')}`,
      cycle: cycle.map((i) => tasks[i]?.id as number),
    };
  }

  // forward pass
  const es = new Float64Array(n);
  const ef = new Float64Array(n);
  const duration = new Float64Array(n);
  const constraint = new Float64Array(n).fill(Number.NEGATIVE_INFINITY);
  const rollStart = new Float64Array(n).fill(Number.POSITIVE_INFINITY);
  const rollFinish = new Float64Array(n).fill(Number.NEGATIVE_INFINITY);
  // the EOD flags (see above): of the binding bound of a leaf's start, of each task's start and finish,
  // and of a summary's rolled-up start (any earliest child at EOD) and finish (every latest child at EOD)
  const constraintEod = new Uint8Array(n);
  // issue 33: the latest a link alone allows (a task under way is held by its links, not its start)
  const linkBound = new Float64Array(n).fill(Number.NEGATIVE_INFINITY);
  const eodStart = new Uint8Array(n);
  const eodFinish = new Uint8Array(n);
  const rollStartEod = new Uint8Array(n);
  const rollFinishEod = new Uint8Array(n);
  // many tasks share dates: convert each distinct one once
  const indexByDate = new Map<string, number>();
  const indexOfDate = (date: string): number => {
    let index = indexByDate.get(date);
    if (index === undefined) {
      index = calendar.indexOf(dayNumber(date));
      indexByDate.set(date, index);
    }
    return index;
  };
  // issue 15: progress at the cut-off. 1 = done (on its actual dates), 2 = under way (actual start kept,
  // the remaining duration from the cut-off); actualFirst / actualEnd are working indices (actualEnd:
  // the index after the actual finish day)
  const cutoff = options.cutoff === undefined ? Number.NEGATIVE_INFINITY : indexOfDate(options.cutoff);
  const status = new Uint8Array(n);
  // issue 34: a leaf's own start (a must-start-on starts there) and its Resume (NaN: the cut-off)
  const ownStart = new Float64Array(n);
  const resumeFrom = new Float64Array(n).fill(Number.NaN);
  const actualFirst = new Float64Array(n);
  const actualEnd = new Float64Array(n);
  // issue 30: the days each task shows (day numbers), an actual date as recorded
  const shownStart = new Float64Array(n);
  const shownEnd = new Float64Array(n);
  for (let i = 0; i < n; i += 1) {
    const task = tasks[i] as ScheduleTask;
    duration[i] = Math.max(0, Math.floor(task.duration));
    if (isSummary(i)) continue;
    constraint[i] = indexOfDate(task.start);
    ownStart[i] = constraint[i] as number;
    const startedOn = task.actualStart ?? task.actualFinish;
    if (startedOn === undefined) continue;
    actualFirst[i] = indexOfDate(startedOn);
    shownStart[i] = dayNumber(startedOn);
    if (task.actualFinish !== undefined) {
      status[i] = 1;
      // a day off as the actual finish counts as the working day before it, never before the start
      const finishDay = dayNumber(task.actualFinish);
      const onOrAfter = calendar.indexOf(finishDay);
      const last = isoDay(calendar.dayAt(onOrAfter)) === task.actualFinish ? onOrAfter : onOrAfter - 1;
      actualEnd[i] = Math.max(last + 1, actualFirst[i] as number);
      // a milestone shows on its actual finish; a task from its actual start to its actual finish
      if (task.duration <= 0) shownStart[i] = finishDay;
      shownEnd[i] = Math.max(finishDay, shownStart[i] as number);
    } else {
      status[i] = 2;
      // what is left of the work: as recorded (issue 34), else what the progress leaves
      duration[i] =
        task.remaining === undefined
          ? Math.ceil((duration[i] as number) * (1 - Math.min(100, Math.max(0, task.progress ?? 0)) / 100))
          : Math.max(0, Math.floor(task.remaining));
      if (task.resume !== undefined) resumeFrom[i] = indexOfDate(task.resume);
    }
  }
  const rollStartDay = new Float64Array(n).fill(Number.POSITIVE_INFINITY);
  const rollEndDay = new Float64Array(n).fill(Number.NEGATIVE_INFINITY);
  for (let h = 0; h < n; h += 1) {
    const i = order[h] as number;
    if (isSummary(i)) {
      es[i] = rollStart[i] as number;
      ef[i] = rollFinish[i] as number;
      duration[i] = (ef[i] as number) - (es[i] as number);
      eodStart[i] = rollStartEod[i] as number;
      eodFinish[i] = rollFinishEod[i] as number;
      shownStart[i] = rollStartDay[i] as number;
      shownEnd[i] = rollEndDay[i] as number;
    } else if (status[i] === 1) {
      // done: on its actual dates, whatever the links say; a milestone achieved at the end of its day
      es[i] = actualFirst[i] as number;
      ef[i] = actualEnd[i] as number;
      const milestone = (tasks[i] as ScheduleTask).duration <= 0;
      if (milestone) es[i] = ef[i] as number;
      eodStart[i] = milestone ? 1 : 0;
      eodFinish[i] = 1;
    } else if (status[i] === 2) {
      // under way: the remaining work resumes at the cut-off at the earliest, after the links that
      // drive it; its start constraint held its start, which has happened (issue 33)
      // (issue 34: its own Resume, when it has one, in place of the cut-off)
      const from = Number.isNaN(resumeFrom[i] as number) ? cutoff : (resumeFrom[i] as number);
      const resume = Math.max(linkBound[i] as number, from, actualFirst[i] as number);
      es[i] = actualFirst[i] as number;
      ef[i] = resume + (duration[i] as number);
      eodStart[i] = 0;
      // nothing left: the work ended with the day before the cut-off
      eodFinish[i] = 1;
      // shown from its actual start (set above) to its last working day, never before the start
      shownEnd[i] = Math.max(calendar.dayAt((ef[i] as number) - 1), shownStart[i] as number);
    } else {
      // not started: nothing of it before the cut-off; a must-start-on on its own day (issue 34)
      const fixed = (tasks[i] as ScheduleTask).mustStartOn === true;
      es[i] = fixed ? (ownStart[i] as number) : Math.max(constraint[i] as number, cutoff);
      ef[i] = (es[i] as number) + (duration[i] as number);
      // work starts at the start of a day and ends at the end of one; a milestone is where its bound put it
      const milestoneEod = duration[i] === 0 && !fixed && es[i] === constraint[i] ? (constraintEod[i] as number) : 0;
      eodStart[i] = milestoneEod;
      eodFinish[i] = duration[i] === 0 ? milestoneEod : 1;
      // an EOD start or finish shows on the working day before its index
      shownStart[i] = calendar.dayAt((es[i] as number) - (eodStart[i] as number));
      shownEnd[i] = calendar.dayAt((ef[i] as number) - (eodFinish[i] as number));
    }
    for (let k = outStart[i] as number; k < (outStart[i + 1] as number); k += 1) {
      const e = outLinks[k] as number;
      const to = linkTo[e] as number;
      const lag = linkLag[e] as number;
      let bound: number;
      let eod: number;
      switch (linkType[e]) {
        case 'FS':
          bound = (ef[i] as number) + lag;
          eod = eodFinish[i] as number;
          break;
        case 'SS':
          bound = (es[i] as number) + lag;
          eod = eodStart[i] as number;
          break;
        case 'FF':
          bound = (ef[i] as number) + lag - (duration[to] as number);
          eod = eodFinish[i] as number;
          break;
        default:
          bound = (es[i] as number) + lag - (duration[to] as number);
          eod = eodStart[i] as number;
      }
      if (bound > (linkBound[to] as number)) linkBound[to] = bound;
      if (bound > (constraint[to] as number)) {
        constraint[to] = bound;
        constraintEod[to] = eod;
      } else if (bound === constraint[to] && eod === 0) constraintEod[to] = 0;
    }
    const p = parent[i] as number;
    if (p !== -1) {
      rollStartDay[p] = Math.min(rollStartDay[p] as number, shownStart[i] as number);
      rollEndDay[p] = Math.max(rollEndDay[p] as number, shownEnd[i] as number);
      if ((es[i] as number) < (rollStart[p] as number)) {
        rollStart[p] = es[i] as number;
        rollStartEod[p] = eodStart[i] as number;
      } else if (es[i] === rollStart[p] && eodStart[i] === 1) rollStartEod[p] = 1;
      if ((ef[i] as number) > (rollFinish[p] as number)) {
        rollFinish[p] = ef[i] as number;
        rollFinishEod[p] = eodFinish[i] as number;
      } else if (ef[i] === rollFinish[p] && eodFinish[i] === 0) rollFinishEod[p] = 0;
    }
  }

  let projectStartIndex = Number.POSITIVE_INFINITY;
  let projectFinishIndex = Number.NEGATIVE_INFINITY;
  let projectStartDay = Number.POSITIVE_INFINITY;
  let projectFinishDay = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i += 1) {
    if (isSummary(i)) continue;
    projectStartIndex = Math.min(projectStartIndex, es[i] as number);
    projectFinishIndex = Math.max(projectFinishIndex, ef[i] as number);
    projectStartDay = Math.min(projectStartDay, shownStart[i] as number);
    projectFinishDay = Math.max(projectFinishDay, shownEnd[i] as number);
  }

  // backward pass, in reverse order: a summary before its children, a successor before its predecessors
  const lf = new Float64Array(n).fill(projectFinishIndex);
  const lsBound = new Float64Array(n).fill(Number.POSITIVE_INFINITY);
  for (let h = n - 1; h >= 0; h -= 1) {
    const i = order[h] as number;
    const p = parent[i] as number;
    if (p !== -1) {
      // a summary's finish is its latest child's, so a bound on it binds every child; its start is
      // its earliest child's, so a bound on it binds the children that start with it
      lf[i] = Math.min(lf[i] as number, lf[p] as number);
      if (es[i] === es[p]) lsBound[i] = Math.min(lsBound[i] as number, lsBound[p] as number);
    }
    for (let k = outStart[i] as number; k < (outStart[i + 1] as number); k += 1) {
      const e = outLinks[k] as number;
      const to = linkTo[e] as number;
      const lag = linkLag[e] as number;
      const succLs = (lf[to] as number) - (duration[to] as number);
      const succLf = lf[to] as number;
      switch (linkType[e]) {
        case 'FS':
          lf[i] = Math.min(lf[i] as number, succLs - lag);
          break;
        case 'SS':
          lsBound[i] = Math.min(lsBound[i] as number, succLs - lag);
          break;
        case 'FF':
          lf[i] = Math.min(lf[i] as number, succLf - lag);
          break;
        default:
          lsBound[i] = Math.min(lsBound[i] as number, succLf - lag);
      }
    }
    // issue 34: a must-start-on not started starts no later than its day
    if (!isSummary(i) && status[i] === 0 && (tasks[i] as ScheduleTask).mustStartOn === true)
      lsBound[i] = Math.min(lsBound[i] as number, ownStart[i] as number);
    if (!isSummary(i)) lf[i] = Math.min(lf[i] as number, (lsBound[i] as number) + (duration[i] as number));
  }

  // float: leaves from their late dates; a summary takes its most critical child's
  const float = new Float64Array(n);
  for (let i = 0; i < n; i += 1)
    float[i] = isSummary(i) || status[i] === 1 ? Number.POSITIVE_INFINITY : (lf[i] as number) - (ef[i] as number);
  for (let h = 0; h < n; h += 1) {
    const i = order[h] as number;
    const p = parent[i] as number;
    if (p !== -1 && (float[i] as number) < (float[p] as number)) float[p] = float[i] as number;
  }

  const dateByDay = new Map<number, string>();
  const dateOf = (day: number): string => {
    let date = dateByDay.get(day);
    if (date === undefined) {
      date = isoDay(day);
      dateByDay.set(day, date);
    }
    return date;
  };
  const result: ScheduledTask[] = tasks.map((task, i) => {
    const start = es[i] as number;
    const finish = ef[i] as number;
    const hasDates = Number.isFinite(start) && Number.isFinite(finish);
    const startDate = hasDates ? dateOf(shownStart[i] as number) : task.start;
    const endDate = hasDates ? dateOf(shownEnd[i] as number) : startDate;
    // work done has no float and is off the critical path, which runs through the remaining work
    // (a summary whose every leaf is done keeps an infinite float: done too)
    const done = status[i] === 1 || !Number.isFinite(float[i] as number);
    const taskFloat = done ? 0 : (float[i] as number);
    return {
      id: task.id,
      start: startDate,
      end: endDate,
      duration: hasDates ? finish - start : 0,
      totalFloat: taskFloat,
      critical: !done && taskFloat <= 0,
      isSummary: isSummary(i),
      startIndex: start,
      finishIndex: finish,
      ...(status[i] === 1 ? { status: 'done' as const } : status[i] === 2 ? { status: 'started' as const } : {}),
    };
  });
  const hasLeaves = Number.isFinite(projectStartIndex);
  return {
    ok: true,
    tasks: result,
    projectStart: hasLeaves ? dateOf(projectStartDay) : '',
    projectFinish: hasLeaves ? dateOf(projectFinishDay) : '',
  };
}

/** One cycle among the nodes the topological sort could not place (in-degree still > 0), in order. */
function findCycle(
  n: number,
  inDegree: Int32Array,
  outStart: Int32Array,
  outLinks: Int32Array,
  linkTo: readonly number[],
  parent: Int32Array,
): number[] {
  const stuck = (i: number) => (inDegree[i] as number) > 0;
  // every stuck node has a stuck predecessor, so walking predecessors from one must meet a node twice
  const predecessor = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i += 1) {
    if (!stuck(i)) continue;
    for (let k = outStart[i] as number; k < (outStart[i + 1] as number); k += 1) {
      const to = linkTo[outLinks[k] as number] as number;
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
