import type { WorkingCalendar } from './calendar';
import { dayNumber, isoDay } from './calendar';
import type { ProgressEntry } from './progress-entries';

/**
 * Planned progress at a cut-off (issue 32) and 'Actualizar según lo programado' (MS Project's Update
 * Project). One definition, the S-curve's (costs/s-curve.ts): a task planned for `duration` working
 * days from `start` has, at a cut-off C, done the working days before C (the cut-off convention of
 * docs/TRACKING.md: C is the first day of the remaining work, so work through C − 1); a milestone is
 * reached when its date is before C. Pure.
 */

/**
 * The working days of a span of `days` working days starting at working index `first` that fall
 * before working index `index`: clamp(index − first, 0, days). The S-curve's planned value and the
 * planned % both count with it.
 */
export function plannedDaysBefore(first: number, days: number, index: number): number {
  return Math.min(days, Math.max(0, index - first));
}

export type PlannedState = 'done' | 'underWay' | 'notStarted';

export type PlannedProgress = {
  state: PlannedState;
  /**
   * % complete planned at the cut-off, a whole number: 100 only when done, at most 99 while under
   * way (a 100 % needs a finish), 0 before the start
   */
  percent: number;
  /** the planned finish (YYYY-MM-DD): the last working day of the span, a milestone's date */
  finish: string;
};

/** What a task planned from `start` for `duration` working days should have done at `cutoff`. */
export function plannedProgressAt(
  calendar: WorkingCalendar,
  start: string,
  duration: number,
  cutoff: string,
): PlannedProgress {
  if (duration <= 0) {
    const reached = start < cutoff;
    return { state: reached ? 'done' : 'notStarted', percent: reached ? 100 : 0, finish: start };
  }
  const first = calendar.indexOf(dayNumber(start));
  const finish = isoDay(calendar.dayAt(first + duration - 1));
  const done = plannedDaysBefore(first, duration, calendar.indexOf(dayNumber(cutoff)));
  if (done >= duration) return { state: 'done', percent: 100, finish };
  if (done <= 0) return { state: 'notStarted', percent: 0, finish };
  return { state: 'underWay', percent: Math.min(99, Math.round((done * 100) / duration)), finish };
}

/** '% programado': the planned % complete at the cut-off (plannedProgressAt's). */
export function plannedPercentAt(calendar: WorkingCalendar, start: string, duration: number, cutoff: string): number {
  return plannedProgressAt(calendar, start, duration, cutoff).percent;
}

/** A task as the update reads it: its scheduled start and planned duration, and what is recorded. */
export type UpdateTask = {
  id: number;
  parentId?: number | undefined;
  isSummary: boolean;
  /** the scheduled start (YYYY-MM-DD), as the Gantt shows it */
  start: string;
  /** working days; 0 for a milestone */
  duration: number;
  progress: number;
  actualStart?: string | undefined;
  actualFinish?: string | undefined;
};

/** What the update does to a leaf in scope. */
export type UpdateOutcome = 'done' | 'underWay' | 'unchanged' | 'notStarted';

export type UpdateCounts = Record<UpdateOutcome, number>;

export type UpdatePlan = {
  /** the entries to record (saveProgress's), only for the tasks that change */
  entries: ProgressEntry[];
  counts: UpdateCounts;
  outcomes: Map<number, UpdateOutcome>;
};

/**
 * The leaves in scope: every leaf with no `taskIds`; else the ones named and the leaves under each
 * summary named. `unknown` lists the ids that are not tasks of the Gantt.
 */
export function updateScope(
  tasks: readonly UpdateTask[],
  taskIds?: readonly number[],
): { leaves: Set<number>; unknown: number[] } {
  const leaves = new Set<number>();
  if (taskIds === undefined) {
    for (const task of tasks) if (!task.isSummary) leaves.add(task.id);
    return { leaves, unknown: [] };
  }
  const known = new Set(tasks.map((task) => task.id));
  const unknown = [...new Set(taskIds.filter((id) => !known.has(id)))];
  const chosen = new Set(taskIds);
  // a task is in scope when it or any ancestor is chosen (tasks are in outline order: parents first)
  const inScope = new Set<number>();
  for (const task of tasks) {
    if (chosen.has(task.id) || (task.parentId !== undefined && inScope.has(task.parentId))) {
      inScope.add(task.id);
      if (!task.isSummary) leaves.add(task.id);
    }
  }
  return { leaves, unknown };
}

/**
 * 'Actualizar según lo programado' at `cutoff` for the leaves in `scope` (summaries are rolled up,
 * never written):
 * - planned done (every working day before the cut-off): 100 %, actual start the scheduled start
 *   (or the one recorded), actual finish the planned finish;
 * - planned under way: actual start the scheduled start (or the one recorded), the planned %;
 * - planned not started: untouched;
 * - recorded progress already at or above the planned one (with its actual start, and a finish
 *   when done): untouched, 'sin cambio'. Recorded progress is never lowered.
 */
export function planUpdateAsScheduled(
  calendar: WorkingCalendar,
  tasks: readonly UpdateTask[],
  cutoff: string,
  scope: ReadonlySet<number>,
): UpdatePlan {
  const entries: ProgressEntry[] = [];
  const counts: UpdateCounts = { done: 0, underWay: 0, unchanged: 0, notStarted: 0 };
  const outcomes = new Map<number, UpdateOutcome>();
  const settle = (id: number, outcome: UpdateOutcome) => {
    outcomes.set(id, outcome);
    counts[outcome] += 1;
  };
  for (const task of tasks) {
    if (task.isSummary || !scope.has(task.id)) continue;
    const planned = plannedProgressAt(calendar, task.start, task.duration, cutoff);
    const recorded = task.progress > 0 || task.actualStart !== undefined || task.actualFinish !== undefined;
    if (task.actualFinish !== undefined) {
      settle(task.id, 'unchanged');
      continue;
    }
    if (planned.state === 'notStarted') {
      settle(task.id, recorded ? 'unchanged' : 'notStarted');
      continue;
    }
    const actualStart = task.actualStart ?? task.start;
    if (planned.state === 'done') {
      // a recorded start later than the planned finish keeps the finish after it
      const finish = planned.finish < actualStart ? actualStart : planned.finish;
      entries.push({ TaskID: task.id, ActualStart: actualStart, ActualFinish: finish, Progress: 100 });
      settle(task.id, 'done');
      continue;
    }
    if (task.actualStart !== undefined && task.progress >= planned.percent) {
      settle(task.id, 'unchanged');
      continue;
    }
    entries.push({ TaskID: task.id, ActualStart: actualStart, Progress: Math.max(task.progress, planned.percent) });
    settle(task.id, 'underWay');
  }
  return { entries, counts, outcomes };
}
