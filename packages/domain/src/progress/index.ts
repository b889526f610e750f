/**
 * `@cimiento/domain/progress`, server-only (the web bundle never carries it): what a progress entry
 * leaves of a task's remaining duration (issue 34) and 'Actualizar según lo programado' (issue 32),
 * the rules saveGantt, saveProgress and updateAsScheduled apply.
 */
export { remainingAfterEntry, resumeAfterEntry } from '../gantt/progress-entries';
export type { RecordedProgress } from '../gantt/progress-entries';
export type {
  PlannedProgress,
  PlannedState,
  UpdateCounts,
  UpdateOutcome,
  UpdatePlan,
  UpdateTask,
} from '../gantt/planned-progress';
export { plannedDaysBefore, plannedProgressAt, planUpdateAsScheduled, updateScope } from '../gantt/planned-progress';
