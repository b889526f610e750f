import { parsePredecessors } from '@cimiento/domain';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { saveEdcOk } from './edc';
import type { WireEdcItem } from './edc';
import { callFunction } from './factories';
import type { CallResult } from './factories';
import { createAreaType, createProject, loadProject, uniqueProjectCode } from './projects';
import type { DatabaseKind, TestApp } from './test-app';

export type WireGanttTask = {
  TaskID: number;
  TaskCode: string;
  TaskName: string;
  StartDate: string;
  StartNoEarlierThan: string;
  EndDate: string;
  Duration: number;
  Progress: number;
  ParentId?: number;
  Predecessor: string;
  totalFloat: number;
  critical: boolean;
  isSummary: boolean;
  sourceKey?: string;
  generatedPredecessors?: number[];
};
export type WireGantt = {
  activities: WireGanttTask[];
  version: number;
  calendar: {
    workWeek: 'mon-fri' | 'mon-sat' | 'custom';
    firstYear: number;
    holidays: string[];
    workingWeekdays: number[];
    chileHolidays: boolean;
    exceptions: { date: string; name: string; working: boolean }[];
  };
  projectStart: string;
  projectFinish: string;
  sequencing: 'none' | 'priority' | 'train';
  message: string;
  /** issue 15: the chosen baseline */
  baselineId?: string;
};

/** loadGantt as the Gantt screen calls it; the raw response. */
export function loadGantt(t: Pick<TestApp, 'app'>, cookie: string, id: string): Promise<CallResult> {
  return callFunction(t.app, 'loadGantt', { id }, cookie);
}

/** loadGantt that must succeed; the result. */
export async function loadGanttOk(t: Pick<TestApp, 'app'>, cookie: string, id: string): Promise<WireGantt> {
  const response = await loadGantt(t, cookie, id);
  expect(response.statusCode, JSON.stringify(response.body).slice(0, 500)).toBe(200);
  return response.body.result as WireGantt;
}

/** saveGantt as the Gantt screen calls it; the raw response. */
/** What saveGantt's `gantt` may carry besides the activities: the work week, or the whole calendar (issue 14). */
export type WireGanttSave = { activities: unknown[]; workWeek?: string; calendar?: unknown };

export function saveGantt(
  t: Pick<TestApp, 'app'>,
  cookie: string,
  id: string,
  gantt: WireGanttSave,
  version: number,
): Promise<CallResult> {
  return callFunction(t.app, 'saveGantt', { id, gantt, version }, cookie);
}

/** saveGantt that must succeed; the result. */
export async function saveGanttOk(
  t: Pick<TestApp, 'app'>,
  cookie: string,
  id: string,
  gantt: WireGanttSave,
  version: number,
): Promise<WireGantt> {
  const response = await saveGantt(t, cookie, id, gantt, version);
  expect(response.statusCode, JSON.stringify(response.body).slice(0, 500)).toBe(200);
  return response.body.result as WireGantt;
}

/** The task with `code`, or a failed expectation. */
export function taskByCode(gantt: Pick<WireGantt, 'activities'>, code: string): WireGanttTask {
  const task = gantt.activities.find((candidate) => candidate.TaskCode === code);
  if (!task) throw new Error(`no hay tarea ${code}`);
  return task;
}

/** A small EDC list for an EDP item: main M, sub M.1 and the given activities under it. */
export function edcList(edpCode: string, activities: string[] = ['Excavar', 'Hormigonar']): WireEdcItem[] {
  return [
    { code: 'M', name: 'Fundaciones', parentCode: edpCode, kind: 'main' },
    { code: 'M.1', name: 'Zapatas', parentCode: 'M', kind: 'sub' },
    ...activities.map((name, index): WireEdcItem => ({
      code: `ACT${index + 1}`,
      name,
      parentCode: 'M.1',
      kind: 'activity',
    })),
  ];
}

/**
 * A generated project (start year 2026, end 2027 unless told otherwise) with the seven-item EDP
 * 1 P · 2 P.1 · 3 P.1.1 · 4 P.1.2 · 5 P.2 · 6 P.2.1 · 7 P.2.2 (area type 'Piso' × 2, sub-area
 * 'Sala' × 2), and on item 3 the EDC list of `edcList` (M, M.1, ACT1 Excavar, ACT2 Hormigonar);
 * sequencing 'Sin secuencia' unless told otherwise.
 */
export async function createGanttProject(
  t: Pick<TestApp, 'app'>,
  cookie: string,
  options: { startYear?: string; endYear?: string; prefix?: string; sequencing?: 'none' | 'priority' | 'train' } = {},
): Promise<{ id: string; code: string; edpVersion: number }> {
  const areaType = await createAreaType(t, cookie, {
    name: 'Piso',
    sectores: [{ code: 'S', name: 'Sala', quantity: 2, priority: 1 }],
  });
  const code = uniqueProjectCode(options.prefix ?? 'G');
  const project = await createProject(t, cookie, {
    name: 'Edificio',
    code,
    startYear: options.startYear ?? '2026',
    endYear: options.endYear ?? '2027',
    // the tests of the Gantt's own behaviour leave the sequencing (issue 13) out unless told
    sequencing: options.sequencing ?? 'none',
    tiposArea: [{ _id: areaType._id, quantity: 2 }],
  });
  const { edp } = await loadProject(t, cookie, project._id);
  expect(edp.items).toHaveLength(7);
  await saveEdcOk(t, cookie, project._id, { id: 3, componentesEdc: edcList(`${code}.1.1`), version: 0 });
  return { id: project._id, code, edpVersion: edp.version };
}

/**
 * The activities as the screen sends them back: StartDate is the task's "no earlier than"
 * (StartNoEarlierThan), not the computed start; the computed fields go along and are ignored.
 */
export function asInput(activities: readonly WireGanttTask[]): Record<string, unknown>[] {
  return activities.map(({ StartNoEarlierThan, ...task }) => ({ ...task, StartDate: StartNoEarlierThan }));
}

/** What the database holds for a project's Gantt, read directly. */
export async function storedGantt(t: Pick<TestApp, 'db'>, projectId: string) {
  const project = await t.db
    .selectFrom('project')
    .select(['gantt_version', 'gantt_work_week', 'gantt_calendar'])
    .where('_id', '=', projectId)
    .executeTakeFirst();
  const tasks = await t.db
    .selectFrom('gantt_task')
    .select(['id', 'source_key', 'parent_id', 'code', 'name', 'start_date', 'duration', 'progress', 'position'])
    .where('project_id', '=', projectId)
    .orderBy('position')
    .execute();
  const links = await t.db
    .selectFrom('gantt_link')
    .select(['from_id', 'to_id', 'type', 'lag'])
    .where('project_id', '=', projectId)
    .orderBy('to_id')
    .orderBy('from_id')
    .execute();
  const removed = await t.db
    .selectFrom('gantt_removed_source')
    .select('source_key')
    .where('project_id', '=', projectId)
    .orderBy('source_key')
    .execute();
  return {
    version: project === undefined ? undefined : Number(project.gantt_version),
    workWeek: project?.gantt_work_week,
    /** issue 14: the stored calendar JSON, parsed (null: the work week's calendar) */
    calendar: project?.gantt_calendar == null ? null : (JSON.parse(project.gantt_calendar) as unknown),
    tasks: tasks.map((row) => ({
      id: Number(row.id),
      sourceKey: row.source_key,
      parentId: row.parent_id === null ? null : Number(row.parent_id),
      code: row.code,
      name: row.name,
      start: row.start_date,
      duration: Number(row.duration),
      progress: Number(row.progress),
      position: Number(row.position),
    })),
    links: links.map((row) => ({
      from: Number(row.from_id),
      to: Number(row.to_id),
      type: row.type,
      lag: Number(row.lag),
    })),
    removed: removed.map((row) => row.source_key),
  };
}

export type GanttTouch = { table: 'gantt_task' | 'gantt_link'; id: number; op: 'insert' | 'update' | 'delete' };

/**
 * Row-level triggers on `gantt_task` and `gantt_link` that log every insert, update and delete
 * (a task by its id, a link by its `to_id`) into `gantt_touch`, to show which rows a call really
 * wrote. `read` gives the log sorted, `clear` empties it, `drop` removes the triggers and the log.
 */
export async function watchGanttWrites(t: Pick<TestApp, 'db'>, kind: DatabaseKind) {
  const tables = [
    { table: 'gantt_task', key: 'id' },
    { table: 'gantt_link', key: 'to_id' },
  ] as const;
  await sql`CREATE TABLE gantt_touch (project_id text NOT NULL, tbl text NOT NULL, id bigint NOT NULL, op text NOT NULL)`.execute(
    t.db,
  );
  for (const { table, key } of tables) {
    const name = sql.raw(table);
    const column = sql.raw(key);
    const label = sql.lit(table);
    if (kind === 'postgres') {
      await sql`
        CREATE FUNCTION ${sql.raw(`${table}_touch_log`)}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP = 'DELETE' THEN
            INSERT INTO gantt_touch VALUES (OLD.project_id, ${label}, OLD.${column}, 'delete');
          ELSE
            INSERT INTO gantt_touch VALUES (NEW.project_id, ${label}, NEW.${column}, lower(TG_OP));
          END IF;
          RETURN NULL;
        END $$`.execute(t.db);
      await sql`CREATE TRIGGER ${sql.raw(`${table}_touch`)} AFTER INSERT OR UPDATE OR DELETE ON ${name}
        FOR EACH ROW EXECUTE FUNCTION ${sql.raw(`${table}_touch_log`)}()`.execute(t.db);
    } else {
      for (const op of ['insert', 'update', 'delete'] as const) {
        const row = sql.raw(op === 'delete' ? 'OLD' : 'NEW');
        await sql`CREATE TRIGGER ${sql.raw(`${table}_touch_${op}`)} AFTER ${sql.raw(op.toUpperCase())} ON ${name}
          BEGIN INSERT INTO gantt_touch VALUES (${row}.project_id, ${label}, ${row}.${column}, ${sql.lit(op)}); END`.execute(
          t.db,
        );
      }
    }
  }
  return {
    read: async (projectId: string): Promise<GanttTouch[]> => {
      const { rows } = await sql<{ tbl: GanttTouch['table']; id: number | string; op: GanttTouch['op'] }>`
        SELECT tbl, id, op FROM gantt_touch WHERE project_id = ${projectId} ORDER BY tbl, op, id`.execute(t.db);
      return rows.map((row) => ({ table: row.tbl, id: Number(row.id), op: row.op }));
    },
    clear: async () => {
      await sql`DELETE FROM gantt_touch`.execute(t.db);
    },
    drop: async () => {
      for (const { table } of tables) {
        if (kind === 'postgres') {
          await sql`DROP TRIGGER ${sql.raw(`${table}_touch`)} ON ${sql.raw(table)}`.execute(t.db);
          await sql`DROP FUNCTION ${sql.raw(`${table}_touch_log`)}()`.execute(t.db);
        } else {
          for (const op of ['insert', 'update', 'delete']) {
            await sql`DROP TRIGGER ${sql.raw(`${table}_touch_${op}`)}`.execute(t.db);
          }
        }
      }
      await sql`DROP TABLE gantt_touch`.execute(t.db);
    },
  };
}

// ---------------------------------------------------------------- sequencing (issue 13)

export type Sequencing = 'none' | 'priority' | 'train';

/** regenerateGanttSequence as 'Regenerar secuencia' calls it; the raw response. */
export function regenerateGanttSequence(
  t: Pick<TestApp, 'app'>,
  cookie: string,
  id: string,
  sequencing: Sequencing,
  version: number,
): Promise<CallResult> {
  return callFunction(t.app, 'regenerateGanttSequence', { id, sequencing, version }, cookie);
}

/** regenerateGanttSequence that must succeed; the result. */
export async function regenerateGanttSequenceOk(
  t: Pick<TestApp, 'app'>,
  cookie: string,
  id: string,
  sequencing: Sequencing,
  version: number,
): Promise<WireGantt> {
  const response = await regenerateGanttSequence(t, cookie, id, sequencing, version);
  expect(response.statusCode, JSON.stringify(response.body).slice(0, 500)).toBe(200);
  return response.body.result as WireGantt;
}

/**
 * An EDC list as generateEdc makes it, with its catalogue copies: main M (Fundaciones, priority 1),
 * subcomponent M.1 (Zapatas, priority 1), ACT1 Excavar (priority 1, 3 days) and ACT2 Hormigonar
 * (priority 2, 4 days). The activities name the same catalogue records on every item (the train's identity).
 */
export function sequencedEdcList(edpCode: string): (WireEdcItem & { priority?: number; duration?: number })[] {
  return [
    { code: 'M', name: 'Fundaciones', parentCode: edpCode, kind: 'main', sourceId: 'c-fun', priority: 1 },
    { code: 'M.1', name: 'Zapatas', parentCode: 'M', kind: 'sub', sourceCode: 'ZAP', priority: 1 },
    { code: 'ACT1', name: 'Excavar', parentCode: 'M.1', kind: 'activity', sourceId: 'a-exc', priority: 1, duration: 3 },
    {
      code: 'ACT2',
      name: 'Hormigonar',
      parentCode: 'M.1',
      kind: 'activity',
      sourceId: 'a-hor',
      priority: 2,
      duration: 4,
    },
  ];
}

/**
 * saveEdc of a list whose items carry their catalogue priority and duration. The copies are also
 * written straight to `edc_item` (a no-op once saveEdc stores them itself: the EDC store's part of
 * issue 13), so the Gantt's tests do not depend on it.
 */
export async function saveSequencedEdc(
  t: Pick<TestApp, 'app' | 'db'>,
  cookie: string,
  projectId: string,
  edpItemId: number,
  items: (WireEdcItem & { priority?: number; duration?: number })[],
  version = 0,
): Promise<void> {
  await saveEdcOk(t, cookie, projectId, { id: edpItemId, componentesEdc: items, version });
  for (const item of items) {
    await t.db
      .updateTable('edc_item')
      .set({ priority: item.priority ?? null, duration: item.duration ?? null })
      .where('project_id', '=', projectId)
      .where('edp_item_id', '=', edpItemId)
      .where('code_key', '=', item.code.toLowerCase())
      .execute();
  }
}

/**
 * A generated project with the seven-item EDP of createGanttProject (1 P · 2 P.1 · 3 P.1.1 ·
 * 4 P.1.2 · 5 P.2 · 6 P.2.1 · 7 P.2.2) and the given sequencing (the wizard's default when absent),
 * without EDC.
 */
export async function createSequencedProject(
  t: Pick<TestApp, 'app'>,
  cookie: string,
  sequencing?: Sequencing,
): Promise<{ id: string; code: string }> {
  const areaType = await createAreaType(t, cookie, {
    name: 'Piso',
    sectores: [{ code: 'S', name: 'Sala', quantity: 2, priority: 1 }],
  });
  const code = uniqueProjectCode('SQ');
  const project = await createProject(t, cookie, {
    name: 'Edificio',
    code,
    startYear: '2026',
    endYear: '2027',
    ...(sequencing === undefined ? {} : { sequencing }),
    tiposArea: [{ _id: areaType._id, quantity: 2 }],
  });
  return { id: project._id, code };
}

/**
 * The Gantt's links by their tasks' source keys (user tasks by code), sorted: 'from>to' for a
 * generated FS link; a user link adds ' usuario' and its type and lag when not FS+0.
 */
export function linkKeys(gantt: Pick<WireGantt, 'activities'>): string[] {
  const byId = new Map(gantt.activities.map((task) => [task.TaskID, task]));
  const name = (id: number) => {
    const task = byId.get(id);
    return task?.sourceKey ?? task?.TaskCode ?? String(id);
  };
  const keys: string[] = [];
  for (const task of gantt.activities) {
    const parsed = parsePredecessors(task.Predecessor);
    if (!parsed.ok) throw new Error(parsed.error);
    const generated = new Set(task.generatedPredecessors ?? []);
    for (const link of parsed.links) {
      const shape = link.type === 'FS' && link.lag === 0 ? '' : ` ${link.type}${link.lag >= 0 ? '+' : ''}${link.lag}`;
      keys.push(
        `${name(link.predecessorId)}>${name(task.TaskID)}${generated.has(link.predecessorId) ? '' : ' usuario'}${shape}`,
      );
    }
    // every generated predecessor is one of Predecessor's
    for (const id of generated) expect(parsed.links.some((link) => link.predecessorId === id)).toBe(true);
  }
  return keys.sort();
}

/** What the database holds for a project's sequencing: the option, the versions, generated links by source keys, removed links. */
export async function storedSequencing(t: Pick<TestApp, 'db'>, projectId: string) {
  const project = await t.db
    .selectFrom('project')
    .select(['sequencing', 'version', 'gantt_version'])
    .where('_id', '=', projectId)
    .executeTakeFirstOrThrow();
  const tasks = await t.db
    .selectFrom('gantt_task')
    .select(['id', 'source_key', 'code'])
    .where('project_id', '=', projectId)
    .execute();
  const keyOf = new Map(tasks.map((task) => [Number(task.id), task.source_key ?? task.code]));
  const links = await t.db
    .selectFrom('gantt_link')
    .select(['from_id', 'to_id', 'generated'])
    .where('project_id', '=', projectId)
    .execute();
  const removed = await t.db
    .selectFrom('gantt_removed_link')
    .select(['from_key', 'to_key'])
    .where('project_id', '=', projectId)
    .execute();
  const pair = (from: number | string, to: number | string) => `${keyOf.get(Number(from))}>${keyOf.get(Number(to))}`;
  return {
    sequencing: project.sequencing,
    version: Number(project.version),
    ganttVersion: Number(project.gantt_version),
    generated: links
      .filter((link) => link.generated === true || Number(link.generated) === 1)
      .map((link) => pair(link.from_id, link.to_id))
      .sort(),
    user: links
      .filter((link) => !(link.generated === true || Number(link.generated) === 1))
      .map((link) => pair(link.from_id, link.to_id))
      .sort(),
    removed: removed.map((row) => `${row.from_key}>${row.to_key}`).sort(),
  };
}
