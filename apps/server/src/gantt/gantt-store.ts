import {
  dayNumber,
  formatCount,
  formatIsoDate,
  formatNumber,
  formatPredecessors,
  GANTT_STALE_MESSAGE,
  ganttChange,
  ganttParentIds,
  ganttSources,
  isoDay,
  linkPairKey,
  mergeGanttTasks,
  parsePredecessors,
  progressEntryErrors,
  reconcileGeneratedLinks,
  rollUpProgress,
  schedule,
  sequenceGantt,
  sequencingLabels,
  weekdaysOfWorkWeek,
  WorkingCalendar,
  workWeekOfWeekdays,
} from '@cimiento/domain';
import type {
  EdcItem,
  GanttLinkRecord,
  GanttOutput,
  GanttTask,
  GanttTaskInput,
  GanttTaskRecord,
  PricedEdpItem,
  LinkType,
  ProgressEntry,
  ProjectCalendar,
  ScheduleLink,
  ScheduleOptions,
  ScheduleResult,
  ScheduleTask,
  SequencingMode,
  WorkWeek,
} from '@cimiento/domain';
import { chileHolidays } from '@cimiento/domain/holidays';
import { sql } from 'kysely';
import type { Kysely, SelectQueryBuilder, Transaction } from 'kysely';
import { chunks } from '../db/db-helpers';
import { recordChange } from '../collab/history-queries';
import type { ChangeAuthor } from '../collab/history-queries';
import type { Database } from '../db/schema';
import { HttpsError } from '../core/https-error';
import { progressRefusal, progressTaskInfo, projectProgress, writeCutoffTasks } from './cutoff-history';
import { EDC_ITEM_COLUMNS, edcItemOfRow } from '../edc/edc-queries';
import { readEdpItems } from '../edp/edp-queries';
import { calendarColumns, projectCalendarOf, sameCalendar, toSequencing } from '../db/project-columns';

/**
 * The Gantt (issue 7; domain.md "Gantt"): tasks and links stored relationally, built from the EDP
 * and EDC on the first load and merged with them on later ones (build-gantt.ts), scheduled by the
 * domain's engine on every load and save. Writes move `project.gantt_version` on with a
 * conditional UPDATE, like the EDP: it detects a stale save (no row changes) and, in PostgreSQL,
 * holds the project's row lock so two writes of the same Gantt queue instead of interleaving.
 */

/** Years of holidays the web gets past the later of the project's end and the schedule's finish. */
const HOLIDAY_YEARS_AHEAD = 5;
/** A load whose merge keeps losing the version race to other writers gives up after this many tries. */
const LOAD_ATTEMPTS = 5;

export type ProjectGanttRow = {
  startYear: number;
  endYear: number;
  version: number;
  /** issue 14: the project's calendar (weekdays, Chile's holidays on or off, exceptions) */
  calendar: ProjectCalendar;
  /** issue 13: how the generated tasks are linked (sequence-gantt.ts) */
  sequencing: SequencingMode;
  /** issue 15: YYYY-MM-DD, the latest cut-off recorded (the remaining work starts there); absent: none */
  cutoff?: string;
  /** issue 15: the baseline shown and compared; absent: none */
  baselineId?: string;
};

type GanttState = {
  project: ProjectGanttRow;
  tasks: GanttTaskRecord[];
  links: GanttLinkRecord[];
};

/** issue 15: a task's dates in a baseline, by task id. */
export type BaselineDates = ReadonlyMap<number, { start: string; finish: string; duration: number }>;

function projectNotFound(): HttpsError {
  return new HttpsError('NOT_FOUND', 'Proyecto no encontrado');
}

/** The project's columns a Gantt reads (readProject), with its latest cut-off. */
function selectProjectGanttColumns<O>(query: SelectQueryBuilder<Database, 'project', O>) {
  return query.select([
    'start_year',
    'end_year',
    'gantt_version',
    'gantt_work_week',
    'gantt_calendar',
    'sequencing',
    'gantt_baseline_id',
    (eb) =>
      eb
        .selectFrom('gantt_cutoff')
        .select((inner) => inner.fn.max('gantt_cutoff.cutoff').as('latest'))
        .whereRef('gantt_cutoff.project_id', '=', 'project._id')
        .as('cutoff'),
  ]);
}

/** The columns of the sources stamp beside readProject's (readSourcesStamp): the EDP's version, the EDC lists. */
function selectSourcesColumns<O>(query: SelectQueryBuilder<Database, 'project', O>) {
  return query.select([
    'edp_version',
    (eb) =>
      eb
        .selectFrom('edc_list')
        .select((inner) => inner.fn.countAll().as('lists'))
        .whereRef('edc_list.project_id', '=', 'project._id')
        .as('lists'),
    (eb) =>
      eb
        .selectFrom('edc_list')
        .select((inner) => inner.fn.sum('edc_list.version').as('versions'))
        .whereRef('edc_list.project_id', '=', 'project._id')
        .as('versions'),
  ]);
}

export async function readProject(db: Kysely<Database>, projectId: string): Promise<ProjectGanttRow> {
  const row = await db
    .selectFrom('project')
    .$call(selectProjectGanttColumns)
    .where('_id', '=', projectId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw projectNotFound();
  return toProjectGanttRow(row);
}

type ProjectGanttColumns = {
  start_year: number | string;
  end_year: number | string;
  gantt_version: number | string;
  gantt_work_week: string;
  gantt_calendar: string | null;
  sequencing: string;
  gantt_baseline_id: string | null;
  cutoff: unknown;
};

function toProjectGanttRow(row: ProjectGanttColumns): ProjectGanttRow {
  return {
    startYear: Number(row.start_year),
    endYear: Number(row.end_year),
    version: Number(row.gantt_version),
    calendar: projectCalendarOf(row),
    sequencing: toSequencing(row.sequencing),
    ...(row.cutoff == null ? {} : { cutoff: String(row.cutoff) }),
    ...(row.gantt_baseline_id === null ? {} : { baselineId: row.gantt_baseline_id }),
  };
}

/** issue 15: the dates of every task in a baseline (empty for none). */
export async function readBaselineDates(db: Kysely<Database>, baselineId: string | undefined): Promise<BaselineDates> {
  if (baselineId === undefined) return new Map();
  const rows = await db
    .selectFrom('gantt_baseline_task')
    .select(['task_id', 'start_date', 'finish_date', 'duration'])
    .where('baseline_id', '=', baselineId)
    .execute();
  return new Map(
    rows.map((row) => [
      Number(row.task_id),
      { start: row.start_date, finish: row.finish_date, duration: Number(row.duration) },
    ]),
  );
}

/**
 * How far a schedule may reach: HORIZON_YEARS past the project's start year, and at most
 * MAX_WORKING_INDEX working days from its first working day (about as many years of Monday–Friday).
 * The calendar covers every year up to the latest date the engine asks for, a year at a time;
 * one StartDate in 9999, or a chain of 10,000-day tasks, would keep a request busy for minutes.
 */
export const HORIZON_YEARS = 100;
const MAX_WORKING_INDEX = HORIZON_YEARS * 250;

class ScheduleHorizonError extends Error {}

const noHolidays = (): readonly string[] => [];

/** The working calendar, refusing (ScheduleHorizonError) to reach past the horizon. */
class BoundedCalendar extends WorkingCalendar {
  private readonly horizonDay: number;

  /** issue 14: the project's weekdays and exceptions; Chile's holidays only when the calendar has them on */
  constructor(calendar: ProjectCalendar, firstYear: number) {
    super(
      { workingWeekdays: calendar.workingWeekdays, exceptions: calendar.exceptions },
      calendar.chileHolidays ? chileHolidays : noHolidays,
      firstYear,
    );
    this.horizonDay = dayNumber(horizonDate(firstYear));
  }

  override indexOf(day: number): number {
    if (day >= this.horizonDay) throw new ScheduleHorizonError();
    return super.indexOf(day);
  }

  override dayAt(index: number): number {
    if (index > MAX_WORKING_INDEX) throw new ScheduleHorizonError();
    return super.dayAt(index);
  }
}

/** The first day past the horizon: 1 January, HORIZON_YEARS after the start year. */
export function horizonDate(startYear: number): string {
  return `${String(startYear + HORIZON_YEARS).padStart(4, '0')}-01-01`;
}

export function calendarFor(project: Pick<ProjectGanttRow, 'startYear' | 'calendar'>): WorkingCalendar {
  return new BoundedCalendar(project.calendar, project.startYear);
}

// ---------------------------------------------------------------- reading and writing rows

export async function readTasks(db: Kysely<Database>, projectId: string): Promise<GanttTaskRecord[]> {
  const rows = await db
    .selectFrom('gantt_task')
    .select([
      'id',
      'source_key',
      'parent_id',
      'code',
      'name',
      'start_date',
      'duration',
      'progress',
      'actual_start',
      'actual_finish',
    ])
    .where('project_id', '=', projectId)
    .orderBy('position')
    .execute();
  // PostgreSQL returns bigint columns as strings; no object spread per row (issue 18: 10,000 rows)
  return rows.map((row) => {
    const task: GanttTaskRecord = {
      id: Number(row.id),
      sourceKey: row.source_key,
      code: row.code,
      name: row.name,
      start: row.start_date,
      duration: Number(row.duration),
      progress: Number(row.progress),
    };
    if (row.actual_start !== null) task.actualStart = row.actual_start;
    if (row.actual_finish !== null) task.actualFinish = row.actual_finish;
    if (row.parent_id !== null) task.parentId = Number(row.parent_id);
    return task;
  });
}

export async function readLinks(db: Kysely<Database>, projectId: string): Promise<GanttLinkRecord[]> {
  const rows = await db
    .selectFrom('gantt_link')
    .select(['from_id', 'to_id', 'type', 'lag', 'generated'])
    .where('project_id', '=', projectId)
    .orderBy('to_id')
    .orderBy('from_id')
    .execute();
  return rows.map((row) => {
    const link: GanttLinkRecord = {
      from: Number(row.from_id),
      to: Number(row.to_id),
      type: row.type as LinkType,
      lag: Number(row.lag),
    };
    // SQLite stores 0/1, PostgreSQL a boolean
    if (row.generated === true || Number(row.generated) === 1) link.generated = true;
    return link;
  });
}

/** The generated links the user deleted, as linkPairKey(from source key, to source key). */
async function readRemovedLinks(db: Kysely<Database>, projectId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('gantt_removed_link')
    .select(['from_key', 'to_key'])
    .where('project_id', '=', projectId)
    .execute();
  return new Set(rows.map((row) => linkPairKey(row.from_key, row.to_key)));
}

/** The source keys of built tasks the user deleted in the Gantt. */
async function readRemovedSources(db: Kysely<Database>, projectId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('gantt_removed_source')
    .select('source_key')
    .where('project_id', '=', projectId)
    .execute();
  return new Set(rows.map((row) => row.source_key));
}

/** Every EDC list of the project, by EDP item, in list order; a main item hangs from its EDP item. */
async function readEdcLists(
  db: Kysely<Database>,
  projectId: string,
  edpCodeById: ReadonlyMap<number, string>,
): Promise<Map<number, EdcItem[]>> {
  const rows = await db
    .selectFrom('edc_item')
    .select(['edp_item_id', ...EDC_ITEM_COLUMNS])
    .where('project_id', '=', projectId)
    .orderBy('edp_item_id')
    .orderBy('position')
    .execute();
  const lists = new Map<number, EdcItem[]>();
  for (const row of rows) {
    const edpItemId = Number(row.edp_item_id);
    // as loadEdc reads it, with the catalogue copies the sequencing and rule 1 (new leaves' durations) read
    const item = edcItemOfRow(row, edpCodeById.get(edpItemId));
    const list = lists.get(edpItemId);
    if (list) list.push(item);
    else lists.set(edpItemId, [item]);
  }
  return lists;
}

/** Moves the Gantt's version on from `basedOn`; false when another writer moved it first (or the project is gone). */
export async function claimVersion(trx: Transaction<Database>, projectId: string, basedOn: number): Promise<boolean> {
  const result = await trx
    .updateTable('project')
    .set({ gantt_version: basedOn + 1, updated_at: new Date().toISOString() })
    .where('_id', '=', projectId)
    .where('gantt_version', '=', basedOn)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * claimVersion for a save based on `basedOn`: a project that is gone → NOT_FOUND, a version another
 * writer moved on → ABORTED (GANTT_STALE_MESSAGE).
 */
export async function claimVersionOrRefuse(
  trx: Transaction<Database>,
  projectId: string,
  basedOn: number,
): Promise<void> {
  if (await claimVersion(trx, projectId, basedOn)) return;
  const exists = await trx
    .selectFrom('project')
    .select('_id')
    .where('_id', '=', projectId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!exists) throw projectNotFound();
  throw new HttpsError('ABORTED', GANTT_STALE_MESSAGE);
}

type TaskRow = {
  id: number;
  source_key: string | null;
  parent_id: number | null;
  code: string;
  name: string;
  start_date: string;
  duration: number;
  progress: number;
  position: number;
  actual_start: string | null;
  actual_finish: string | null;
};

function toTaskRow(task: GanttTaskRecord, position: number): TaskRow {
  return {
    id: task.id,
    source_key: task.sourceKey,
    parent_id: task.parentId ?? null,
    code: task.code,
    name: task.name,
    start_date: task.start,
    duration: task.duration,
    progress: task.progress,
    position,
    actual_start: task.actualStart ?? null,
    actual_finish: task.actualFinish ?? null,
  };
}

function sameRow(a: TaskRow, b: TaskRow): boolean {
  return (
    a.source_key === b.source_key &&
    a.parent_id === b.parent_id &&
    a.code === b.code &&
    a.name === b.name &&
    a.start_date === b.start_date &&
    a.duration === b.duration &&
    a.progress === b.progress &&
    a.position === b.position &&
    a.actual_start === b.actual_start &&
    a.actual_finish === b.actual_finish
  );
}

function incomingText(links: readonly GanttLinkRecord[] | undefined): string {
  if (!links) return '';
  return links
    .map((link) => `${link.from}${link.type}${link.lag}${link.generated === true ? 'g' : ''}`)
    .sort()
    .join(',');
}

function groupByTarget(links: readonly GanttLinkRecord[]): Map<number, GanttLinkRecord[]> {
  const byTarget = new Map<number, GanttLinkRecord[]>();
  for (const link of links) {
    const list = byTarget.get(link.to);
    if (list) list.push(link);
    else byTarget.set(link.to, [link]);
  }
  return byTarget;
}

/**
 * Writes `next` over the stored Gantt as a difference, in chunks of 500 rows: deleted tasks go
 * (their links with them), changed tasks are updated, new ones inserted (positions follow
 * `next`'s order), and a task's incoming links are rewritten only when they changed. Saving a
 * 10,000-task Gantt after one edit wrote 19,000 rows when it replaced everything.
 */
export async function writeGantt(
  trx: Transaction<Database>,
  projectId: string,
  stored: { tasks: readonly GanttTaskRecord[]; links: readonly GanttLinkRecord[] },
  next: { tasks: readonly GanttTaskRecord[]; links: readonly GanttLinkRecord[] },
): Promise<void> {
  const storedRows = new Map(stored.tasks.map((task, position) => [task.id, toTaskRow(task, position)]));
  const nextIds = new Set(next.tasks.map((task) => task.id));

  const removed = stored.tasks.filter((task) => !nextIds.has(task.id)).map((task) => task.id);
  for (const part of chunks(removed)) {
    await trx.deleteFrom('gantt_task').where('project_id', '=', projectId).where('id', 'in', part).execute();
  }

  const inserted: TaskRow[] = [];
  const changed: TaskRow[] = [];
  next.tasks.forEach((task, position) => {
    const row = toTaskRow(task, position);
    const old = storedRows.get(task.id);
    if (!old) inserted.push(row);
    else if (!sameRow(old, row)) changed.push(row);
  });

  // links: a kept task whose incoming links differ gets them rewritten
  const storedIncoming = groupByTarget(stored.links);
  const nextIncoming = groupByTarget(next.links);
  const relinked: number[] = [];
  for (const task of next.tasks) {
    if (!storedRows.has(task.id)) continue;
    if (incomingText(storedIncoming.get(task.id)) !== incomingText(nextIncoming.get(task.id))) relinked.push(task.id);
  }
  for (const part of chunks(relinked)) {
    await trx.deleteFrom('gantt_link').where('project_id', '=', projectId).where('to_id', 'in', part).execute();
  }

  // One statement per chunk, not per row (as edp-queries.ts does): the CTE with a column list and
  // UPDATE … FROM work on both PostgreSQL and SQLite (3.33+); the casts give PostgreSQL the types.
  for (const part of chunks(changed)) {
    const values = sql.join(
      part.map(
        (row) =>
          sql`(CAST(${row.id} AS bigint), CAST(${row.source_key} AS text), CAST(${row.parent_id} AS bigint), CAST(${row.code} AS text), CAST(${row.name} AS text), CAST(${row.start_date} AS text), CAST(${row.duration} AS integer), CAST(${row.progress} AS double precision), CAST(${row.position} AS integer), CAST(${row.actual_start} AS text), CAST(${row.actual_finish} AS text))`,
      ),
    );
    await sql`WITH next_task (id, source_key, parent_id, code, name, start_date, duration, progress, position, actual_start, actual_finish) AS (VALUES ${values})
      UPDATE gantt_task SET source_key = next_task.source_key, parent_id = next_task.parent_id, code = next_task.code,
        name = next_task.name, start_date = next_task.start_date, duration = next_task.duration,
        progress = next_task.progress, position = next_task.position,
        actual_start = next_task.actual_start, actual_finish = next_task.actual_finish
      FROM next_task
      WHERE gantt_task.project_id = ${projectId} AND gantt_task.id = next_task.id`.execute(trx);
  }
  for (const part of chunks(inserted)) {
    await trx
      .insertInto('gantt_task')
      .values(part.map((row) => ({ project_id: projectId, ...row })))
      .execute();
  }

  const relinkedSet = new Set(relinked);
  const linkRows = next.links
    .filter((link) => relinkedSet.has(link.to) || !storedRows.has(link.to))
    .map((link) => ({
      project_id: projectId,
      from_id: link.from,
      to_id: link.to,
      type: link.type,
      lag: link.lag,
      // 0/1 on both: SQLite's boolean, and PostgreSQL reads the text '0'/'1' of an untyped parameter as a boolean
      generated: link.generated === true ? 1 : 0,
    }));
  for (const part of chunks(linkRows)) await trx.insertInto('gantt_link').values(part).execute();
}

// ---------------------------------------------------------------- scheduling and answering

export type Scheduled = Extract<ScheduleResult, { ok: true }>;

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
    // field by field, not by conditional spreads (issue 18: 10,000 tasks on every load)
    tasks.map((task) => {
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
      return input;
    }),
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
 * A new project's Gantt written whole (importProject, issue 14): every task and link inserted in
 * chunks, as a save onto an empty Gantt writes them. The caller's transaction holds the project row.
 */
export async function insertGantt(
  trx: Transaction<Database>,
  projectId: string,
  gantt: { tasks: readonly GanttTaskRecord[]; links: readonly GanttLinkRecord[] },
): Promise<void> {
  await writeGantt(trx, projectId, { tasks: [], links: [] }, gantt);
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
): GanttOutput {
  const { project, tasks, links } = state;
  // with no progress recorded every summary rolls up to 0: the usual plan skips the walk up the tree
  const rolled = tasks.some((task) => task.progress !== 0)
    ? rollUpProgress(tasks).summaries
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
    message,
  };
}

export function scheduledOrThrow(result: ScheduleResult): Scheduled {
  if (!result.ok) throw new HttpsError('INVALID_ARGUMENT', result.error);
  return result;
}

// ---------------------------------------------------------------- loadGantt

/** Two link lists hold the same links (type, lag and generated flag included), whatever their order. */
function sameLinks(a: readonly GanttLinkRecord[], b: readonly GanttLinkRecord[]): boolean {
  if (a.length !== b.length) return false;
  const text = (link: GanttLinkRecord) =>
    `${link.from}>${link.to}${link.type}${link.lag}${link.generated === true ? 'g' : ''}`;
  const left = new Set(a.map(text));
  return b.every((link) => left.has(text(link)));
}

/**
 * The links after the sequencing's (reconcileGeneratedLinks), scheduled. When they cannot be
 * scheduled (a generated link into a leaf the user made a summary, say), the generated links that
 * were not stored before are dropped rather than failing the load; a schedule that fails even then
 * is the stored Gantt's own error.
 */
function sequencedLinks(
  tasks: readonly GanttTaskRecord[],
  before: readonly GanttLinkRecord[],
  reconciled: readonly GanttLinkRecord[],
  project: ProjectGanttRow,
): { links: GanttLinkRecord[]; result: ScheduleResult } {
  const result = scheduleGantt(tasks, reconciled, project);
  if (result.ok || sameLinks(before, reconciled)) return { links: [...reconciled], result };
  const storedGenerated = new Set(
    before.filter((link) => link.generated === true).map((link) => `${link.from}>${link.to}${link.type}${link.lag}`),
  );
  const withoutNew = reconciled.filter(
    (link) => link.generated !== true || storedGenerated.has(`${link.from}>${link.to}${link.type}${link.lag}`),
  );
  return { links: withoutNew, result: scheduleGantt(tasks, withoutNew, project) };
}

/** The project's EDP and EDC as the sequencing and the merge read them, and the merge of the stored Gantt with them. */
async function readMerged(trx: Transaction<Database>, projectId: string, project: ProjectGanttRow) {
  const edpItems = await readEdpItems(trx, projectId);
  const edc = await readEdcLists(trx, projectId, new Map(edpItems.map((item) => [item.id, item.code])));
  const stored = await readTasks(trx, projectId);
  const storedLinks = await readLinks(trx, projectId);
  const removedSources = await readRemovedSources(trx, projectId);
  // built tasks the user deleted in the Gantt stay deleted
  const sources = ganttSources(edpItems, edc).filter((source) => !removedSources.has(source.key));
  // domain.md: new tasks start on the first working day of January of the project's start year
  const newTaskStart = isoDay(calendarFor(project).dayAt(0));
  const merged = mergeGanttTasks(stored, storedLinks, sources, newTaskStart);
  return { edpItems, edc, stored, storedLinks, merged };
}

/**
 * issue 19 (the home dashboard): the Gantt as loadGantt would answer it now (merged with the current
 * EDP and EDC, its generated links reconciled with the sequencing's) and its schedule, read in the
 * caller's transaction without writing anything: a Gantt never opened is built in memory.
 */
export async function previewGantt(
  trx: Transaction<Database>,
  projectId: string,
): Promise<{ project: ProjectGanttRow; tasks: GanttTaskRecord[]; result: ScheduleResult }> {
  const project = await readProject(trx, projectId);
  const { edpItems, edc, merged } = await readMerged(trx, projectId, project);
  const reconciled = reconcileGeneratedLinks({
    tasks: merged.tasks,
    links: merged.links,
    sequence: sequenceGantt(edpItems, edc, project.sequencing),
    removed: await readRemovedLinks(trx, projectId),
  });
  const { result } = sequencedLinks(merged.tasks, merged.links, reconciled.links, project);
  return { project, tasks: merged.tasks, result };
}

/** Two task lists hold the same tasks in the same order, every stored field equal. */
function sameTaskList(a: readonly GanttTaskRecord[], b: readonly GanttTaskRecord[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((task, index) => {
    const other = b[index] as GanttTaskRecord;
    return task.id === other.id && sameRow(toTaskRow(task, index), toTaskRow(other, index));
  });
}

/**
 * Everything loadGantt's merge and sequencing read besides the Gantt's own rows, as one text read
 * in the load's snapshot (issue 18). Every write they depend on moves one of these on, and none of
 * them ever comes back to an earlier value: the Gantt's version (every write of its tasks, links,
 * removed sources and removed links claims it, and so does a change of the calendar or the start
 * year), the EDP's version (every EDP save; deleting an item deletes its EDC list), the number of
 * EDC lists and the sum of their versions (every EDC save claims its list's version; lists go only
 * with their EDP item), and the project's own options the merge and the sequencing read.
 */
async function readSourcesStamp(
  trx: Transaction<Database>,
  projectId: string,
  project: ProjectGanttRow,
): Promise<string> {
  const row = await trx
    .selectFrom('project')
    .$call(selectSourcesColumns)
    .where('_id', '=', projectId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw projectNotFound();
  return sourcesStampOf(project, row);
}

type SourcesColumns = { edp_version: number | string; lists: unknown; versions: unknown };

function sourcesStampOf(project: ProjectGanttRow, row: SourcesColumns): string {
  return JSON.stringify([
    project.version,
    Number(row.edp_version),
    Number(row.lists ?? 0),
    Number(row.versions ?? 0),
    project.sequencing,
    project.startYear,
    project.calendar,
    project.cutoff ?? null,
  ]);
}

/**
 * The stamp of loadGantt's answer (issue 18: functions/answer-cache.ts): the project, the sources
 * stamp (readSourcesStamp) and what else the answer shows of the project, its end year and its
 * chosen baseline (a baseline's dates are written once, with it). A load that wrote (the merge or
 * the sequencing changed the Gantt) moved the Gantt's version on and names no stamp.
 */
function answerStampOf(projectId: string, project: ProjectGanttRow, sourcesStamp: string): string {
  return JSON.stringify([projectId, sourcesStamp, project.endYear, project.baselineId ?? null]);
}

/**
 * loadGantt's answer stamp as the project stands now, in one read (readProject's and
 * readSourcesStamp's columns together); undefined when the project is gone.
 */
export async function readGanttAnswerStamp(db: Kysely<Database>, projectId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('project')
    .$call(selectProjectGanttColumns)
    .$call(selectSourcesColumns)
    .where('_id', '=', projectId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  const project = toProjectGanttRow(row);
  return answerStampOf(projectId, project, sourcesStampOf(project, row));
}

/** How many projects' stamps each server process remembers (the oldest remembered is forgotten first). */
const VERIFIED_PROJECTS = 1000;
const verifiedByDatabase = new WeakMap<Kysely<Database>, Map<string, string>>();

/**
 * The stamp (readSourcesStamp) at which each project's last full load found that merging with the
 * EDP and EDC and reconciling the generated links changed nothing, not even a task's name or
 * place: at the same stamp the stored Gantt is their answer, so a load reads only the Gantt's rows
 * (issue 18: the merge was most of a load of 10,000 tasks). Kept in memory, per database, rather
 * than stored: an instance trusts only what it computed itself, with the rules of the code it runs.
 */
function verifiedMerges(db: Kysely<Database>): Map<string, string> {
  let verified = verifiedByDatabase.get(db);
  if (!verified) {
    verified = new Map();
    verifiedByDatabase.set(db, verified);
  }
  return verified;
}

/** Whether the next load of a project on `db` skips the merge (tests): its stamp now is the one remembered. */
export async function isMergeVerified(db: Kysely<Database>, projectId: string): Promise<boolean> {
  const remembered = verifiedByDatabase.get(db)?.get(projectId);
  if (remembered === undefined) return false;
  return db.transaction().execute(async (trx) => {
    return remembered === (await readSourcesStamp(trx, projectId, await readProject(trx, projectId)));
  });
}

function rememberVerified(verified: Map<string, string>, projectId: string, stamp: string): void {
  verified.delete(projectId);
  verified.set(projectId, stamp);
  if (verified.size > VERIFIED_PROJECTS) verified.delete(verified.keys().next().value as string);
}

type LoadedState = GanttState & {
  result: ScheduleResult;
  /** absent when the caller did not ask for them and the merge was skipped */
  edpItems: PricedEdpItem[] | undefined;
  /** the Gantt's tasks as stored after the load (its write, when it wrote), in position order */
  stored: GanttTaskRecord[];
  /** the answer's stamp (answerStampOf) when the load wrote nothing */
  answerStamp?: string;
};

/**
 * One try of loadGantt's read, merge and sequencing, in one transaction. `undefined`: the merge
 * or the sequencing changed the Gantt but another writer moved the version meanwhile; the caller
 * reads again.
 */
async function readAndMerge(
  db: Kysely<Database>,
  projectId: string,
  withEdpItems: boolean,
  fullMerge: boolean,
): Promise<LoadedState | undefined> {
  const verified = verifiedMerges(db);
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const project = await readProject(trx, projectId);
      const stamp = await readSourcesStamp(trx, projectId, project);
      if (!fullMerge && verified.get(projectId) === stamp) {
        // the merge and the sequencing found nothing to change at this stamp: the stored Gantt is
        // what they would answer (see verifiedMerges)
        const tasks = await readTasks(trx, projectId);
        const links = await readLinks(trx, projectId);
        const result = scheduleGantt(tasks, links, project);
        const edpItems = withEdpItems ? await readEdpItems(trx, projectId) : undefined;
        const answerStamp = answerStampOf(projectId, project, stamp);
        return { project, tasks, links, result, edpItems, stored: tasks, answerStamp };
      }
      const { edpItems, edc, stored, storedLinks, merged } = await readMerged(trx, projectId, project);
      // issue 13: the generated links follow the rules, less the ones the user deleted
      const reconciled = reconcileGeneratedLinks({
        tasks: merged.tasks,
        links: merged.links,
        sequence: sequenceGantt(edpItems, edc, project.sequencing),
        removed: await readRemovedLinks(trx, projectId),
      });
      const { links, result } = sequencedLinks(merged.tasks, merged.links, reconciled.links, project);
      if (merged.added === 0 && merged.removed === 0 && sameLinks(storedLinks, links)) {
        // nothing to write; when the merge did not even rename or reorder a task, the next load at
        // the same stamp can skip it
        if (!fullMerge && sameTaskList(stored, merged.tasks)) rememberVerified(verified, projectId, stamp);
        const answerStamp = answerStampOf(projectId, project, stamp);
        return { project, tasks: merged.tasks, links, result, edpItems, stored, answerStamp };
      }
      if (!(await claimVersion(trx, projectId, project.version))) return undefined;
      await writeGantt(trx, projectId, { tasks: stored, links: storedLinks }, { tasks: merged.tasks, links });
      return {
        project: { ...project, version: project.version + 1 },
        tasks: merged.tasks,
        links,
        result,
        edpItems,
        stored: merged.tasks,
      };
    });
}

/**
 * loadGantt: the project's Gantt, merged with its current EDP and EDC and its generated links
 * reconciled with the sequencing's (written when that changed it), scheduled. At a sources stamp
 * whose full merge already found nothing to change, the stored Gantt is read and scheduled without
 * reading the EDP and EDC again; `fullMerge` always merges (tests compare the two answers).
 */
export async function loadGantt(
  db: Kysely<Database>,
  projectId: string,
  options: { fullMerge?: boolean } = {},
): Promise<GanttOutput> {
  return (await loadStampedGantt(db, projectId, options)).output;
}

/**
 * loadGantt's answer and its stamp (readGanttAnswerStamp as it stood in the load's snapshot);
 * no stamp when the load wrote the Gantt.
 */
export async function loadStampedGantt(
  db: Kysely<Database>,
  projectId: string,
  options: { fullMerge?: boolean } = {},
): Promise<{ output: GanttOutput; stamp: string | undefined }> {
  const state = await loadMerged(db, projectId, false, options.fullMerge === true);
  const count = state.tasks.length;
  const output = toOutput(
    state,
    state.scheduled,
    `Gantt cargado: ${formatNumber(count)} ${count === 1 ? 'tarea' : 'tareas'}`,
    await readBaselineDates(db, state.project.baselineId),
  );
  return { output, stamp: state.answerStamp };
}

export type MergedGantt = GanttState & {
  /** index by index with `tasks` */
  scheduled: Scheduled;
  /** the EDP's items in tree order with their prices, as the merge read them */
  edpItems: PricedEdpItem[];
  /** the tasks as stored after the load (what readTasks reads then), in position order */
  stored: GanttTaskRecord[];
};

/**
 * What loadGantt reads and computes before laying out its answer: the project, the Gantt merged
 * with the current EDP and EDC (written when that changed it), its schedule, the EDP items the
 * merge read and the stored tasks. For the costs, which need the stored tasks and their dates but
 * not loadGantt's answer (its activities, holidays and baseline dates), nor a second read of them.
 */
export async function loadMergedGantt(db: Kysely<Database>, projectId: string): Promise<MergedGantt> {
  const state = await loadMerged(db, projectId, true, false);
  return { ...state, edpItems: state.edpItems ?? [] };
}

/** loadMergedGantt, with the EDP's items only when `withEdpItems` or the merge read them. */
async function loadMerged(
  db: Kysely<Database>,
  projectId: string,
  withEdpItems: boolean,
  fullMerge: boolean,
): Promise<Omit<MergedGantt, 'edpItems'> & { edpItems: PricedEdpItem[] | undefined; answerStamp?: string }> {
  for (let attempt = 1; attempt <= LOAD_ATTEMPTS; attempt += 1) {
    let state: LoadedState | undefined;
    try {
      state = await readAndMerge(db, projectId, withEdpItems, fullMerge);
    } catch (error) {
      // PostgreSQL's repeatable read refuses an UPDATE of a row another transaction changed
      // since the snapshot (40001): the same race as a lost claim, so read again
      if ((error as { code?: string }).code !== '40001') throw error;
    }
    if (state) {
      const { project, tasks, links, edpItems, stored, answerStamp } = state;
      const scheduled = scheduledOrThrow(state.result);
      return {
        project,
        tasks,
        links,
        edpItems,
        stored,
        scheduled,
        ...(answerStamp === undefined ? {} : { answerStamp }),
      };
    }
  }
  throw new HttpsError('ABORTED', GANTT_STALE_MESSAGE);
}

// ---------------------------------------------------------------- saveGantt

type TaskInput = {
  TaskID: number;
  TaskCode: string;
  TaskName: string;
  StartDate: string;
  Duration: number;
  Progress: number;
  ParentId?: number | null | undefined;
  Predecessor: string;
  generatedPredecessors?: number[] | undefined;
  /** issue 15: absent: as stored; null: none */
  ActualStart?: string | null | undefined;
  ActualFinish?: string | null | undefined;
};

function taskLabel(task: Pick<TaskInput, 'TaskID' | 'TaskCode'>): string {
  return task.TaskCode === '' ? `Tarea (${task.TaskID})` : `Tarea ${task.TaskCode} (${task.TaskID})`;
}

function refuse(task: Pick<TaskInput, 'TaskID' | 'TaskCode'>, what: string): HttpsError {
  return new HttpsError('INVALID_ARGUMENT', `${taskLabel(task)}: ${what}`);
}

/** The saved list as records and links, after every rule that does not need the schedule; throws the first broken rule. */
function checkActivities(activities: readonly TaskInput[]): { tasks: GanttTaskRecord[]; links: GanttLinkRecord[] } {
  const byId = new Map<number, TaskInput>();
  for (const task of activities) {
    const first = byId.get(task.TaskID);
    if (first) throw refuse(task, `el TaskID ${task.TaskID} ya lo usa la tarea ${first.TaskCode || first.TaskName}`);
    byId.set(task.TaskID, task);
  }
  for (const task of activities) {
    const parentId = task.ParentId ?? undefined;
    if (parentId === undefined) continue;
    if (parentId === task.TaskID) throw refuse(task, 'no puede ser su propia tarea resumen');
    if (!byId.has(parentId)) throw refuse(task, `su tarea resumen ${parentId} no está en el Gantt`);
  }
  // a parent chain that loops never reaches a root: walk each chain once, remembering finished tasks
  const rooted = new Set<number>();
  for (const task of activities) {
    const chain: number[] = [];
    const onChain = new Set<number>();
    let current: TaskInput | undefined = task;
    while (current && !rooted.has(current.TaskID)) {
      if (onChain.has(current.TaskID)) {
        const loop = [...chain.slice(chain.indexOf(current.TaskID)), current.TaskID].map((id) => {
          const looped = byId.get(id) as TaskInput;
          return looped.TaskCode === '' ? `(${id})` : `${looped.TaskCode} (${id})`;
        });
        throw refuse(current, `las tareas resumen forman un ciclo: ${loop.join(' → ')}`);
      }
      chain.push(current.TaskID);
      onChain.add(current.TaskID);
      const parentId: number | undefined = current.ParentId ?? undefined;
      current = parentId === undefined ? undefined : byId.get(parentId);
    }
    for (const id of chain) rooted.add(id);
  }

  const links: GanttLinkRecord[] = [];
  for (const task of activities) {
    const parsed = parsePredecessors(task.Predecessor);
    if (!parsed.ok) throw refuse(task, `Predecessor: ${parsed.error}`);
    for (const link of parsed.links) {
      if (link.predecessorId === task.TaskID) throw refuse(task, 'no puede ser su propio predecesor');
      if (!byId.has(link.predecessorId)) {
        throw refuse(task, `Predecessor: la tarea ${link.predecessorId} no está en el Gantt`);
      }
      links.push({ from: link.predecessorId, to: task.TaskID, type: link.type, lag: link.lag });
    }
  }
  const tasks = activities.map((task): GanttTaskRecord => {
    const record: GanttTaskRecord = {
      id: task.TaskID,
      sourceKey: null,
      code: task.TaskCode,
      name: task.TaskName,
      start: task.StartDate,
      duration: task.Duration,
      progress: task.Progress,
    };
    if (typeof task.ActualStart === 'string') record.actualStart = task.ActualStart;
    if (typeof task.ActualFinish === 'string') record.actualFinish = task.ActualFinish;
    const parentId = task.ParentId ?? undefined;
    return parentId === undefined ? record : { ...record, parentId };
  });
  return { tasks, links };
}

/**
 * The saved links with their generated flag (issue 13): a link stays generated only when the
 * stored link between the same two tasks was generated with the same type and lag and, when the
 * task sends `generatedPredecessors`, its predecessor is listed there. Every other link is the user's.
 */
function savedLinks(
  activities: readonly TaskInput[],
  links: readonly GanttLinkRecord[],
  storedLinks: readonly GanttLinkRecord[],
): GanttLinkRecord[] {
  const storedGenerated = new Map<string, GanttLinkRecord>();
  for (const link of storedLinks) if (link.generated === true) storedGenerated.set(`${link.from}>${link.to}`, link);
  if (storedGenerated.size === 0) return [...links];
  const listed = new Map<number, Set<number>>();
  for (const task of activities) {
    if (task.generatedPredecessors !== undefined) listed.set(task.TaskID, new Set(task.generatedPredecessors));
  }
  return links.map((link) => {
    const stored = storedGenerated.get(`${link.from}>${link.to}`);
    const generated =
      stored !== undefined &&
      stored.type === link.type &&
      stored.lag === link.lag &&
      (listed.get(link.to)?.has(link.from) ?? !listed.has(link.to));
    return generated ? { ...link, generated: true } : link;
  });
}

/**
 * A stored generated link that the save leaves out while both its tasks stay is recorded by its
 * tasks' source keys in `gantt_removed_link`, so later loads do not make it again.
 */
async function recordRemovedLinks(
  trx: Transaction<Database>,
  projectId: string,
  stored: { links: readonly GanttLinkRecord[] },
  links: readonly GanttLinkRecord[],
  savedIds: ReadonlySet<number>,
  storedKeys: ReadonlyMap<number, string | null>,
): Promise<void> {
  const savedPairs = new Set(links.map((link) => `${link.from}>${link.to}`));
  const rows = new Map<string, { project_id: string; from_key: string; to_key: string }>();
  for (const link of stored.links) {
    if (link.generated !== true || savedPairs.has(`${link.from}>${link.to}`)) continue;
    if (!savedIds.has(link.from) || !savedIds.has(link.to)) continue;
    const fromKey = storedKeys.get(link.from);
    const toKey = storedKeys.get(link.to);
    if (fromKey == null || toKey == null) continue;
    rows.set(linkPairKey(fromKey, toKey), { project_id: projectId, from_key: fromKey, to_key: toKey });
  }
  for (const part of chunks([...rows.values()])) {
    await trx
      .insertInto('gantt_removed_link')
      .values(part)
      .onConflict((conflict) => conflict.columns(['project_id', 'from_key', 'to_key']).doNothing())
      .execute();
  }
}

/**
 * The calendar a save asks for (issue 14): its whole `calendar` when sent (it wins over
 * `workWeek`), else the stored one with the weekdays of `workWeek` (Chile's holidays option and
 * the exceptions kept), else the stored one.
 */
function savedCalendar(
  stored: ProjectCalendar,
  gantt: { workWeek?: WorkWeek | undefined; calendar?: ProjectCalendar | undefined },
): ProjectCalendar {
  if (gantt.calendar !== undefined) {
    return {
      workingWeekdays: [...gantt.calendar.workingWeekdays],
      chileHolidays: gantt.calendar.chileHolidays,
      exceptions: gantt.calendar.exceptions.map((exception) => ({ ...exception })),
    };
  }
  if (gantt.workWeek !== undefined) return { ...stored, workingWeekdays: weekdaysOfWorkWeek(gantt.workWeek) };
  return stored;
}

/** With no cut-off recorded, progress cannot be recorded in the Gantt. */
export const NO_CUTOFF_MESSAGE = 'Para registrar avance, fija primero la fecha de corte en «Registrar avance»';

/**
 * issue 15: the leaves whose progress or actual dates a save changes are checked as saveProgress
 * checks an entry, at the project's latest cut-off (none recorded: refused). Unchanged values stay
 * as they are, even ones no rule would take now (progress imported from MS Project without actual
 * dates). Answers whether any changed.
 */
function checkProgressChanges(
  tasks: readonly GanttTaskRecord[],
  stored: readonly GanttTaskRecord[],
  summaries: ReadonlySet<number>,
  cutoff: string | undefined,
): boolean {
  const storedById = new Map(stored.map((task) => [task.id, task]));
  // a summary made a leaf sends back the progress the screen showed it: its rolled-up one
  const rolled = rollUpProgress(stored).summaries;
  const changes: ProgressEntry[] = [];
  for (const task of tasks) {
    if (summaries.has(task.id)) continue;
    const before = storedById.get(task.id);
    const beforeProgress = rolled.get(task.id) ?? before?.progress ?? 0;
    if (
      task.progress === beforeProgress &&
      task.actualStart === before?.actualStart &&
      task.actualFinish === before?.actualFinish
    ) {
      continue;
    }
    changes.push({
      TaskID: task.id,
      Progress: task.progress,
      ...(task.actualStart === undefined ? {} : { ActualStart: task.actualStart }),
      ...(task.actualFinish === undefined ? {} : { ActualFinish: task.actualFinish }),
    });
  }
  if (changes.length === 0) return false;
  if (cutoff === undefined) throw new HttpsError('INVALID_ARGUMENT', NO_CUTOFF_MESSAGE);
  const errors = progressEntryErrors(cutoff, changes, progressTaskInfo(tasks));
  if (errors.length > 0) throw progressRefusal(errors);
  return true;
}

/** issue 15: the latest cut-off's record follows a change of progress made in the Gantt. */
async function rewriteCutoff(
  trx: Transaction<Database>,
  projectId: string,
  cutoff: string,
  tasks: readonly GanttTaskRecord[],
): Promise<void> {
  const row = await trx
    .selectFrom('gantt_cutoff')
    .select('_id')
    .where('project_id', '=', projectId)
    .where('cutoff', '=', cutoff)
    .executeTakeFirst();
  if (!row) return;
  await writeCutoffTasks(trx, row._id, tasks);
  await trx
    .updateTable('gantt_cutoff')
    .set({ progress: projectProgress(tasks) })
    .where('_id', '=', row._id)
    .execute();
}

/**
 * saveGantt: the whole task list, checked completely (ids, parents, predecessors, cycles) before
 * the first write, then stored with each leaf's StartDate as its "no earlier than" (a reload
 * schedules it again to the same dates; a summary keeps its rolled-up start and duration) on
 * the version the screen loaded (stale → ABORTED). A built task left out of the list is
 * remembered, so the next load does not build it again. The project's calendar (issue 14: sent
 * whole as `calendar`, or its weekdays as the old `workWeek`) is scheduled on and stored in the
 * same transaction, under the same version check.
 */
export async function saveGantt(
  db: Kysely<Database>,
  projectId: string,
  gantt: {
    activities: readonly GanttTaskInput[];
    workWeek?: WorkWeek | undefined;
    calendar?: ProjectCalendar | undefined;
  },
  version: number,
  author: ChangeAuthor,
): Promise<GanttOutput> {
  const activities = gantt.activities as readonly TaskInput[];
  const checked = checkActivities(activities);
  const current = await readProject(db, projectId);
  // past the horizon the calendar would take minutes to build (see BoundedCalendar)
  const horizon = horizonDate(current.startYear);
  const late = activities.find((task) => task.StartDate >= horizon);
  if (late) throw refuse(late, `StartDate: debe ser anterior al ${formatIsoDate(horizon)}`);
  const calendar = savedCalendar(current.calendar, gantt);
  const project: ProjectGanttRow = { ...current, calendar };
  // issue 15: the stored tasks, read before scheduling: the actual dates a save leaves out (an older
  // screen, a script) stand as stored and are scheduled so, and a change of progress or actual dates
  // is checked against them
  const storedTasks = await readTasks(db, projectId);
  const storedById = new Map(storedTasks.map((task) => [task.id, task]));
  const summaries = ganttParentIds(checked.tasks);
  const effective = checked.tasks.map((task, index): GanttTaskRecord => {
    // a summary's progress is rolled up from its leaves on every answer, and it has no actual dates
    if (summaries.has(task.id)) {
      const { actualStart: _start, actualFinish: _finish, ...summary } = task;
      return { ...summary, progress: 0 };
    }
    const input = activities[index] as TaskInput;
    const before = storedById.get(task.id);
    const leaf = { ...task };
    if (input.ActualStart === undefined && before?.actualStart !== undefined) leaf.actualStart = before.actualStart;
    if (input.ActualFinish === undefined && before?.actualFinish !== undefined) leaf.actualFinish = before.actualFinish;
    return leaf;
  });
  const progressChanged = checkProgressChanges(effective, storedTasks, summaries, current.cutoff);
  const scheduled = scheduledOrThrow(scheduleGantt(effective, checked.links, project));
  // what is stored: a leaf's own start (its "no earlier than", not where the links put it, so
  // removing a link lets it move back) and duration; a summary's start and duration rolled up
  const computed = effective.map((task, index) => {
    const result = scheduled.tasks[index] as Scheduled['tasks'][number];
    return result.isSummary ? { ...task, start: result.start, duration: result.duration } : task;
  });

  const saved = await db.transaction().execute(async (trx) => {
    await claimVersionOrRefuse(trx, projectId, version);
    // the schedule was computed on the project and tasks read before the claim: a write in between
    // (another save, an edit of the project's calendar or start year) makes it stale too
    const now = await readProject(trx, projectId);
    if (
      current.version !== version ||
      now.startYear !== current.startYear ||
      !sameCalendar(now.calendar, current.calendar)
    ) {
      throw new HttpsError('ABORTED', GANTT_STALE_MESSAGE);
    }
    // every Gantt write claims the version, so the tasks read before the claim are the stored ones
    const stored = { tasks: storedTasks, links: await readLinks(trx, projectId) };
    // a TaskID stored before keeps its source; a new one is a task the user added
    const storedKeys = new Map(stored.tasks.map((task) => [task.id, task.sourceKey]));
    const withKeys = computed.map((task) => ({ ...task, sourceKey: storedKeys.get(task.id) ?? null }));
    const savedIds = new Set(withKeys.map((task) => task.id));
    const links = savedLinks(activities, checked.links, stored.links);
    await recordRemovedLinks(trx, projectId, stored, links, savedIds, storedKeys);
    const removedKeys = stored.tasks
      .filter((task) => task.sourceKey !== null && !savedIds.has(task.id))
      .map((task) => ({ project_id: projectId, source_key: task.sourceKey as string }));
    for (const part of chunks(removedKeys)) {
      await trx
        .insertInto('gantt_removed_source')
        .values(part)
        .onConflict((conflict) => conflict.columns(['project_id', 'source_key']).doNothing())
        .execute();
    }
    await writeGantt(trx, projectId, stored, { tasks: withKeys, links });
    // issue 15: progress recorded in the task editor is recorded at the latest cut-off
    if (progressChanged && current.cutoff !== undefined) await rewriteCutoff(trx, projectId, current.cutoff, withKeys);
    if (!sameCalendar(calendar, current.calendar)) {
      // the work week is also the project's option ('Editar proyecto', issue 12), and so is the
      // calendar (issue 14): changing it moves the project's version on, so an edit of the project
      // based on the old one is refused as stale
      await trx
        .updateTable('project')
        .set((eb) => ({ ...calendarColumns(calendar), version: eb('version', '+', 1) }))
        .where('_id', '=', projectId)
        .execute();
    }
    // issue 19: the history entry, from what was read and written here
    const calendarChanged = !sameCalendar(calendar, current.calendar);
    const history = ganttChange(
      stored,
      { tasks: withKeys, links },
      {
        prefix: author.functionName === 'importGantt' ? 'Gantt importado desde Excel' : 'Gantt',
        notes: calendarChanged ? ['Calendario del proyecto cambiado'] : [],
      },
    );
    await recordChange(trx, projectId, author, 'gantt', history);
    return { tasks: withKeys, links };
  });

  const count = saved.tasks.length;
  return toOutput(
    { project: { ...project, version: version + 1 }, tasks: saved.tasks, links: saved.links },
    scheduled,
    `Gantt grabado: ${formatNumber(count)} ${count === 1 ? 'tarea' : 'tareas'}`,
    await readBaselineDates(db, project.baselineId),
  );
}

// ---------------------------------------------------------------- regenerateGanttSequence

/**
 * regenerateGanttSequence ('Regenerar secuencia', issue 13): on the version the screen loaded
 * (stale → ABORTED, nothing written), sets the project's sequencing option (moving the project's
 * version on when it changes, as the work week does: it is a project option), forgets the
 * generated links the user deleted, and replaces the generated links with the rules' (after the
 * usual merge with the EDP and EDC). Every user link and every task field stays.
 */
export async function regenerateGanttSequence(
  db: Kysely<Database>,
  projectId: string,
  sequencing: SequencingMode,
  version: number,
  author: ChangeAuthor,
): Promise<GanttOutput> {
  const state = await db.transaction().execute(async (trx) => {
    await claimVersionOrRefuse(trx, projectId, version);
    const current = await readProject(trx, projectId);
    if (current.sequencing !== sequencing) {
      await trx
        .updateTable('project')
        .set((eb) => ({ sequencing, version: eb('version', '+', 1) }))
        .where('_id', '=', projectId)
        .execute();
    }
    await trx.deleteFrom('gantt_removed_link').where('project_id', '=', projectId).execute();
    const project: ProjectGanttRow = { ...current, sequencing };
    const { edpItems, edc, stored, storedLinks, merged } = await readMerged(trx, projectId, project);
    const reconciled = reconcileGeneratedLinks({
      tasks: merged.tasks,
      links: merged.links,
      sequence: sequenceGantt(edpItems, edc, sequencing),
      removed: new Set(),
    });
    const { links, result } = sequencedLinks(merged.tasks, merged.links, reconciled.links, project);
    // a Gantt that cannot be scheduled even so is refused before anything is kept
    const scheduled = scheduledOrThrow(result);
    await writeGantt(trx, projectId, { tasks: stored, links: storedLinks }, { tasks: merged.tasks, links });
    // issue 19: the history entry, from what was read and written here
    const history = ganttChange(
      { tasks: stored, links: storedLinks },
      { tasks: merged.tasks, links },
      {
        prefix: 'Gantt (regenerar secuencia)',
        notes:
          current.sequencing === sequencing
            ? []
            : [
                `Secuencia: ${sequencingLabels[current.sequencing] ?? current.sequencing} → ${sequencingLabels[sequencing] ?? sequencing}`,
              ],
      },
    );
    await recordChange(trx, projectId, author, 'gantt', history);
    return { project, tasks: merged.tasks, links, scheduled, storedLinks };
  });

  const { scheduled } = state;
  // the counts from what was stored and what is now: FS lag 0 generated links by their two tasks
  const generatedPairs = (links: readonly GanttLinkRecord[]) =>
    new Set(links.filter((link) => link.generated === true).map((link) => `${link.from}>${link.to}`));
  const before = generatedPairs(state.storedLinks);
  const after = generatedPairs(state.links);
  const added = [...after].filter((pair) => !before.has(pair)).length;
  const dropped = [...before].filter((pair) => !after.has(pair)).length;
  const own = state.links.length - after.size;
  return toOutput(
    state,
    scheduled,
    `Secuencia regenerada: ${formatCount(after.size, 'vínculo generado', 'vínculos generados')} ` +
      `(${formatCount(added, 'nuevo', 'nuevos')}, ${formatCount(dropped, 'quitado', 'quitados')}); ` +
      (own === 0
        ? 'no hay vínculos tuyos que conservar'
        : `${own === 1 ? 'se conserva' : 'se conservan'} ${formatCount(own, 'vínculo tuyo', 'vínculos tuyos')}`),
    await readBaselineDates(db, state.project.baselineId),
  );
}
