/**
 * The scheduling engine's inputs and results (schedule.ts; IncrementalScheduler,
 * incremental-scheduler.ts; the reference engine, schedule-reference.ts).
 */

export const linkTypes = ['FS', 'SS', 'FF', 'SF'] as const;
export type LinkType = (typeof linkTypes)[number];

export type ScheduleTask = {
  id: number;
  parentId?: number;
  /** YYYY-MM-DD: the earliest the task may start */
  start: string;
  /** working days; 0 = milestone (ignored for summaries, which roll up) */
  duration: number;
  /** for messages */
  code?: string;
  name?: string;
  /**
   * issue 15, progress at the cut-off (leaves only; checked at the edge): YYYY-MM-DD. A task with an
   * actual finish is done and stays on its actual dates; one with only an actual start is under way.
   */
  actualStart?: string;
  actualFinish?: string;
  /** physical progress, 0–100: a task under way has duration × (1 − progress/100) left, from the cut-off */
  progress?: number;
  /**
   * issue 34: the working days left of a task under way as recorded ('Duración restante', MS Project's
   * RemainingDuration, P6's remaining duration), scheduled from the cut-off instead of what the
   * progress leaves (remainingWorkDays); read only for a task under way
   */
  remaining?: number;
  /**
   * issue 34: the start is a must-start-on ('Debe comenzar el', MS Project's Must Start On, P6's
   * mandatory start): a leaf not started starts on `start`, whatever its links and the cut-off say,
   * and its late start is no later (so a link it breaks shows as negative float)
   */
  mustStartOn?: boolean;
  /**
   * issue 34: YYYY-MM-DD, 'Reanudar' (MS Project's Resume): the remaining work of a task under way
   * starts on this day at the earliest, in place of the cut-off (links still push it); read only for
   * a task under way
   */
  resume?: string;
};

/** issue 15: the cut-off ('fecha de corte'), the first day of remaining work, like P6's data date. */
export type ScheduleOptions = { cutoff?: string };

export type ScheduleLink = { from: number; to: number; type: LinkType; lag: number };

export type ScheduledTask = {
  id: number;
  start: string;
  /** the last working day (the start for a milestone) */
  end: string;
  duration: number;
  /** working days the task can slip without moving the project's finish */
  totalFloat: number;
  critical: boolean;
  isSummary: boolean;
  /** early start / finish as working indices, for tests and the chart */
  startIndex: number;
  finishIndex: number;
  /** issue 15: 'done' (actual finish), 'started' (actual start only), else absent */
  status?: 'done' | 'started';
};

export type ScheduleResult =
  | { ok: true; tasks: ScheduledTask[]; projectStart: string; projectFinish: string }
  | { ok: false; error: string; cycle: number[] };
