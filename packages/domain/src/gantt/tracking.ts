import type { WorkingCalendar } from './calendar';
import { dayNumber } from './calendar';
import { formatNumber } from '../format/money';

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
 * What a progress figure is weighted by (issue 33, docs/TRACKING.md 'One progress measure'):
 * 'amount' when the project's items are priced ('ponderado por monto'), 'duration' when nothing is
 * ('ponderado por duración').
 */
export type ProgressBasis = 'amount' | 'duration';

/**
 * A percentage (0–100, as the roll-up answers it) rounded to 2 decimals, half up, for display. A
 * sum of products in floating point can land a hair below an exact half (39,605 as 39,60499…): the
 * figure is nudged by far less than any recorded progress or amount can make, so it rounds as the
 * exact decimal sum (the S-curve's and the estado de pago's) does.
 */
export function roundPercent(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.round(value * 100 + 1e-7) / 100;
}

/**
 * A progress figure as every screen writes it (issue 33): rounded as roundPercent, at most 2
 * decimals, es-CL ('39,61 %', '40 %', '37,5 %').
 */
export function formatProgress(value: number): string {
  const rounded = roundPercent(value);
  const text = formatNumber(rounded, 2).replace(/,?0+$/, '');
  return `${text} %`;
}

/**
 * The physical progress of every summary, 0–100 (issue 15; issue 33: one measure on every screen):
 *
 * - a leaf's is its own (clamped to 0–100);
 * - with `weights` (each leaf's share of the money, progressWeights in costs/edp-amounts: the
 *   project is priced), a summary's is its leaves' progress weighted by their amounts, Σ amount ×
 *   progress / Σ amount, so an EDP item's figure is its earned value over its amount, as the S-curve
 *   and the estado de pago compute it; a summary whose leaves carry no money falls back to
 *   durations;
 * - without (nothing priced), weighted by the leaves' planned durations in working days;
 * - a summary whose leaves are all milestones takes their plain average.
 *
 * Answers a map by summary id (leaves are not in it), `project`: the same over every leaf of the
 * list (0 for a list without leaves), and the `basis` the figures are weighted by.
 */
export function rollUpProgress(
  tasks: readonly ProgressRollupTask[],
  weights?: ReadonlyMap<number, number>,
): {
  summaries: Map<number, number>;
  project: number;
  basis: ProgressBasis;
} {
  const byId = new Map<number, ProgressRollupTask>();
  for (const task of tasks) byId.set(task.id, task);
  const hasChildren = new Set<number>();
  for (const task of tasks) {
    if (task.parentId !== undefined && task.parentId !== task.id && byId.has(task.parentId))
      hasChildren.add(task.parentId);
  }
  type Sums = { money: number; earned: number; weight: number; weighted: number; count: number; sum: number };
  const empty = (): Sums => ({ money: 0, earned: 0, weight: 0, weighted: 0, count: 0, sum: 0 });
  const sums = new Map<number, Sums>();
  const total = empty();
  const add = (into: Sums, money: number, weight: number, progress: number) => {
    into.money += money;
    into.earned += money * progress;
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
    const amount = weights?.get(task.id);
    const money = amount !== undefined && Number.isFinite(amount) && amount > 0 ? amount : 0;
    add(total, money, weight, progress);
    // each ancestor once (a parent chain that loops is cut where it comes back)
    for (let parentId = task.parentId; parentId !== undefined && walkedBy.get(parentId) !== leaf;) {
      walkedBy.set(parentId, leaf);
      const parent = byId.get(parentId);
      if (!parent) break;
      let into = sums.get(parentId);
      if (!into) {
        into = empty();
        sums.set(parentId, into);
      }
      add(into, money, weight, progress);
      parentId = parent.parentId;
    }
  }
  const value = (s: Sums) =>
    s.money > 0 ? s.earned / s.money : s.weight > 0 ? s.weighted / s.weight : s.count > 0 ? s.sum / s.count : 0;
  const summaries = new Map<number, number>();
  for (const id of hasChildren) summaries.set(id, value(sums.get(id) ?? empty()));
  return { summaries, project: value(total), basis: total.money > 0 ? 'amount' : 'duration' };
}

/**
 * What is left of a task under way, in working days (docs/TRACKING.md): the remaining duration
 * recorded for it (issue 34: 'Duración restante', typed or read from MS Project / P6), taken whole
 * and not below 0; else ⌈duration × (1 − avance)⌉, the duration taken whole and not below 0, the
 * progress clamped to 0–100. The engine schedules this much from the cut-off, and the S-curve's
 * forecast spreads the remaining amount over it.
 */
export function remainingWorkDays(duration: number, progress: number, remaining?: number): number {
  if (remaining !== undefined) return Math.max(0, Math.floor(remaining));
  return Math.ceil(Math.max(0, Math.floor(duration)) * (1 - Math.min(100, Math.max(0, progress)) / 100));
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
