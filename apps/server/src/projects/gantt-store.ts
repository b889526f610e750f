import {
  GANTT_STALE_MESSAGE,
  WorkingCalendar,
  dayNumber,
  formatIsoDate,
  formatNumber,
  formatPredecessors,
  ganttSources,
  isoDay,
  mergeGanttTasks,
  parsePredecessors,
  schedule,
} from '@cimiento/domain';
import type {
  EdcItem,
  GanttLinkRecord,
  GanttOutput,
  GanttTask,
  GanttTaskInput,
  GanttTaskRecord,
  LinkType,
  ScheduleResult,
  WorkWeek,
} from '@cimiento/domain';
import { chileHolidays } from '@cimiento/domain/holidays';
import { sql } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import { chunks } from '../catalogues/catalogue-store';
import type { Database } from '../db/schema';
import { HttpsError } from '../functions/https-error';
import { readEdpItems } from './edp-store';
import { toWorkWeek } from './project-store';

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

type ProjectGanttRow = { startYear: number; endYear: number; version: number; workWeek: WorkWeek };

type GanttState = {
  project: ProjectGanttRow;
  tasks: GanttTaskRecord[];
  links: GanttLinkRecord[];
};

function projectNotFound(): HttpsError {
  return new HttpsError('NOT_FOUND', 'Proyecto no encontrado');
}

async function readProject(db: Kysely<Database>, projectId: string): Promise<ProjectGanttRow> {
  const row = await db
    .selectFrom('project')
    .select(['start_year', 'end_year', 'gantt_version', 'gantt_work_week'])
    .where('_id', '=', projectId)
    .executeTakeFirst();
  if (!row) throw projectNotFound();
  return {
    startYear: Number(row.start_year),
    endYear: Number(row.end_year),
    version: Number(row.gantt_version),
    workWeek: toWorkWeek(row.gantt_work_week),
  };
}

/**
 * How far a schedule may reach: HORIZON_YEARS past the project's start year, and at most
 * MAX_WORKING_INDEX working days from its first working day (about as many years of Monday–Friday).
 * The calendar covers every year up to the latest date the engine asks for, a year at a time;
 * one StartDate in 9999, or a chain of 10,000-day tasks, would keep a request busy for minutes.
 */
const HORIZON_YEARS = 100;
const MAX_WORKING_INDEX = HORIZON_YEARS * 250;

class ScheduleHorizonError extends Error {}

/** The working calendar, refusing (ScheduleHorizonError) to reach past the horizon. */
class BoundedCalendar extends WorkingCalendar {
  private readonly horizonDay: number;

  constructor(workWeek: WorkWeek, firstYear: number) {
    super(workWeek, chileHolidays, firstYear);
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
function horizonDate(startYear: number): string {
  return `${String(startYear + HORIZON_YEARS).padStart(4, '0')}-01-01`;
}

function calendarFor(project: Pick<ProjectGanttRow, 'startYear' | 'workWeek'>): WorkingCalendar {
  return new BoundedCalendar(project.workWeek, project.startYear);
}

// ---------------------------------------------------------------- reading and writing rows

async function readTasks(db: Kysely<Database>, projectId: string): Promise<GanttTaskRecord[]> {
  const rows = await db
    .selectFrom('gantt_task')
    .select(['id', 'source_key', 'parent_id', 'code', 'name', 'start_date', 'duration', 'progress'])
    .where('project_id', '=', projectId)
    .orderBy('position')
    .execute();
  // PostgreSQL returns bigint columns as strings
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
    return row.parent_id === null ? task : { ...task, parentId: Number(row.parent_id) };
  });
}

async function readLinks(db: Kysely<Database>, projectId: string): Promise<GanttLinkRecord[]> {
  const rows = await db
    .selectFrom('gantt_link')
    .select(['from_id', 'to_id', 'type', 'lag'])
    .where('project_id', '=', projectId)
    .orderBy('to_id')
    .orderBy('from_id')
    .execute();
  return rows.map((row) => ({
    from: Number(row.from_id),
    to: Number(row.to_id),
    type: row.type as LinkType,
    lag: Number(row.lag),
  }));
}

/** Every EDC list of the project, by EDP item, in list order; a main item hangs from its EDP item. */
async function readEdcLists(
  db: Kysely<Database>,
  projectId: string,
  edpCodeById: ReadonlyMap<number, string>,
): Promise<Map<number, EdcItem[]>> {
  const rows = await db
    .selectFrom('edc_item')
    .select(['edp_item_id', 'code', 'name', 'parent_code', 'kind'])
    .where('project_id', '=', projectId)
    .orderBy('edp_item_id')
    .orderBy('position')
    .execute();
  const lists = new Map<number, EdcItem[]>();
  for (const row of rows) {
    const edpItemId = Number(row.edp_item_id);
    // as loadEdc reads it: the EDP editor may have re-coded the item since the list was saved
    const parentCode = row.kind === 'main' ? (edpCodeById.get(edpItemId) ?? row.parent_code) : row.parent_code;
    const item: EdcItem = { code: row.code, name: row.name, parentCode, kind: row.kind as EdcItem['kind'] };
    const list = lists.get(edpItemId);
    if (list) list.push(item);
    else lists.set(edpItemId, [item]);
  }
  return lists;
}

/** Moves the Gantt's version on from `basedOn`; false when another writer moved it first (or the project is gone). */
async function claimVersion(trx: Transaction<Database>, projectId: string, basedOn: number): Promise<boolean> {
  const result = await trx
    .updateTable('project')
    .set({ gantt_version: basedOn + 1, updated_at: new Date().toISOString() })
    .where('_id', '=', projectId)
    .where('gantt_version', '=', basedOn)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
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
    a.position === b.position
  );
}

function incomingText(links: readonly GanttLinkRecord[] | undefined): string {
  if (!links) return '';
  return links
    .map((link) => `${link.from}${link.type}${link.lag}`)
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
async function writeGantt(
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

  // One statement per chunk, not per row (as edp-store does): the CTE with a column list and
  // UPDATE … FROM work on both PostgreSQL and SQLite (3.33+); the casts give PostgreSQL the types.
  for (const part of chunks(changed)) {
    const values = sql.join(
      part.map(
        (row) =>
          sql`(CAST(${row.id} AS bigint), CAST(${row.source_key} AS text), CAST(${row.parent_id} AS bigint), CAST(${row.code} AS text), CAST(${row.name} AS text), CAST(${row.start_date} AS text), CAST(${row.duration} AS integer), CAST(${row.progress} AS double precision), CAST(${row.position} AS integer))`,
      ),
    );
    await sql`WITH next_task (id, source_key, parent_id, code, name, start_date, duration, progress, position) AS (VALUES ${values})
      UPDATE gantt_task SET source_key = next_task.source_key, parent_id = next_task.parent_id, code = next_task.code,
        name = next_task.name, start_date = next_task.start_date, duration = next_task.duration,
        progress = next_task.progress, position = next_task.position
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
    .map((link) => ({ project_id: projectId, from_id: link.from, to_id: link.to, type: link.type, lag: link.lag }));
  for (const part of chunks(linkRows)) await trx.insertInto('gantt_link').values(part).execute();
}

// ---------------------------------------------------------------- scheduling and answering

type Scheduled = Extract<ScheduleResult, { ok: true }>;

function scheduleGantt(
  tasks: readonly GanttTaskRecord[],
  links: readonly GanttLinkRecord[],
  project: Pick<ProjectGanttRow, 'startYear' | 'workWeek'>,
): ScheduleResult {
  try {
    return schedule(
      tasks.map((task) => ({
        id: task.id,
        ...(task.parentId === undefined ? {} : { parentId: task.parentId }),
        start: task.start,
        duration: task.duration,
        code: task.code,
        name: task.name,
      })),
      links,
      calendarFor(project),
    );
  } catch (error) {
    if (!(error instanceof ScheduleHorizonError)) throw error;
    return {
      ok: false,
      error: `El cronograma debe terminar antes del ${formatIsoDate(horizonDate(project.startYear))} (${HORIZON_YEARS} años desde el inicio del proyecto): revisa las duraciones y los desfases`,
      cycle: [],
    };
  }
}

/** Chile's holidays from the project's start year to HOLIDAY_YEARS_AHEAD past its end or the schedule's finish. */
function holidayList(project: ProjectGanttRow, projectFinish: string): string[] {
  const finishYear = projectFinish === '' ? project.startYear : Number(projectFinish.slice(0, 4));
  const lastYear = Math.max(project.endYear, finishYear, project.startYear) + HOLIDAY_YEARS_AHEAD;
  const holidays: string[] = [];
  for (let year = project.startYear; year <= lastYear; year += 1) holidays.push(...chileHolidays(year));
  return holidays;
}

function toOutput(state: GanttState, scheduled: Scheduled, message: string): GanttOutput {
  const { project, tasks, links } = state;
  const incoming = new Map<number, GanttLinkRecord[]>();
  for (const link of links) {
    const list = incoming.get(link.to);
    if (list) list.push(link);
    else incoming.set(link.to, [link]);
  }
  const ids = new Set(tasks.map((task) => task.id));
  const activities = tasks.map((task, index): GanttTask => {
    const computed = scheduled.tasks[index] as Scheduled['tasks'][number];
    // one canonical order (by predecessor), whatever order the links were written in
    const predecessors = (incoming.get(task.id) ?? [])
      .sort((a, b) => a.from - b.from)
      .map((link) => ({
        predecessorId: link.from,
        type: link.type,
        lag: link.lag,
      }));
    return {
      TaskID: task.id,
      TaskCode: task.code,
      TaskName: task.name,
      StartDate: computed.start,
      EndDate: computed.end,
      Duration: computed.duration,
      Progress: task.progress,
      ...(task.parentId !== undefined && ids.has(task.parentId) ? { ParentId: task.parentId } : {}),
      Predecessor: formatPredecessors(predecessors),
      totalFloat: computed.totalFloat,
      critical: computed.critical,
      isSummary: computed.isSummary,
      ...(task.sourceKey === null ? {} : { sourceKey: task.sourceKey }),
    };
  });
  return {
    activities,
    version: project.version,
    calendar: {
      workWeek: project.workWeek,
      firstYear: project.startYear,
      holidays: holidayList(project, scheduled.projectFinish),
    },
    projectStart: scheduled.projectStart,
    projectFinish: scheduled.projectFinish,
    message,
  };
}

function scheduledOrThrow(result: ScheduleResult): Scheduled {
  if (!result.ok) throw new HttpsError('INVALID_ARGUMENT', result.error);
  return result;
}

// ---------------------------------------------------------------- loadGantt

/**
 * One try of loadGantt's read and merge, in one transaction. `undefined`: the merge changed the
 * task list but another writer moved the version meanwhile; the caller reads again.
 */
async function readAndMerge(db: Kysely<Database>, projectId: string): Promise<GanttState | undefined> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const project = await readProject(trx, projectId);
      const edpItems = await readEdpItems(trx, projectId);
      const edc = await readEdcLists(trx, projectId, new Map(edpItems.map((item) => [item.id, item.code])));
      const stored = await readTasks(trx, projectId);
      const storedLinks = await readLinks(trx, projectId);
      const removedRows = await trx
        .selectFrom('gantt_removed_source')
        .select('source_key')
        .where('project_id', '=', projectId)
        .execute();
      const removed = new Set(removedRows.map((row) => row.source_key));
      // built tasks the user deleted in the Gantt stay deleted
      const sources = ganttSources(edpItems, edc).filter((source) => !removed.has(source.key));
      // domain.md: new tasks start on the first working day of January of the project's start year
      const newTaskStart = isoDay(calendarFor(project).dayAt(0));
      const merged = mergeGanttTasks(stored, storedLinks, sources, newTaskStart);
      if (merged.added === 0 && merged.removed === 0) return { project, tasks: merged.tasks, links: merged.links };
      if (!(await claimVersion(trx, projectId, project.version))) return undefined;
      await writeGantt(trx, projectId, { tasks: stored, links: storedLinks }, merged);
      return { project: { ...project, version: project.version + 1 }, tasks: merged.tasks, links: merged.links };
    });
}

/** loadGantt: the project's Gantt, merged with its current EDP and EDC (written when that changed it), scheduled. */
export async function loadGantt(db: Kysely<Database>, projectId: string): Promise<GanttOutput> {
  for (let attempt = 1; attempt <= LOAD_ATTEMPTS; attempt += 1) {
    let state: GanttState | undefined;
    try {
      state = await readAndMerge(db, projectId);
    } catch (error) {
      // PostgreSQL's repeatable read refuses an UPDATE of a row another transaction changed
      // since the snapshot (40001): the same race as a lost claim, so read again
      if ((error as { code?: string }).code !== '40001') throw error;
    }
    if (state) {
      const scheduled = scheduledOrThrow(scheduleGantt(state.tasks, state.links, state.project));
      const count = state.tasks.length;
      return toOutput(state, scheduled, `Gantt cargado: ${formatNumber(count)} ${count === 1 ? 'tarea' : 'tareas'}`);
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
    const parentId = task.ParentId ?? undefined;
    return parentId === undefined ? record : { ...record, parentId };
  });
  return { tasks, links };
}

/**
 * saveGantt: the whole task list, checked completely (ids, parents, predecessors, cycles) before
 * the first write, then stored with the computed starts (so a reload shows the same schedule) on
 * the version the screen loaded (stale → ABORTED). A built task left out of the list is
 * remembered, so the next load does not build it again.
 */
export async function saveGantt(
  db: Kysely<Database>,
  projectId: string,
  gantt: { activities: readonly GanttTaskInput[]; workWeek?: WorkWeek | undefined },
  version: number,
): Promise<GanttOutput> {
  const activities = gantt.activities as readonly TaskInput[];
  const checked = checkActivities(activities);
  const current = await readProject(db, projectId);
  // past the horizon the calendar would take minutes to build (see BoundedCalendar)
  const horizon = horizonDate(current.startYear);
  const late = activities.find((task) => task.StartDate >= horizon);
  if (late) throw refuse(late, `StartDate: debe ser anterior al ${formatIsoDate(horizon)}`);
  const project: ProjectGanttRow = { ...current, workWeek: gantt.workWeek ?? current.workWeek };
  const scheduled = scheduledOrThrow(scheduleGantt(checked.tasks, checked.links, project));
  // what is stored: the computed start and duration (a summary's rolled up)
  const computed = checked.tasks.map((task, index) => {
    const result = scheduled.tasks[index] as Scheduled['tasks'][number];
    return { ...task, start: result.start, duration: result.duration };
  });

  const tasks = await db.transaction().execute(async (trx) => {
    if (!(await claimVersion(trx, projectId, version))) {
      const exists = await trx.selectFrom('project').select('_id').where('_id', '=', projectId).executeTakeFirst();
      if (!exists) throw projectNotFound();
      throw new HttpsError('ABORTED', GANTT_STALE_MESSAGE);
    }
    const stored = { tasks: await readTasks(trx, projectId), links: await readLinks(trx, projectId) };
    // a TaskID stored before keeps its source; a new one is a task the user added
    const storedKeys = new Map(stored.tasks.map((task) => [task.id, task.sourceKey]));
    const withKeys = computed.map((task) => ({ ...task, sourceKey: storedKeys.get(task.id) ?? null }));
    const savedIds = new Set(withKeys.map((task) => task.id));
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
    await writeGantt(trx, projectId, stored, { tasks: withKeys, links: checked.links });
    const workWeek = gantt.workWeek;
    if (workWeek !== undefined && workWeek !== current.workWeek) {
      // the work week is also the project's option ('Editar proyecto', issue 12): changing it moves
      // the project's version on, so an edit of the project based on the old one is refused as stale
      await trx
        .updateTable('project')
        .set((eb) => ({ gantt_work_week: workWeek, version: eb('version', '+', 1) }))
        .where('_id', '=', projectId)
        .execute();
    }
    return withKeys;
  });

  const count = tasks.length;
  return toOutput(
    { project: { ...project, version: version + 1 }, tasks, links: checked.links },
    scheduled,
    `Gantt grabado: ${formatNumber(count)} ${count === 1 ? 'tarea' : 'tareas'}`,
  );
}
