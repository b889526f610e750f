/**
 * `@cimiento/domain/workload`, server-only (issue 35): what the resources' load is over the schedule,
 * the histogram (docs/RESOURCES.md "Histogram") and the legal hours of a working day.
 */
export type {
  HistogramCalendar,
  HistogramGroupBy,
  HistogramInput,
  HistogramPeriod,
  HistogramPoint,
  HistogramResource,
  HistogramSeries,
  HistogramTask,
} from './histogram';
export { NO_TRADE_KEY, resourceHistogram } from './histogram';
export { CHILE_WEEKLY_HOURS, hoursPerDayOn, weeklyHoursOn } from './working-hours';
export type {
  LevelDelay,
  LevelOptions,
  LevelOrder,
  LevelResource,
  LevelResult,
  LevelTask,
  Overload,
  UnresolvedReason,
} from '../gantt/level-resources';
export { LEVEL_ORDERS, levelResources, resourceOverloads } from '../gantt/level-resources';
