import type { WorkingCalendar } from './calendar';
import { dayNumber } from './calendar';

/**
 * Tracking figures (issue 15), pure: the progress of summaries rolled up from their leaves, and the
 * slippage of a finish against its baseline in working days ('Δ Fin').
 */

export type ProgressRollupTask = {
  id: number;
  parentId?: number | undefined;
  /** the planned duration in working days (the weight); 0 for a milestone */
  duration: number;
  /** 0–100 */
  progress: number;
};

/**
 * The physical progress of every summary, 0–100: its leaves' progress weighted by their planned
 * durations (issue 15; by cost once costs exist). A summary whose leaves are all milestones takes
 * their plain average. Answers a map by summary id; leaves are not in it. Also `project`: the same
 * over every leaf of the list (0 for a list without leaves).
 */
export function rollUpProgress(tasks: readonly ProgressRollupTask[]): {
  summaries: Map<number, number>;
  project: number;
} {
  const byId = new Map<number, ProgressRollupTask>();
  for (const task of tasks) byId.set(task.id, task);
  const hasChildren = new Set<number>();
  for (const task of tasks) {
    if (task.parentId !== undefined && task.parentId !== task.id && byId.has(task.parentId))
      hasChildren.add(task.parentId);
  }
  type Sums = { weight: number; weighted: number; count: number; sum: number };
  const sums = new Map<number, Sums>();
  const total: Sums = { weight: 0, weighted: 0, count: 0, sum: 0 };
  const add = (into: Sums, weight: number, progress: number) => {
    into.weight += weight;
    into.weighted += weight * progress;
    into.count += 1;
    into.sum += progress;
  };
  // the leaf whose ancestors were last walked, per task: one map instead of a Set per leaf (issue 18)
  const walkedBy = new Map<number, number>();
  for (let leaf = 0; leaf < tasks.length; leaf += 1) {
    const task = tasks[leaf] as ProgressRollupTask;
    if (hasChildren.has(task.id)) continue;
    const progress = Math.min(100, Math.max(0, Number.isFinite(task.progress) ? task.progress : 0));
    const weight = Math.max(0, Number.isFinite(task.duration) ? task.duration : 0);
    add(total, weight, progress);
    // each ancestor once (a parent chain that loops is cut where it comes back)
    for (let parentId = task.parentId; parentId !== undefined && walkedBy.get(parentId) !== leaf;) {
      walkedBy.set(parentId, leaf);
      const parent = byId.get(parentId);
      if (!parent) break;
      let into = sums.get(parentId);
      if (!into) {
        into = { weight: 0, weighted: 0, count: 0, sum: 0 };
        sums.set(parentId, into);
      }
      add(into, weight, progress);
      parentId = parent.parentId;
    }
  }
  const value = (s: Sums) => (s.weight > 0 ? s.weighted / s.weight : s.count > 0 ? s.sum / s.count : 0);
  const summaries = new Map<number, number>();
  for (const id of hasChildren) summaries.set(id, value(sums.get(id) ?? { weight: 0, weighted: 0, count: 0, sum: 0 }));
  return { summaries, project: value(total) };
}

/**
 * The working index right after a finish: a finish is the end of its day, and on a day off (issue 30:
 * an actual finish on a Saturday, a Sunday or a holiday is kept as recorded) the end of the working
 * day before it, as the engine counts an actual finish.
 */
function endIndex(calendar: WorkingCalendar, date: string): number {
  const day = dayNumber(date);
  const index = calendar.indexOf(day);
  return calendar.dayAt(index) === day ? index + 1 : index;
}

/**
 * 'Δ Fin': how many working days `finish` is later than `baselineFinish` on `calendar` (negative:
 * ahead of the baseline). Both YYYY-MM-DD; a finish on a day off counts as the working day before it
 * (issue 30: work finished on the Saturday after a Friday's baseline is not late).
 */
export function finishVariance(calendar: WorkingCalendar, baselineFinish: string, finish: string): number {
  return endIndex(calendar, finish) - endIndex(calendar, baselineFinish);
}
