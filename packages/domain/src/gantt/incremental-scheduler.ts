import type { WorkingCalendar } from './calendar';
import type { Network } from './schedule-network';
import type { DateIndex, DateText, Pass } from './schedule-passes';
import { backward, forwardTask, okResult, projectSpan, readTask, runFull, scheduledTask } from './schedule-passes';
import type { ScheduleLink, ScheduleOptions, ScheduleResult, ScheduleTask, ScheduledTask } from './schedule-types';

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
  remaining: (number | undefined)[];
  mustStartOn: (boolean | undefined)[];
  resume: (string | undefined)[];
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
      remaining: tasks.map((task) => task.remaining),
      mustStartOn: tasks.map((task) => task.mustStartOn),
      resume: tasks.map((task) => task.resume),
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
        task.progress === state.progress[i] &&
        task.remaining === state.remaining[i] &&
        task.mustStartOn === state.mustStartOn[i] &&
        task.resume === state.resume[i]
      )
        continue;
      readTask(pass, i, task, net.summary[i] === 1, state.dates);
      state.starts[i] = task.start;
      state.durations[i] = task.duration;
      state.actualStarts[i] = task.actualStart;
      state.actualFinishes[i] = task.actualFinish;
      state.progress[i] = task.progress;
      state.remaining[i] = task.remaining;
      state.mustStartOn[i] = task.mustStartOn;
      state.resume[i] = task.resume;
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
