import { ganttParentIds, ganttTaskCodes, rollUpProgress, taskProgressWeights } from '@cimiento/domain';
import type {
  DashboardProject,
  DashboardTask,
  GanttTaskRecord,
  HistoryEntry,
  ProgressAmounts,
  ProgressBasis,
  ScheduleResult,
} from '@cimiento/domain';
import { sql } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import { historyEntryOf, selectHistoryEntries } from '../collab/history-queries';
import type { Database } from '../db/schema';
import { listProjects } from './load-projects';
import { readProjectScope } from '../members/project-access';
import type { ProjectScope } from '../members/project-access';
import type { Caller } from '../core/context';
import { previewGantt } from '../gantt/gantt-merge';
import { readItemAmounts } from '../edp/edp-queries';

/**
 * The home dashboard (issue 19, loadDashboard): every project with its span, task and critical
 * counts and its progress at the latest cut-off; the leaf tasks starting or finishing in the next
 * two weeks; the latest history entries across projects; the catalogue counts.
 *
 * Each project's Gantt is read as loadGantt would answer it (previewGantt: merged with the EDP and
 * EDC, scheduled by the domain's engine, critical flags included) without writing. That costs a
 * read of every project's EDP, EDC and Gantt, so the answer is remembered at a stamp
 * (readDashboardStamp) of everything it is built from, read in one query per call.
 */

/** How many days the upcoming list covers, today included. */
export const UPCOMING_DAYS = 14;
/** The upcoming list's length at most. */
export const UPCOMING_LIMIT = 50;
/** How many history entries the recent list shows. */
export const RECENT_LIMIT = 10;

export type DashboardAnswer = {
  projects: DashboardProject[];
  upcoming: DashboardTask[];
  recent: HistoryEntry[];
  catalogues: { tiposArea: number; actividades: number; sistemas: number; componentes: number };
};

/** The ISO date `days` after `isoDate` (calendar days). */
export function addCalendarDays(isoDate: string, days: number): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The stamp's per-project columns: everything previewGantt and the project card read moves one of them on. */
async function readProjectStamps(db: Kysely<Database>) {
  return db
    .selectFrom('project')
    .select([
      '_id',
      'version',
      'edp_version',
      'gantt_version',
      (eb) =>
        eb
          .selectFrom('edc_list')
          .select((inner) => inner.fn.countAll().as('n'))
          .whereRef('edc_list.project_id', '=', 'project._id')
          .as('lists'),
      (eb) =>
        eb
          .selectFrom('edc_list')
          .select((inner) => inner.fn.sum('edc_list.version').as('n'))
          .whereRef('edc_list.project_id', '=', 'project._id')
          .as('list_versions'),
      (eb) =>
        eb
          .selectFrom('gantt_cutoff')
          .select((inner) => inner.fn.countAll().as('n'))
          .whereRef('gantt_cutoff.project_id', '=', 'project._id')
          .as('cutoffs'),
      (eb) =>
        eb
          .selectFrom('gantt_cutoff')
          .select((inner) => inner.fn.max('gantt_cutoff.recorded_at').as('n'))
          .whereRef('gantt_cutoff.project_id', '=', 'project._id')
          .as('recorded'),
    ])
    .where('deleted_at', 'is', null)
    .orderBy('_id')
    .execute();
}

type Totals = {
  tipos_area: unknown;
  actividades: unknown;
  sistemas: unknown;
  componentes: unknown;
  history_count: unknown;
  history_last: unknown;
};

/** The catalogue counts and the history's size and newest id, in one query. */
async function readTotals(db: Kysely<Database>): Promise<Totals> {
  const result = await sql<Totals>`SELECT
      (SELECT COUNT(*) FROM catalogue_area_type) AS tipos_area,
      (SELECT COUNT(*) FROM catalogue_activity) AS actividades,
      (SELECT COUNT(*) FROM catalogue_system) AS sistemas,
      (SELECT COUNT(*) FROM catalogue_component) AS componentes,
      (SELECT COUNT(*) FROM project_history) AS history_count,
      (SELECT MAX(id) FROM project_history) AS history_last`.execute(db);
  return result.rows[0] as Totals;
}

/**
 * The stamp of the caller's dashboard: the caller (`mine`), today in Santiago (the upcoming window),
 * every project's versions (its own, the EDP's, the Gantt's: every write of tasks, links, calendar or
 * progress claims it), its EDC lists' count and versions, its cut-offs' count and latest recording,
 * the catalogue counts and the history's size and newest entry. None of these comes back to an
 * earlier value while the answer would differ.
 */
export async function readDashboardStamp(db: Kysely<Database>, caller: Caller, today: string): Promise<string> {
  const projects = await readProjectStamps(db);
  const totals = await readTotals(db);
  return stampOf(caller.userId, today, projects, totals, await readProjectScope(db, caller));
}

type ProjectStampRow = Awaited<ReturnType<typeof readProjectStamps>>[number];

/** One project's part of the stamp: its versions, its EDC lists and its cut-offs. */
function projectKeyOf(row: ProjectStampRow): string {
  return JSON.stringify([
    row._id,
    Number(row.version),
    Number(row.edp_version),
    Number(row.gantt_version),
    Number(row.lists ?? 0),
    Number(row.list_versions ?? 0),
    Number(row.cutoffs ?? 0),
    row.recorded == null ? null : String(row.recorded),
  ]);
}

function stampOf(
  callerId: string,
  today: string,
  projects: Awaited<ReturnType<typeof readProjectStamps>>,
  totals: Totals,
  scope: ProjectScope,
): string {
  return JSON.stringify([
    callerId,
    today,
    // issue 36: the projects the caller sees, with the role on each
    scope.key,
    projects.map(projectKeyOf),
    [
      Number(totals.tipos_area),
      Number(totals.actividades),
      Number(totals.sistemas),
      Number(totals.componentes),
      Number(totals.history_count),
      Number(totals.history_last ?? 0),
    ],
  ]);
}

/** The projects with any cut-off recorded (their progress is tracked). */
async function readTrackedProjects(trx: Transaction<Database>): Promise<Set<string>> {
  const rows = await trx.selectFrom('gantt_cutoff').select('project_id').distinct().execute();
  return new Set(rows.map((row) => row.project_id));
}

/**
 * Issue 36: each project's open constraints due before `today` (every constraint write records a
 * history entry, which moves the stamp; a new day moves it too).
 */
async function readOverdueConstraints(trx: Transaction<Database>, today: string): Promise<Map<string, number>> {
  const rows = await trx
    .selectFrom('lp_constraint')
    .select(['project_id', (eb) => eb.fn.countAll().as('n')])
    .where('state', '=', 'abierta')
    .where('due_date', '<', today)
    .groupBy('project_id')
    .execute();
  return new Map(rows.map((row) => [row.project_id, Number(row.n)]));
}

/** The newest history entries of the projects in `scope`, with their project's name. */
export async function readRecentHistory(
  db: Kysely<Database>,
  limit: number,
  scope: ProjectScope,
): Promise<HistoryEntry[]> {
  let query = selectHistoryEntries(db);
  if (!scope.all) {
    const ids = [...scope.roles.keys()];
    if (ids.length === 0) return [];
    query = query.where('h.project_id', 'in', ids);
  }
  const rows = await query.orderBy('h.id', 'desc').limit(limit).execute();
  return rows.map(historyEntryOf);
}

type ProjectInfo = { id: string; name: string };

/** A leaf of a scheduled Gantt, as the upcoming list reads it. */
export type LeafDates = {
  taskId: number;
  code: string;
  name: string;
  start: string;
  finish: string;
  critical: boolean;
  /** no duration: one event (its start), not two */
  milestone: boolean;
};

/** What the dashboard keeps of one project's scheduled Gantt. */
export type GanttFigures = {
  taskCount: number;
  criticalCount: number;
  /** null while the Gantt has no task or cannot be scheduled */
  start: string | null;
  finish: string | null;
  leaves: LeafDates[];
  /** issue 33: the project's physical progress now, as the Gantt rolls it up (the latest cut-off's) */
  progress: number;
  progressBasis: ProgressBasis;
};

/** The figures of a Gantt and its schedule (a schedule that failed: the count, without dates). */
export function ganttFigures(
  tasks: readonly GanttTaskRecord[],
  result: ScheduleResult,
  amounts?: ProgressAmounts,
): GanttFigures {
  // issue 33, one measure: the figure the Gantt and 'Cortes de avance' show for the latest cut-off
  // (the Gantt's progress is the latest cut-off's: a change made in the Gantt rewrites that cut-off)
  const rolled = rollUpProgress(tasks, taskProgressWeights(tasks, amounts));
  const progress = { progress: rolled.project, progressBasis: rolled.basis };
  if (!result.ok || tasks.length === 0) {
    return { taskCount: tasks.length, criticalCount: 0, start: null, finish: null, leaves: [], ...progress };
  }
  const summaries = ganttParentIds(tasks);
  // issue 32: each task by its code unique in the project, as the Gantt and the workbooks name it
  const codes = ganttTaskCodes(tasks);
  const leaves: LeafDates[] = [];
  let criticalCount = 0;
  tasks.forEach((task, index) => {
    const computed = result.tasks[index];
    if (computed === undefined) return;
    if (computed.critical) criticalCount += 1;
    if (computed.isSummary || summaries.has(task.id)) return;
    leaves.push({
      taskId: task.id,
      code: codes.get(task.id) ?? task.code,
      name: task.name,
      start: computed.start,
      finish: computed.end,
      critical: computed.critical,
      milestone: computed.duration === 0,
    });
  });
  return {
    taskCount: tasks.length,
    criticalCount,
    start: result.projectStart,
    finish: result.projectFinish,
    leaves,
    ...progress,
  };
}

/**
 * The leaves starting or finishing between `from` and `to` (ISO dates, both included): one entry per
 * event, so a task starting and finishing in the window is listed twice (a milestone once).
 */
export function upcomingEvents(
  project: ProjectInfo,
  leaves: readonly LeafDates[],
  from: string,
  to: string,
): DashboardTask[] {
  const events: DashboardTask[] = [];
  for (const leaf of leaves) {
    const base = {
      projectId: project.id,
      projectName: project.name,
      taskId: leaf.taskId,
      code: leaf.code,
      name: leaf.name,
      start: leaf.start,
      finish: leaf.finish,
      critical: leaf.critical,
    };
    if (leaf.start >= from && leaf.start <= to) events.push({ ...base, event: 'start', date: leaf.start });
    if (!leaf.milestone && leaf.finish >= from && leaf.finish <= to) {
      events.push({ ...base, event: 'finish', date: leaf.finish });
    }
  }
  return events;
}

/** How many projects' figures each server process remembers per database (the oldest goes first). */
const REMEMBERED_PROJECTS = 500;
const figuresByDatabase = new WeakMap<Kysely<Database>, Map<string, { key: string; figures: GanttFigures }>>();

/**
 * Each project's figures, remembered at its own stamp (readProjectStamps' row: every write its Gantt
 * answer depends on moves one of its columns on), so one project's save does not schedule every
 * other project again. Per process and per database, like gantt-merge-cache.ts's verified merges.
 */
function rememberedFigures(db: Kysely<Database>): Map<string, { key: string; figures: GanttFigures }> {
  let remembered = figuresByDatabase.get(db);
  if (!remembered) {
    remembered = new Map();
    figuresByDatabase.set(db, remembered);
  }
  return remembered;
}

const collator = new Intl.Collator('es-CL', { numeric: true, sensitivity: 'base' });

/** By date, starts before finishes on a day, then project and task code; at most `limit`. */
export function sortUpcoming(events: DashboardTask[], limit: number = UPCOMING_LIMIT): DashboardTask[] {
  return events
    .sort(
      (a, b) =>
        a.date.localeCompare(b.date) ||
        (a.event === b.event ? 0 : a.event === 'start' ? -1 : 1) ||
        collator.compare(a.projectName, b.projectName) ||
        collator.compare(a.code, b.code),
    )
    .slice(0, limit);
}

/** The dashboard of `callerId` on `today` (YYYY-MM-DD, Santiago), and its stamp, in one snapshot. */
export async function buildDashboard(
  db: Kysely<Database>,
  caller: Caller,
  today: string,
): Promise<{ answer: DashboardAnswer; stamp: string }> {
  const callerId = caller.userId;
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const totals = await readTotals(trx);
      const projectStamps = await readProjectStamps(trx);
      const scope = await readProjectScope(trx, caller);
      const stamp = stampOf(callerId, today, projectStamps, totals, scope);
      const keyOf = new Map(projectStamps.map((row) => [row._id, projectKeyOf(row)]));
      const summaries = await listProjects(trx, callerId, scope);
      const tracked = await readTrackedProjects(trx);
      const overdue = await readOverdueConstraints(trx, today);
      const until = addCalendarDays(today, UPCOMING_DAYS - 1);
      const remembered = rememberedFigures(db);
      const projects: DashboardProject[] = [];
      const events: DashboardTask[] = [];
      for (const summary of summaries) {
        const key = keyOf.get(summary._id) ?? '';
        let figures = remembered.get(summary._id)?.key === key ? remembered.get(summary._id)?.figures : undefined;
        if (figures === undefined) {
          const { tasks, result } = await previewGantt(trx, summary._id);
          figures = ganttFigures(tasks, result, await readItemAmounts(trx, summary._id));
          remembered.delete(summary._id);
          remembered.set(summary._id, { key, figures });
          if (remembered.size > REMEMBERED_PROJECTS) remembered.delete(remembered.keys().next().value as string);
        }
        projects.push({
          id: summary._id,
          name: summary.name,
          code: summary.code,
          mine: summary.mine,
          start: figures.start,
          finish: figures.finish,
          taskCount: figures.taskCount,
          criticalCount: figures.criticalCount,
          progress: tracked.has(summary._id) ? figures.progress : null,
          progressBasis: figures.progressBasis,
          overdueConstraints: overdue.get(summary._id) ?? 0,
        });
        events.push(...upcomingEvents({ id: summary._id, name: summary.name }, figures.leaves, today, until));
      }
      return {
        stamp,
        answer: {
          projects,
          upcoming: sortUpcoming(events),
          recent: await readRecentHistory(trx, RECENT_LIMIT, scope),
          catalogues: {
            tiposArea: Number(totals.tipos_area),
            actividades: Number(totals.actividades),
            sistemas: Number(totals.sistemas),
            componentes: Number(totals.componentes),
          },
        },
      };
    });
}
