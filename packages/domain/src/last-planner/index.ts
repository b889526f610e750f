/**
 * `@cimiento/domain/last-planner` (issue 36): the Last Planner System's rules, for the server and the
 * web alike (docs/LAST-PLANNER.md). Pure: no I/O; 'today' and the project's lists come from the caller.
 */
export { addDays, isMonday, weekEnd, weekOf, weeksBetween } from './weeks';
export {
  MAX_PROJECT_LIST_ITEMS,
  MAX_PROJECT_LIST_ITEM_LENGTH,
  findListItem,
  listItemKey,
  projectListErrors,
} from './project-lists';
export type { Constraint, ConstraintCheck, ConstraintField, ConstraintInput, ConstraintState } from './constraints';
export {
  CONSTRAINT_STATES,
  CONSTRAINT_STATE_LABELS,
  DEFAULT_CONSTRAINT_TYPES,
  MAX_CONSTRAINT_DESCRIPTION,
  MAX_CONSTRAINT_RESPONSIBLE,
  checkConstraintInput,
  constraintText,
  isConstraintOpen,
  isConstraintOverdue,
  isTaskReady,
  openConstraints,
} from './constraints';
export type {
  LookAheadConstraint,
  LookAheadGroup,
  LookAheadGroupBy,
  LookAheadInput,
  LookAheadResult,
  LookAheadRow,
  LookAheadTask,
} from './look-ahead';
export {
  LOOK_AHEAD_GROUP_BYS,
  LOOK_AHEAD_MAX_WEEKS,
  LOOK_AHEAD_MIN_WEEKS,
  NO_AREA_LABEL,
  NO_COMPANY_LABEL,
  NO_GROUP_KEY,
  inLookAhead,
  lookAhead,
  lookAheadWeeksError,
  planCandidates,
} from './look-ahead';
export type {
  Commitment,
  CommitmentAmount,
  CommitmentCheck,
  CommitmentCloseCheck,
  CommitmentCloseField,
  CommitmentCloseInput,
  CommitmentField,
  CommitmentInput,
  CommitmentOutcome,
  CommitmentTask,
} from './weekly-plan';
export {
  COMMITMENT_OUTCOMES,
  COMMITMENT_OUTCOME_LABELS,
  DEFAULT_NONCOMPLIANCE_CAUSES,
  MAX_COMMITMENT_DESCRIPTION,
  MAX_COMMITMENT_QUANTITY,
  checkCommitmentClose,
  checkCommitmentInput,
  commitmentAmountText,
  commitmentTaskError,
  taskLabel,
} from './weekly-plan';
export type { CompanyPpc, ParetoBar, PpcCommitment, PpcFigure, WeekPpc } from './ppc';
export { NO_CAUSE_LABEL, PPC_DECIMALS, PPC_TARGET, causePareto, ppcByCompany, ppcOf, ppcPasses, ppcTrend } from './ppc';
export type {
  ProgressTransfer,
  SkippedCommitment,
  TransferCommitment,
  TransferTask,
  TransferredTask,
} from './progress-transfer';
export { TRANSFER_PROGRESS_DECIMALS, progressFromCommitments } from './progress-transfer';
export type {
  LastPlannerSettings,
  LastPlannerTask,
  LookAheadFrom,
  SaveCommitmentInput,
  SaveConstraintInput,
  StoredCommitment,
  StoredConstraint,
} from '../functions/last-planner-contracts';
export {
  LOOK_AHEAD_FROMS,
  MAX_TASK_COMPANY_TASKS,
  LAST_PLANNER_EXPORTS,
  LAST_PLANNER_PAPERS,
  closeCommitmentContract,
  exportLastPlannerContract,
  lastPlannerSettingsSchema,
  loadLookAheadContract,
  loadPpcContract,
  loadWeeklyPlanContract,
  removeCommitmentContract,
  removeConstraintContract,
  saveCommitmentContract,
  saveConstraintContract,
  saveLastPlannerSettingsContract,
  saveTaskCompanyContract,
  transferCommitmentsContract,
} from '../functions/last-planner-contracts';
export type { TaskPhoto } from '../functions/field-contracts';
export {
  MAX_PHOTO_BYTES,
  MAX_PHOTO_CAPTION,
  loadTaskPhotosContract,
  taskPhotoSchema,
  uploadTaskPhotoContract,
} from '../functions/field-contracts';
