import {
  formatIsoDate,
  formatPredecessors,
  rollUpProgress,
  schedule,
  taskProgressWeights,
  workWeekOfWeekdays,
} from '@cimiento/domain';
import type {
  GanttLinkRecord,
  GanttOutput,
  GanttTask,
  GanttTaskRecord,
  ProgressAmounts,
  ProjectCalendar,
  ScheduleLink,
  ScheduleOptions,
  ScheduleResult,
  ScheduleTask,
} from '@cimiento/domain';
import { chileHolidays } from '@cimiento/domain/holidays';
import { HttpsError } from '../core/https-error';
import type { ProjectGanttRow, GanttState, BaselineDates } from './gantt-queries';
import { BoundedCalendar, HORIZON_YEARS, ScheduleHorizonError, horizonDate } from './gantt-horizon';

/** Years of holidays the web gets past the later of the project's end and the schedule's finish. */
const HOLIDAY_YEARS_AHEAD = 5;

export type Scheduled = Extract<ScheduleResult, { ok: true }>;

/** A stored task as the engine reads it; field by field, not by conditional spreads (issue 18: 10,000 tasks on every load). */
export function toScheduleTask(task: GanttTaskRecord): ScheduleTask {
  const input: ScheduleTask = {
    id: task.id,
    start: task.start,
    duration: task.duration,
    code: task.code,
    name: task.name,
    progress: task.progress,
  };
  if (task.parentId !== undefined) input.parentId = task.parentId;
  if (task.actualStart !== undefined) input.actualStart = task.actualStart;
  if (task.actualFinish !== undefined) input.actualFinish = task.actualFinish;
  if (task.remaining !== undefined) input.remaining = task.remaining;
  if (task.mustStartOn === true) input.mustStartOn = true;
  if (task.resume !== undefined) input.resume = task.resume;
  return input;
}

/**
 * The stored Gantt on the project's calendar; issue 15: with each leaf's actual dates and progress,
 * the remaining work from the latest cut-off.
 */
export function scheduleGantt(
  tasks: readonly GanttTaskRecord[],
  links: readonly GanttLinkRecord[],
  project: Pick<ProjectGanttRow, 'startYear' | 'calendar' | 'cutoff'>,
): ScheduleResult {
  return scheduleOnCalendar(
    tasks.map(toScheduleTask),
    links,
    project.calendar,
    project.startYear,
    project.cutoff === undefined ? {} : { cutoff: project.cutoff },
  );
}

/**
 * The engine on a project calendar whose first year is `firstYear`, within the horizon (a schedule
 * reaching past it is an error in Spanish, not minutes of calendar building). Also importProject's.
 */
export function scheduleOnCalendar(
  tasks: readonly ScheduleTask[],
  links: readonly ScheduleLink[],
  calendar: ProjectCalendar,
  firstYear: number,
  options: ScheduleOptions = {},
): ScheduleResult {
  try {
    return schedule(tasks, links, new BoundedCalendar(calendar, firstYear), options);
  } catch (error) {
    if (!(error instanceof ScheduleHorizonError)) throw error;
    return {
      ok: false,
      error: `El cronograma debe terminar antes del ${formatIsoDate(horizonDate(firstYear))} (${HORIZON_YEARS} años desde el inicio del proyecto): revisa las duraciones y los desfases`,
      cycle: [],
    };
  }
}

/**
 * Chile's holidays from the project's start year to HOLIDAY_YEARS_AHEAD past its end or the
 * schedule's finish; none when the project's calendar has them off.
 */
function holidayList(project: ProjectGanttRow, projectFinish: string): string[] {
  if (!project.calendar.chileHolidays) return [];
  const finishYear = projectFinish === '' ? project.startYear : Number(projectFinish.slice(0, 4));
  const lastYear = Math.max(project.endYear, finishYear, project.startYear) + HOLIDAY_YEARS_AHEAD;
  const holidays: string[] = [];
  for (let year = project.startYear; year <= lastYear; year += 1) holidays.push(...chileHolidays(year));
  return holidays;
}

/**
 * The answer of loadGantt, saveGantt, saveProgress …: the tasks with their computed dates; issue 15:
 * each with its dates in the chosen baseline (`baseline`), its actual dates and status, and a
 * summary's progress rolled up from its leaves by duration.
 */
export function toOutput(
  state: GanttState,
  scheduled: Scheduled,
  message: string,
  baseline: BaselineDates = new Map(),
  amounts?: ProgressAmounts,
): GanttOutput {
  const { project, tasks, links } = state;
  // with no progress recorded every summary rolls up to 0: the usual plan skips the walk up the tree
  // (and the spread of the amounts it would be weighted by, issue 33)
  const rolled = tasks.some((task) => task.progress !== 0)
    ? rollUpProgress(tasks, taskProgressWeights(tasks, amounts)).summaries
    : new Map<number, number>();
  const incoming = new Map<number, GanttLinkRecord[]>();
  for (const link of links) {
    const list = incoming.get(link.to);
    if (list) list.push(link);
    else incoming.set(link.to, [link]);
  }
  const ids = new Set(tasks.map((task) => task.id));
  const noLinks: GanttLinkRecord[] = [];
  // Built field by field rather than from conditional spreads (issue 18): 10,000 objects spread
  // together cost ~30 ms and came out in V8's slow dictionary mode, which JSON.stringify walks slowly.
  // The keys and their order are the ones the spreads gave.
  const activities = tasks.map((task, index): GanttTask => {
    const computed = scheduled.tasks[index] as Scheduled['tasks'][number];
    // one canonical order (by predecessor), whatever order the links were written in
    const taskLinks = (incoming.get(task.id) ?? noLinks).sort((a, b) => a.from - b.from);
    const predecessors = taskLinks.map((link) => ({
      predecessorId: link.from,
      type: link.type,
      lag: link.lag,
    }));
    // the required fields after ParentId are set below, in the contract's key order
    const activity = {
      TaskID: task.id,
      TaskCode: task.code,
      TaskName: task.name,
      StartDate: computed.start,
      StartNoEarlierThan: task.start,
      EndDate: computed.end,
      // issue 15: a leaf's planned duration, not the span a started or done task covers (the screen and
      // the Excel round trip send it back, and the remaining work is computed from it)
      Duration: computed.isSummary ? computed.duration : task.duration,
      Progress: computed.isSummary ? (rolled.get(task.id) ?? 0) : task.progress,
    } as GanttTask;
    if (task.parentId !== undefined && ids.has(task.parentId)) activity.ParentId = task.parentId;
    activity.Predecessor = formatPredecessors(predecessors);
    activity.totalFloat = computed.totalFloat;
    activity.critical = computed.critical;
    activity.isSummary = computed.isSummary;
    if (task.sourceKey !== null) activity.sourceKey = task.sourceKey;
    const generated = taskLinks.filter((link) => link.generated === true).map((link) => link.from);
    if (generated.length > 0) activity.generatedPredecessors = generated;
    const inBaseline = baseline.get(task.id);
    if (inBaseline) {
      activity.BaselineStart = inBaseline.start;
      activity.BaselineFinish = inBaseline.finish;
      activity.BaselineDuration = inBaseline.duration;
    }
    if (!computed.isSummary && task.actualStart !== undefined) activity.ActualStart = task.actualStart;
    if (!computed.isSummary && task.actualFinish !== undefined) activity.ActualFinish = task.actualFinish;
    if (!computed.isSummary && task.remaining !== undefined) activity.RemainingDuration = task.remaining;
    if (task.notes !== undefined) activity.Notes = task.notes;
    if (task.deadline !== undefined) activity.Deadline = task.deadline;
    if (!computed.isSummary && task.mustStartOn === true) activity.MustStartOn = true;
    if (!computed.isSummary && task.resume !== undefined) activity.Resume = task.resume;
    if (!computed.isSummary && task.levelingDelay !== undefined && task.leveledFrom !== undefined) {
      activity.LevelingDelay = task.levelingDelay;
      activity.LeveledFrom = task.leveledFrom;
    }
    if (task.resources !== undefined && task.resources.length > 0) {
      activity.Resources = task.resources.map((item) => ({ resourceId: item.resourceId, units: item.units }));
    }
    // issue 35: a leaf sized by its quantity, and whether a duration typed by hand wins over it
    if (!computed.isSummary && task.formula !== undefined) activity.DurationFormula = { ...task.formula };
    if (!computed.isSummary && task.durationByHand === true) activity.DurationByHand = true;
    if (computed.status !== undefined) activity.status = computed.status;
    return activity;
  });
  return {
    activities,
    version: project.version,
    calendar: {
      workWeek: workWeekOfWeekdays(project.calendar.workingWeekdays),
      firstYear: project.startYear,
      holidays: holidayList(project, scheduled.projectFinish),
      workingWeekdays: [...project.calendar.workingWeekdays],
      chileHolidays: project.calendar.chileHolidays,
      exceptions: project.calendar.exceptions.map((exception) => ({ ...exception })),
    },
    projectStart: scheduled.projectStart,
    projectFinish: scheduled.projectFinish,
    sequencing: project.sequencing,
    ...(project.cutoff === undefined ? {} : { cutoff: project.cutoff }),
    ...(project.baselineId === undefined ? {} : { baselineId: project.baselineId }),
    ...(amounts === undefined || amounts.items.length === 0
      ? {}
      : { progressAmounts: { currency: amounts.currency, items: [...amounts.items] } }),
    message,
  };
}

export function scheduledOrThrow(result: ScheduleResult): Scheduled {
  if (!result.ok) throw new HttpsError('INVALID_ARGUMENT', result.error);
  return result;
}
