/**
 * `@cimiento/domain/resources` (issue 35): the resources catalogue's contracts and rules, for the
 * server and the web alike (docs/RESOURCES.md). Apart from the front door, which holds the rest.
 */
export type { CatalogueResource, ResourceInput, Trade, TradeInput } from './functions/resource-contracts';
export { resourceInputSchema, tradeInputSchema } from './functions/resource-contracts';
export type {
  AvailabilityRange,
  CrewMember,
  ResourceCalendar,
  ResourceCalendarRange,
  ResourceCurrency,
  ResourceType,
} from './resources/resources';
export {
  MAX_RESOURCE_CALENDAR_RANGES,
  MAX_RESOURCE_UNITS,
  RESOURCE_CURRENCIES,
  RESOURCE_TYPES,
  availabilityErrors,
  crewSize,
  resourceCalendarErrors,
  resourceCalendarText,
  resourceWorksOn,
  unitsAvailableOn,
} from './resources/resources';
export type { WorkUnit } from './resources/productivity';
export { MAX_CREWS, WORK_UNITS, WORK_UNIT_LABELS } from './resources/productivity';
export type { DurationFormula, EffectiveQuantity } from './resources/quantities';
export {
  MAX_EDC_QUANTITY,
  durationByHand,
  effectiveQuantity,
  formulaDuration,
  formulaText,
  quantityError,
  taskCrews,
  taskFormulaDays,
} from './resources/quantities';
export type { AssignmentsParse, NamedResource, ResourceAssignment } from './resources/assignments';
export {
  MAX_TASK_RESOURCES,
  assignmentErrors,
  assignmentsKey,
  assignmentsText,
  parseAssignmentsText,
} from './resources/assignments';
export type { HistogramSeriesOutput } from './functions/workload-contracts';
export {
  exportResourceHistogramContract,
  histogramGroupBys,
  histogramPeriods,
  levelOrders,
  levelResourcesContract,
  loadResourceHistogramContract,
} from './functions/workload-contracts';
