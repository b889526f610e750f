import { linkPairKey } from '@cimiento/domain';
import { assignmentsKey } from '@cimiento/domain/resources';
import type { ResourceAssignment } from '@cimiento/domain/resources';
import type { GanttLinkRecord, GanttTaskRecord, LinkType, ProjectCalendar, SequencingMode } from '@cimiento/domain';
import { sql } from 'kysely';
import type { Kysely, SelectQueryBuilder, Transaction } from 'kysely';
import { chunks } from '../db/db-helpers';
import type { Database } from '../db/schema';
import { HttpsError } from '../core/https-error';
import { projectCalendarOf, toSequencing } from '../db/project-columns';

/**
 * The Gantt (issue 7; domain.md "Gantt"): tasks and links stored relationally, built from the EDP
 * and EDC on the first load and merged with them on later ones (build-gantt.ts), scheduled by the
 * domain's engine on every load and save. Writes move `project.gantt_version` on with a
 * conditional UPDATE, like the EDP: it detects a stale save (no row changes) and, in PostgreSQL,
 * holds the project's row lock so two writes of the same Gantt queue instead of interleaving.
 */

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

export type GanttState = {
  project: ProjectGanttRow;
  tasks: GanttTaskRecord[];
  links: GanttLinkRecord[];
};

/** issue 15: a task's dates in a baseline, by task id. */
export type BaselineDates = ReadonlyMap<number, { start: string; finish: string; duration: number }>;

export function projectNotFound(): HttpsError {
  return new HttpsError('NOT_FOUND', 'Proyecto no encontrado');
}

/** The project's columns a Gantt reads (readProject), with its latest cut-off. */
export function selectProjectGanttColumns<O>(query: SelectQueryBuilder<Database, 'project', O>) {
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

export function toProjectGanttRow(row: ProjectGanttColumns): ProjectGanttRow {
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
      'remaining_duration',
      'notes',
      'deadline',
      'must_start_on',
      'resume',
      'leveling_delay',
      'leveled_from',
      'duration_by_hand',
    ])
    .where('project_id', '=', projectId)
    .orderBy('position')
    .execute();
  // PostgreSQL returns bigint columns as strings; no object spread per row (issue 18: 10,000 rows)
  const tasks = rows.map((row) => {
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
    if (row.remaining_duration !== null) task.remaining = Number(row.remaining_duration);
    if (row.notes !== null) task.notes = row.notes;
    if (row.deadline !== null) task.deadline = row.deadline;
    if (row.must_start_on !== null && Number(row.must_start_on) === 1) task.mustStartOn = true;
    if (row.resume !== null) task.resume = row.resume;
    if (row.leveling_delay !== null && row.leveled_from !== null) {
      task.levelingDelay = Number(row.leveling_delay);
      task.leveledFrom = row.leveled_from;
    }
    if (row.duration_by_hand !== null && Number(row.duration_by_hand) === 1) task.durationByHand = true;
    if (row.parent_id !== null) task.parentId = Number(row.parent_id);
    return task;
  });
  const resources = await readTaskResources(db, projectId);
  if (resources.size > 0) {
    for (const task of tasks) {
      const list = resources.get(task.id);
      if (list !== undefined) task.resources = list;
    }
  }
  return tasks;
}

/** issue 35: every task's resources ('Recursos'), by task id, in each task's order. */
export async function readTaskResources(
  db: Kysely<Database>,
  projectId: string,
): Promise<Map<number, ResourceAssignment[]>> {
  const rows = await db
    .selectFrom('gantt_task_resource')
    .select(['task_id', 'resource_id', 'units'])
    .where('project_id', '=', projectId)
    .orderBy('task_id')
    .orderBy('position')
    .execute();
  const byTask = new Map<number, ResourceAssignment[]>();
  for (const row of rows) {
    const taskId = Number(row.task_id);
    const assignment = { resourceId: row.resource_id, units: Number(row.units) };
    const list = byTask.get(taskId);
    if (list) list.push(assignment);
    else byTask.set(taskId, [assignment]);
  }
  return byTask;
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
export async function readRemovedLinks(db: Kysely<Database>, projectId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('gantt_removed_link')
    .select(['from_key', 'to_key'])
    .where('project_id', '=', projectId)
    .execute();
  return new Set(rows.map((row) => linkPairKey(row.from_key, row.to_key)));
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
  remaining_duration: number | null;
  notes: string | null;
  deadline: string | null;
  must_start_on: number | null;
  resume: string | null;
  leveling_delay: number | null;
  leveled_from: string | null;
  duration_by_hand: number | null;
};

export function toTaskRow(task: GanttTaskRecord, position: number): TaskRow {
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
    remaining_duration: task.remaining ?? null,
    notes: task.notes ?? null,
    deadline: task.deadline ?? null,
    must_start_on: task.mustStartOn === true ? 1 : null,
    resume: task.resume ?? null,
    leveling_delay: task.levelingDelay ?? null,
    leveled_from: task.leveledFrom ?? null,
    duration_by_hand: task.durationByHand === true ? 1 : null,
  };
}

export function sameRow(a: TaskRow, b: TaskRow): boolean {
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
    a.actual_finish === b.actual_finish &&
    a.remaining_duration === b.remaining_duration &&
    a.notes === b.notes &&
    a.deadline === b.deadline &&
    a.must_start_on === b.must_start_on &&
    a.resume === b.resume &&
    a.leveling_delay === b.leveling_delay &&
    a.leveled_from === b.leveled_from &&
    a.duration_by_hand === b.duration_by_hand
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
          sql`(CAST(${row.id} AS bigint), CAST(${row.source_key} AS text), CAST(${row.parent_id} AS bigint), CAST(${row.code} AS text), CAST(${row.name} AS text), CAST(${row.start_date} AS text), CAST(${row.duration} AS integer), CAST(${row.progress} AS double precision), CAST(${row.position} AS integer), CAST(${row.actual_start} AS text), CAST(${row.actual_finish} AS text), CAST(${row.remaining_duration} AS integer), CAST(${row.notes} AS text), CAST(${row.deadline} AS text), CAST(${row.must_start_on} AS integer), CAST(${row.resume} AS text), CAST(${row.leveling_delay} AS integer), CAST(${row.leveled_from} AS text), CAST(${row.duration_by_hand} AS integer))`,
      ),
    );
    await sql`WITH next_task (id, source_key, parent_id, code, name, start_date, duration, progress, position, actual_start, actual_finish, remaining_duration, notes, deadline, must_start_on, resume, leveling_delay, leveled_from, duration_by_hand) AS (VALUES ${values})
      UPDATE gantt_task SET source_key = next_task.source_key, parent_id = next_task.parent_id, code = next_task.code,
        name = next_task.name, start_date = next_task.start_date, duration = next_task.duration,
        progress = next_task.progress, position = next_task.position,
        actual_start = next_task.actual_start, actual_finish = next_task.actual_finish,
        remaining_duration = next_task.remaining_duration, notes = next_task.notes, deadline = next_task.deadline,
        must_start_on = next_task.must_start_on, resume = next_task.resume,
        leveling_delay = next_task.leveling_delay, leveled_from = next_task.leveled_from,
        duration_by_hand = next_task.duration_by_hand
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

  // issue 35: a kept task whose resources differ gets them rewritten; a new task's are inserted
  const storedResources = new Map(stored.tasks.map((task) => [task.id, assignmentsKey(task.resources)]));
  const reassigned: number[] = [];
  const resourceRows: { project_id: string; task_id: number; resource_id: string; units: number; position: number }[] =
    [];
  for (const task of next.tasks) {
    const before = storedResources.get(task.id);
    const key = assignmentsKey(task.resources);
    if (before === key) continue;
    if (before !== undefined && before !== '') reassigned.push(task.id);
    (task.resources ?? []).forEach((assignment, position) =>
      resourceRows.push({
        project_id: projectId,
        task_id: task.id,
        resource_id: assignment.resourceId,
        units: assignment.units,
        position,
      }),
    );
  }
  for (const part of chunks(reassigned)) {
    await trx
      .deleteFrom('gantt_task_resource')
      .where('project_id', '=', projectId)
      .where('task_id', 'in', part)
      .execute();
  }
  for (const part of chunks(resourceRows)) await trx.insertInto('gantt_task_resource').values(part).execute();
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
