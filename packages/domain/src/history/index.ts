/** `@cimiento/domain/history` (server only): the project history's summaries and details from a save's before and after. */
export type {
  EdcHistoryComponent,
  EdcListChange,
  EdpHistoryItem,
  GanttHistoryLink,
  GanttHistoryTask,
  ProjectChange,
} from './project-changes';
export {
  HISTORY_LIST_CAP,
  countParts,
  edcChange,
  edpChange,
  emptyHistoryDetail,
  ganttChange,
  historyDate,
  historyDuration,
  noteChange,
  progressChange,
  sequencingLabels,
} from './project-changes';
export type { FieldChange, ProjectEvent } from './project-events';
export { projectEventChange } from './project-events';
