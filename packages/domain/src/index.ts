// The front door of @cimiento/domain: explicit names only, no deep imports from other packages.
export type { FunctionContract } from './functions/contract';
export { defineFunction } from './functions/contract';
export type { FunctionErrorBody, FunctionErrorCode } from './functions/errors';
export {
  describeZodError,
  functionErrorBodySchema,
  functionErrorCodeSchema,
  httpStatusByErrorCode,
} from './functions/errors';
export type { UnsafeCharacter } from './functions/common';
export {
  findUnsafeCharacter,
  isoDateSchema,
  noInputSchema,
  textSafetySchema,
  unsafeCharacterText,
  unsafeTextIssues,
} from './functions/common';
export type { FileMetadata, Profile, SaveProfileInput } from './functions/profile-contracts';
export {
  MAX_UPLOAD_BYTES,
  fileMetadataSchema,
  loadProfileContract,
  profileSchema,
  saveProfileContract,
  saveProfileInputSchema,
  uploadContentTypes,
  uploadFileContract,
} from './functions/profile-contracts';
export type { SaveUserInput, UserSummary } from './functions/user-contracts';
export {
  MIN_PASSWORD_LENGTH,
  loadUsersContract,
  saveUserContract,
  saveUserInputSchema,
  userSummarySchema,
} from './functions/user-contracts';
export type { AnyFunctionContract, ContractByName, FunctionName } from './functions/registry';
export { functionContracts } from './functions/registry';
export type {
  AppNotification,
  DashboardProject,
  DashboardTask,
  HistoryArea,
  HistoryDetail,
  HistoryEntry,
  NotificationKind,
  TaskFieldChange,
} from './functions/collaboration-contracts';
export {
  dashboardProjectSchema,
  dashboardTaskSchema,
  followProjectContract,
  historyAreaSchema,
  historyDetailSchema,
  historyEntryIdSchema,
  historyEntrySchema,
  loadDashboardContract,
  loadHistoryEntryContract,
  loadNotificationsContract,
  loadProjectHistoryContract,
  markNotificationsReadContract,
  notificationKindSchema,
  notificationSchema,
  taskFieldChangeSchema,
} from './functions/collaboration-contracts';
export type { Currency } from './format/money';
export { currencies, formatCount, formatDecimal, formatMoney, formatNumber } from './format/money';
export {
  APP_TIME_ZONE,
  formatDate,
  formatDateTime,
  formatIsoDate,
  isoOfTypedDate,
  santiagoToday,
} from './format/dates';
export type { ImageContentType, ParsedDataUrl } from './files/data-url';
export type { ImageSize } from './files/data-url';
export {
  MAX_IMAGE_PIXELS,
  MAX_IMAGE_SIDE,
  detectImageType,
  extensionByImageType,
  imageSize,
  imageSizeProblem,
  parseDataUrl,
} from './files/data-url';
export type {
  Activity,
  ActivityInput,
  AreaType,
  AreaTypeInput,
  CatalogueCollection,
  CatalogueObject,
  CatalogueSystem,
  Component,
  ComponentInput,
  LoadObjectsOutput,
  SaveObjectInput,
  Sector,
  Subcomponent,
  SubcomponentActivity,
  SystemInput,
} from './functions/catalogue-contracts';
export {
  DEFAULT_ACTIVITY_DURATION,
  DEFAULT_CATALOGUE_PRIORITY,
  DEFAULT_SECTOR_QUANTITY,
  MAX_ACTIVITY_DURATION,
  activityInputSchema,
  activitySchema,
  areaTypeInputSchema,
  areaTypeSchema,
  catalogueCollectionSchema,
  catalogueCollections,
  catalogueLoadedMessages,
  componentInputSchema,
  componentSchema,
  loadObjectsContract,
  removeObjectContract,
  saveObjectContract,
  saveObjectInputSchema,
  sectorInputSchema,
  seedCataloguesContract,
  subcomponentInputSchema,
  systemInputSchema,
  systemSchema,
} from './functions/catalogue-contracts';
// issue 35: the resources' contracts and rules are behind `@cimiento/domain/resources` (resource-entry.ts)
export type { PriorityOrdered } from './catalogues/ordering';
export { compareByPriority, sortByPriority } from './catalogues/ordering';
export type { StarterCatalogue, StarterComponent, StarterSubcomponent } from './catalogues/starter-catalogue';
export { starterCatalogue } from './catalogues/starter-catalogue';
export type { EdpItem, EdpTemplate, GenerateEdpOptions } from './edp/generate-edp';
export { countGeneratedEdp, generateEdp } from './edp/generate-edp';
export type { SectorQuantitiesResult, SectorQuantity, SectorQuantityRead } from './edp/sector-quantities';
export { readSectorQuantity, withSectorQuantities } from './edp/sector-quantities';
export { edpNameStem, similarEdpItems } from './edp/similar-items';
export type { EdpTemplateItem } from './edp/edp-templates';
export { edpTemplates } from './edp/edp-templates';
export type { DecimalParseResult } from './format/decimal';
export {
  MAX_DECIMAL_FRACTION_DIGITS,
  MAX_DECIMAL_INTEGER_DIGITS,
  canonicalDecimal,
  parseChileanDecimal,
  parseDecimal,
} from './format/decimal';
export type { MoneyCurrency, UfRounding } from './format/money-math';
export {
  DOCUMENT_DECIMALS,
  MONEY_DECIMALS,
  UF_DISPLAY_DECIMALS,
  addDecimals,
  clpToUf,
  compareDecimals,
  divideDecimals,
  multiplyDecimals,
  percentOf,
  roundClp,
  roundDecimal,
  roundDocument,
  roundMoney,
  roundUf,
  spreadAmount,
  subtractDecimals,
  ufToClp,
} from './format/money-math';
export type {
  SCurveCutoff,
  SCurveEarnedPart,
  SCurveForecastInput,
  SCurveInput,
  SCurvePlannedTask,
  SCurveRemainingSpan,
  SCurveResult,
} from './costs/s-curve';
export { computeSCurve } from './costs/s-curve';
export type { ReportedEstadoPago } from './costs/reported-figures';
export { withReportedFigures } from './costs/reported-figures';
export type { CostPart, CostTask, ItemAmount, PricedEdpItem, ProgressAmounts, TaskCosts } from './costs/edp-amounts';
export {
  createProgressWeigher,
  edpBudgetSummary,
  edpItemAmount,
  edpItemEarned,
  itemLeaves,
  nearestEdpItems,
  progressWeights,
  rollUpEdpAmounts,
  spreadItemAmounts,
  taskProgressWeights,
  toCostTask,
} from './costs/edp-amounts';
export type { TaskMoveEffects } from './costs/task-move';
export { taskMoveEffects } from './costs/task-move';
export type {
  EstadoPagoInput,
  EstadoPagoItem,
  EstadoPagoResult,
  EstadoPagoUf,
  EstadoPagoUfValue,
} from './costs/estado-pago';
export { computeEstadoPago, edpItemLevels, edpItemProgress, partidaProgress } from './costs/estado-pago';
export { tasksProgress } from './costs/deletion-progress';
export type {
  LoadedProject,
  ParsedProjectInput,
  Project,
  ProjectAreaType,
  EdpTemplateName,
  ProjectInput,
  ProjectSummary,
  ProjectTemplate,
  ParsedProjectUpdateInput,
  ProjectUpdateInput,
} from './functions/project-contracts';
export {
  MAX_AREA_QUANTITY,
  MAX_SECTOR_QUANTITY,
  MAX_EDP_ITEMS,
  MAX_PROJECT_AREA_TYPES,
  PROJECT_STALE_MESSAGE,
  budgetSchema,
  checkProjectCodeContract,
  edpItemSchema,
  edpTemplateNames,
  loadProjectContract,
  loadProjectsContract,
  loadedProjectSchema,
  projectAreaTypeInputSchema,
  projectAreaTypeSchema,
  projectCodeSchema,
  projectCodeTakenMessage,
  projectDefaults,
  projectInputSchema,
  projectSchema,
  projectSummarySchema,
  projectTemplates,
  projectUpdateInputSchema,
  projectsLoadedMessage,
  removeProjectContract,
  saveProjectContract,
  secondsTimestampSchema,
  updateProjectContract,
} from './functions/project-contracts';
export type { EdpChange, EdpRenumber } from './edp/edp-tree';
export {
  addEdpItem,
  appendEdpChild,
  deleteEdpSubtree,
  edpCodeKey,
  edpDepth,
  edpSubtreeIds,
  findEdpCodeClash,
  findEdpCycles,
  indentEdpItem,
  moveEdpItem,
  nextEdpId,
  outdentEdpItem,
  renumberEdpSubtree,
  validateEdp,
} from './edp/edp-tree';
export type {
  EdpCrossLinks,
  EdpDeletion,
  EdpItemUsage,
  EdpMoneyFacts,
  EdpMoneyUsage,
  EdpPaid,
  EdpUsageCounts,
  EdpUsageIndex,
  EdpUsageTotals,
} from './edp/edp-usage';
export {
  NO_EDP_USAGE,
  carriesEdpUsage,
  countEdpUsage,
  edpDeletions,
  edpMoneyFacts,
  edpUsageTotals,
  indexEdpUsage,
  sumPaid,
  touchesMoney,
} from './edp/edp-usage';
export type { EdpItemAction, EdpItemInput, EdpUsage, LoadedEdp, TaskSelectionUsage } from './functions/edp-contracts';
export {
  EDP_STALE_MESSAGE,
  MAX_EDP_CODE,
  edpItemActions,
  edpItemInputSchema,
  edpUsageSchema,
  loadEdpUsageContract,
  loadedEdpSchema,
  saveEdpContract,
  updateItemEdpContract,
} from './functions/edp-contracts';
export type { EdcItem, EdcItemKind, EdcTarget, GenerateEdcResult } from './edc/generate-edc';
export { edcMainCode, edcSuffix, generateEdc, nextActivityNumber } from './edc/generate-edc';
export type { CopyEdcResult, CopyEdcSkip } from './edc/copy-edc';
export { copiedMainCode, copyEdcItems } from './edc/copy-edc';
export { validateEdcList, validateEdcStructure } from './edc/validate-edc';
export type { BulkEdcOutput, Edc, EdcItemInput, EdcSkipped } from './functions/edc-contracts';
export {
  EDC_STALE_MESSAGE,
  MAX_BULK_EDC_ITEMS,
  MAX_EDC_ITEMS,
  MAX_EDC_LIST_ITEMS,
  assignEdcContract,
  bulkEdcOutputSchema,
  copyEdcContract,
  edcSkippedSchema,
  unassignEdcContract,
  edcItemInputSchema,
  edcItemKinds,
  edcItemSchema,
  edcSchema,
  loadEdcContract,
  saveEdcContract,
} from './functions/edc-contracts';
export type { CalendarException, CalendarRules, HolidayProvider, ProjectCalendar, WorkWeek } from './gantt/calendar';
export {
  DEFAULT_WORKING_WEEKDAYS,
  WorkingCalendar,
  dayNumber,
  defaultProjectCalendar,
  isoDay,
  weekday,
  weekdaysOfWorkWeek,
  workWeekOfWeekdays,
} from './gantt/calendar';
export type {
  LinkType,
  ScheduleLink,
  ScheduleOptions,
  ScheduleResult,
  ScheduleTask,
  ScheduledTask,
} from './gantt/schedule-types';
export type { ProgressEntry, ProgressEntryError, ProgressTaskInfo } from './gantt/progress-entries';
export { cutoffError, progressEntryErrors } from './gantt/progress-entries';
export type { ProgressBasis, ProgressRollupTask } from './gantt/tracking';
export { finishVariance, formatProgress, remainingWorkDays, rollUpProgress } from './gantt/tracking';
// the server's progress rules are in @cimiento/domain/progress
export { plannedPercentAt } from './gantt/planned-progress';
export type {
  Baseline,
  BaselinesOutput,
  CutoffRecord,
  CutoffTask,
  ProgressEntryInput,
  UpdateAsScheduledCounts,
} from './functions/tracking-contracts';
export {
  MAX_BASELINES,
  MAX_PROGRESS_ENTRIES,
  baselineSchema,
  chooseBaselineContract,
  cutoffRecordSchema,
  cutoffTaskSchema,
  exportProgressContract,
  importProgressContract,
  loadBaselinesContract,
  loadProgressHistoryContract,
  progressEntrySchema,
  removeBaselineContract,
  saveBaselineContract,
  saveProgressContract,
  updateAsScheduledContract,
  updateAsScheduledCountsSchema,
} from './functions/tracking-contracts';
export type {
  EstadoPago,
  EstadoPagoLine,
  EstadoPagoSettings,
  EstadoPagoStatus,
  EstadoPagoSummary,
  EstadoPagoTotals,
  SCurve,
  SCurveBasis,
  SCurveForecast,
  SCurvePoint,
  UfValue,
} from './functions/cost-contracts';
export {
  DEFAULT_ESTADO_PAGO_SETTINGS,
  MAX_UF_VALUES,
  missingUfValueMessage,
  estadoPagoFormats,
  estadoPagoLineSchema,
  estadoPagoSchema,
  estadoPagoSettingsSchema,
  estadoPagoStatuses,
  estadoPagoSummarySchema,
  estadoPagoTotalsSchema,
  sCurveBases,
  sCurvePointSchema,
  sCurveSchema,
  ufValueSchema,
  approveEstadoPagoContract,
  exportEstadoPagoContract,
  exportSCurveContract,
  importUfValuesContract,
  loadEstadosPagoContract,
  loadSCurveContract,
  loadUfValuesContract,
  removeEstadoPagoContract,
  saveActualCostContract,
  saveEstadoPagoContract,
  saveEstadoPagoSettingsContract,
  saveUfValuesContract,
} from './functions/cost-contracts';
export {
  MAX_UNIT,
  decimalTextSchema,
  edpItemPriceInputShape,
  edpItemPriceOutputShape,
  percentTextSchema,
} from './functions/price-fields';
export { linkTypes } from './gantt/schedule-types';
export { schedule } from './gantt/schedule';
export { IncrementalScheduler } from './gantt/incremental-scheduler';
export type { PredecessorLink, PredecessorParseResult } from './gantt/predecessors';
export { MAX_LAG, formatPredecessors, parsePredecessors } from './gantt/predecessors';
export type { GanttDraftTask, GanttEdit, GanttTaskChanges } from './gantt/gantt-edits';
export { activitiesFromDraft, draftFromActivities } from './gantt/gantt-draft-conversions';
export {
  NEW_TASK_NAME,
  addGanttLink,
  addGanttTask,
  deleteGanttTask,
  ganttParentIds,
  ganttSubtreeIds,
  ganttTaskLabel,
  indentGanttTask,
  moveGanttTask,
  nextGanttTaskId,
  outdentGanttTask,
  removeGanttLink,
  resizeGanttTask,
  scheduleDraft,
  setGanttProgress,
  updateGanttTask,
} from './gantt/gantt-edits';
export { removeGanttLeveling, setGanttResources } from './gantt/gantt-resource-edits';
// issue 32: a task's edit checked field by field (the task editor and the grid's cells)
export type {
  GanttFieldCheck,
  GanttTaskEditCheck,
  GanttTaskField,
  GanttTaskFieldErrors,
  GanttTaskTyped,
} from './gantt/gantt-task-validation';
export {
  GANTT_HORIZON_YEARS,
  checkGanttTaskEdit,
  ganttLinkLoop,
  parseGanttDate,
  parseGanttDuration,
  parseGanttLag,
} from './gantt/gantt-task-validation';
export type { GanttTaskDirectory, GanttTaskRef, PlannerLinkLabels, ResolvedTask } from './gantt/gantt-task-directory';
export { ganttRowNumbers } from './gantt/gantt-row-numbers';
export {
  describeGanttTask,
  ganttLinkCandidates,
  ganttTaskDirectory,
  plannerPredecessorText,
  plannerPredecessorTitle,
  resolveGanttTask,
  searchGanttTasks,
  searchKey,
} from './gantt/gantt-task-directory';
export type { CodedTask } from './gantt/task-codes';
export { ganttActivityCodes, ganttTaskCodes } from './gantt/task-codes';
export type { GanttRowIds, RowTask } from './gantt/row-ids';
export { ganttOutlineOrder, ganttParentPaths, ganttRowIds } from './gantt/row-ids';
export type { TypedPredecessorError, TypedPredecessorsResult } from './gantt/typed-predecessors';
export { parseTypedPredecessors } from './gantt/typed-predecessors';
export type {
  GanttLinkRecord,
  GanttMergeResult,
  GanttRemoval,
  GanttSource,
  GanttTaskRecord,
} from './gantt/build-gantt';
export {
  NEW_TASK_DURATION,
  deletedSourceMatcher,
  droppedEdcCodes,
  edcFormula,
  ganttSources,
  mergeGanttTasks,
  removeGanttTasks,
} from './gantt/build-gantt';
export { edcSourceKey, edpSourceKey, parseGanttSourceKey } from './edp/source-keys';
export type {
  GanttCalendar,
  GanttOutput,
  GanttTask,
  GanttTaskInput,
  ProjectCalendarInput,
  SequencingMode,
} from './functions/gantt-contracts';
export type { SequenceLink } from './gantt/sequence-gantt';
export { DEFAULT_SEQUENCING, sequenceGantt } from './gantt/sequence-gantt';
export type { ReconcileResult } from './gantt/generated-links';
export { hasCycle, linkPairKey, reconcileGeneratedLinks } from './gantt/generated-links';
export type { GanttActivityError, GanttActivityInput, CheckActivitiesResult } from './gantt/check-activities';
export { activityStart, ganttActivityError, ganttActivityLabel, checkActivities } from './gantt/check-activities';
export {
  GANTT_STALE_MESSAGE,
  MAX_CALENDAR_EXCEPTIONS,
  MAX_GANTT_TASKS,
  MAX_TASK_DURATION,
  MAX_TASK_NOTES,
  calendarExceptionSchema,
  ganttCalendarSchema,
  ganttOutputSchema,
  projectCalendarSchema,
  weekdayNumbers,
  ganttTaskInputSchema,
  ganttTaskSchema,
  loadGanttContract,
  regenerateGanttSequenceContract,
  saveGanttContract,
  sequencingModeSchema,
  sequencingModes,
  workWeeks,
} from './functions/gantt-contracts';
export type {
  ExchangeFormat,
  ExportedFile,
  ImportFormat,
  ImportedFileProject,
  MspdiPreview,
  WorkbookRowError,
  XerCodePage,
} from './functions/exchange-contracts';
export {
  MAX_IMPORTED_TASKS,
  MAX_MSPDI_CHARS,
  MAX_WORKBOOK_BASE64_CHARS,
  MAX_XER_BASE64_CHARS,
  exchangeFormats,
  importFormats,
  exportEdpContract,
  exportGanttContract,
  exportedFileSchema,
  importEdpContract,
  importGanttContract,
  importProjectContract,
  mspdiPreviewSchema,
  workbookRowErrorSchema,
  xerCodePages,
} from './functions/exchange-contracts';
// the Excel sheets' rows and the UF values file: `@cimiento/domain/workbook` (server only)
export { shownUfValue } from './workbook/uf-values-file';
export {
  PROGRESS_SHEET_NAME,
  PROGRESS_SHEET_TITLES,
  progressEntriesFromRows,
  progressSheetRows,
} from './workbook/progress-workbook';
// the project history's summaries and details: `@cimiento/domain/history` (server only)
export { historyChangeVerb } from './collab/change-verb';
// issue 30: the 'Registro de cambios' (catalogues, UF values, the project trash)
export type {
  ChangeLogArea,
  ChangeLogDetail,
  ChangeLogEntry,
  ChangeLogFieldChange,
} from './functions/change-log-contracts';
export {
  CHANGE_LOG_DEFAULT_PAGE,
  CHANGE_LOG_MAX_PAGE,
  changeLogAreaSchema,
  changeLogAreas,
  changeLogDetailSchema,
  changeLogEntrySchema,
  changeLogFieldChangeSchema,
  loadChangeLogContract,
} from './functions/change-log-contracts';
// the change log's words: `@cimiento/domain/change-log` (server only)
export type { ProjectHoldings, TrashedProject } from './functions/trash-contracts';
export {
  TRASH_ADMIN_ONLY_MESSAGE,
  TRASH_RETENTION_DAYS,
  TRASH_SWEEP_AUTHOR,
  describeProjectHoldings,
  emptyTrashContract,
  loadProjectHoldingsContract,
  loadTrashContract,
  projectCodeInTrashMessage,
  projectHoldingsSchema,
  purgeProjectContract,
  restoreProjectContract,
  trashedProjectSchema,
} from './functions/trash-contracts';
