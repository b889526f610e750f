import type { WorkingCalendar } from './calendar';
import { runFull } from './schedule-passes';
import type { ScheduleLink, ScheduleOptions, ScheduleResult, ScheduleTask } from './schedule-types';

/**
 * The scheduling engine (domain.md "Gantt"; issue 7): a forward and a backward pass over
 * finish-to-start, start-to-start, finish-to-finish and start-to-finish links with lags in working
 * days, on a working calendar, with summary tasks rolled up from their children. Pure and
 * iterative (no recursion), O(tasks + links) after a topological sort.
 *
 * Time is counted in working indices (see WorkingCalendar): a task with start index s and
 * duration d works on indices s … s + d − 1 and "finishes" at f = s + d (a milestone, d = 0,
 * starts and finishes at s). Dates shown are the first and the last working day (for a milestone,
 * both its day). A leaf's stored start is a "start no earlier than" constraint: links can push it
 * later, never earlier.
 *
 * Milestones follow MS Project (issue 14; domain.md): a milestone driven by a finish (FS or FF from
 * a task with work) sits at the end of that finish day, so it shows on the predecessor's finish
 * day, not on the next working day. In working time the end of day k − 1 and the start of day k
 * are the same instant, so this changes no index, float or successor: each start and finish carries
 * a flag "at the end of the previous working day" (EOD) that only decides which day is shown. On a
 * tie the start of the day wins, as MS Project's later clock time does.
 */

/*
 * The engine's pieces: its inputs and results (schedule-types.ts), the network compiled from the
 * tasks and links (schedule-network.ts), the forward and backward passes with the float and the
 * critical path (schedule-passes.ts), and IncrementalScheduler (incremental-scheduler.ts), which
 * reruns only what an edit moves.
 */

/**
 * Schedules `tasks` and `links` on `calendar`. A link into a summary applies to each of its leaf
 * tasks; a link out of a summary uses the summary's rolled-up dates. Links whose ends are not
 * tasks of the list are ignored (the caller validates them). A cycle (including one through a
 * summary and its own children) is refused with the tasks involved.
 */
export function schedule(
  tasks: readonly ScheduleTask[],
  links: readonly ScheduleLink[],
  calendar: WorkingCalendar,
  options: ScheduleOptions = {},
): ScheduleResult {
  const run = runFull(tasks, links, calendar, options);
  return 'net' in run ? run.result : run;
}
