import type { GanttDraftTask, ProgressAmounts, ScheduledTask, WorkingCalendar } from '@cimiento/domain';
import { createProgressWeigher, finishVariance, rollUpProgress } from '@cimiento/domain';

/**
 * What the chart compares the schedule with and how progress rolls up on it (issues 15 and 33): the
 * chosen baseline's dates, 'Atrasadas', and the draft's progress as every screen weighs it.
 */

/** issue 15: a task's dates in the chosen baseline (YYYY-MM-DD; duration in working days). */
export type ChartBaselineDates = { start: string; finish: string; duration: number };

/**
 * issue 15: what the chart compares the schedule with. `baseline`: the chosen baseline's dates by
 * task (empty: none chosen); `lateOnly`: 'Atrasadas', only the late tasks and their ancestors.
 */
export type ChartTracking = {
  baseline: ReadonlyMap<number, ChartBaselineDates>;
  calendar: WorkingCalendar;
  lateOnly?: boolean;
  /** issue 33: the priced items' amounts (loadGantt's progressAmounts); absent: weighted by duration */
  amounts?: ProgressAmounts | null;
  /** issue 35: the resources' names by _id, for the 'Recursos' cells; absent: none loaded */
  resourceNames?: ReadonlyMap<string, string>;
};

const weighProgress = createProgressWeigher();

let lastRoll:
  | {
      tasks: readonly GanttDraftTask[];
      amounts: ProgressAmounts | null | undefined;
      rolled: ReturnType<typeof rollUpProgress>;
    }
  | undefined;

/**
 * issue 33: the draft's roll-up (rollUpProgress weighted by taskProgressWeights), the last one kept:
 * the chart's build and the header's project figure read the same list once per edit.
 */
export function rolledProgress(
  tasks: readonly GanttDraftTask[],
  amounts?: ProgressAmounts | null,
): ReturnType<typeof rollUpProgress> {
  if (lastRoll && lastRoll.tasks === tasks && lastRoll.amounts === amounts) return lastRoll.rolled;
  // with no progress every summary rolls up to 0: no spread of the amounts to weigh it by; else the
  // spread kept edit by edit (an edit of one duration spreads one item again)
  const weights = amounts && tasks.some((task) => task.progress !== 0) ? weighProgress(tasks, amounts) : undefined;
  const rolled = rollUpProgress(tasks, weights);
  // the basis is named even before any progress: priced items weigh by money
  if (weights === undefined && amounts && amounts.items.length > 0) rolled.basis = 'amount';
  lastRoll = { tasks, amounts, rolled };
  return rolled;
}

/**
 * Every task's progress as the bars and 'Avance' show it (issue 15): a leaf's own, a summary's
 * rolled up from its leaves (the draft keeps a summary's as 0), so it follows every edit; issue 33:
 * weighted by the money spread on them when the project is priced (`amounts`), as the server, the
 * S-curve and the estado de pago weigh them, else by their planned durations.
 */
export function progressOf(tasks: readonly GanttDraftTask[], amounts?: ProgressAmounts | null): Map<number, number> {
  // the draft's tasks carry the fields the roll-up reads (id, parentId, duration, progress) as they are
  const { summaries } = rolledProgress(tasks, amounts);
  const progress = new Map<number, number>();
  for (const task of tasks) progress.set(task.id, summaries.get(task.id) ?? task.progress);
  return progress;
}

/**
 * 'Atrasadas' (issue 15): the tasks whose finish is later than the baseline's (Δ Fin > 0) and that
 * are not done (a leaf with an actual finish, a summary at 100 %), with every ancestor so the tree
 * still reads. Empty when no task is late or no baseline is chosen.
 */
export function lateIds(
  tasks: readonly GanttDraftTask[],
  scheduled: ReadonlyMap<number, ScheduledTask>,
  tracking: ChartTracking,
  progress: ReadonlyMap<number, number> = progressOf(tasks, tracking.amounts),
): Set<number> {
  const byId = new Map(tasks.map((task) => [task.id, task]));
  const shown = new Set<number>();
  for (const task of tasks) {
    if (!isLate(task, scheduled.get(task.id), tracking, progress)) continue;
    let current: GanttDraftTask | undefined = task;
    while (current && !shown.has(current.id)) {
      shown.add(current.id);
      current = current.parentId === undefined ? undefined : byId.get(current.parentId);
    }
  }
  return shown;
}

export function isLate(
  task: GanttDraftTask,
  computed: ScheduledTask | undefined,
  tracking: ChartTracking,
  progress: ReadonlyMap<number, number>,
): boolean {
  const base = tracking.baseline.get(task.id);
  if (!computed || !base) return false;
  if (computed.status === 'done' || (progress.get(task.id) ?? 0) >= 100) return false;
  return finishVariance(tracking.calendar, base.finish, computed.end) > 0;
}
