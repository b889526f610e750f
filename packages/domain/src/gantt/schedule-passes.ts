import type { WorkingCalendar } from './calendar';
import { dayNumber, isoDay } from './calendar';
import type { Network } from './schedule-network';
import { FF, FS, SS, compile, cycleResult } from './schedule-network';
import type { ScheduleLink, ScheduleOptions, ScheduleResult, ScheduleTask, ScheduledTask } from './schedule-types';
import { remainingWorkDays } from './tracking';

/*
 * The passes of schedule.ts's engine over a compiled network (schedule-network.ts): each task's
 * inputs read into typed arrays, the forward pass (dates, progress at the cut-off, the days shown),
 * the backward pass and the float, then the results with the critical path (no float left).
 * runFull is one whole run; IncrementalScheduler (incremental-scheduler.ts) reruns parts of it.
 */

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
export type Pass = {
  /** a leaf's stored start as a working index (its own bound) */
  startIndex: Float64Array;
  duration: Float64Array;
  /** 1 when the task's own duration is ≤ 0 (a milestone achieved at the end of its day when done) */
  milestone: Uint8Array;
  /** issue 15: 1 = done, 2 = under way */
  status: Uint8Array;
  /** issue 34: 1 = a leaf whose start is a must-start-on */
  mustStart: Uint8Array;
  /** issue 34: the working index a task under way resumes on at the earliest (its Resume), NaN: the cut-off */
  resumeFrom: Float64Array;
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

export function newPass(n: number): Pass {
  return {
    startIndex: new Float64Array(n),
    duration: new Float64Array(n),
    milestone: new Uint8Array(n),
    status: new Uint8Array(n),
    mustStart: new Uint8Array(n),
    resumeFrom: new Float64Array(n),
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
export class DateIndex {
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
export function readTask(pass: Pass, i: number, task: ScheduleTask, isSummary: boolean, dates: DateIndex): void {
  pass.duration[i] = Math.max(0, Math.floor(task.duration));
  pass.milestone[i] = task.duration <= 0 ? 1 : 0;
  pass.status[i] = 0;
  pass.mustStart[i] = 0;
  pass.resumeFrom[i] = Number.NaN;
  if (isSummary) return;
  pass.startIndex[i] = dates.of(task.start);
  if (task.mustStartOn === true) pass.mustStart[i] = 1;
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
    pass.duration[i] = remainingWorkDays(pass.duration[i] as number, task.progress ?? 0, task.remaining);
    // issue 34: where the remaining work resumes, when the task says (MS Project's Resume)
    if (task.resume !== undefined) pass.resumeFrom[i] = dates.of(task.resume);
  }
}

/**
 * The forward pass of task i, pulled from its predecessors (a leaf) or its children (a summary), and
 * the days it shows (issue 30): a start or finish at EOD shows on the working day before its index;
 * an actual start or finish shows as recorded, a day off included (MS Project keeps actual dates as
 * they are), and a task done or under way never shows a finish before its start; a summary shows
 * its children's earliest and latest days.
 */
export function forwardTask(net: Network, pass: Pass, i: number, cutoff: number, calendar: WorkingCalendar): void {
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
  // the latest a link allows alone: a task under way is held by its links, no longer by its start
  // constraint (issue 33, as MS Project and P6)
  let linkBound = Number.NEGATIVE_INFINITY;
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
    if (bound > linkBound) linkBound = bound;
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
    // under way: the remaining work resumes at the cut-off (or its own Resume, issue 34) at the
    // earliest, after the links that drive it; its start constraint held its start, which has
    // happened (issue 33)
    const from = pass.resumeFrom[i] as number;
    const resume = Math.max(linkBound, Number.isNaN(from) ? cutoff : from, pass.actualFirst[i] as number);
    es[i] = pass.actualFirst[i] as number;
    ef[i] = resume + (duration[i] as number);
    eodStart[i] = 0;
    // nothing left: the work ended with the day before the cut-off
    eodFinish[i] = 1;
    // from its actual start, to the last working day of what is left (its start, when nothing is)
    shownStart[i] = pass.actualStartDay[i] as number;
    shownEnd[i] = Math.max(calendar.dayAt((ef[i] as number) - 1), shownStart[i] as number);
  } else {
    // not started: nothing of it before the cut-off; a must-start-on on its day, whatever the links
    // and the cut-off say (issue 34)
    const fixed = pass.mustStart[i] === 1;
    es[i] = fixed ? (pass.startIndex[i] as number) : Math.max(constraint, cutoff);
    ef[i] = (es[i] as number) + (duration[i] as number);
    // work starts at the start of a day and ends at the end of one; a milestone is where its bound put it
    const milestoneEod = duration[i] === 0 && !fixed && es[i] === constraint ? constraintEod : 0;
    eodStart[i] = milestoneEod;
    eodFinish[i] = duration[i] === 0 ? milestoneEod : 1;
    shownStart[i] = calendar.dayAt((es[i] as number) - milestoneEod);
    shownEnd[i] = calendar.dayAt((ef[i] as number) - (eodFinish[i] as number));
  }
}

/** The project's span: its latest finish as an index (the backward pass's start), and the days it shows. */
type ProjectSpan = { startIndex: number; finishIndex: number; startDay: number; finishDay: number };

/** The project's start and finish from its leaves: the earliest and latest of their indices and of their shown days. */
export function projectSpan(net: Network, pass: Pass): ProjectSpan {
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
export function backward(net: Network, pass: Pass, projectFinishIndex: number): void {
  const { order, parent, outStart, outTo, outType, outLag, summary } = net;
  const { es, ef, lf, lsBound, duration, float, status, mustStart, startIndex } = pass;
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
    // issue 34: a must-start-on not started starts no later than its day
    if (mustStart[i] === 1 && status[i] === 0) startBound = Math.min(startBound, startIndex[i] as number);
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
export class DateText {
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

export function scheduledTask(net: Network, pass: Pass, i: number, task: ScheduleTask, text: DateText): ScheduledTask {
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

export function okResult(tasks: ScheduledTask[], span: ProjectSpan, text: DateText): ScheduleResult {
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

export function runFull(
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
