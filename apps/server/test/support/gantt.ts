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
  EndDate: string;
  Duration: number;
  Progress: number;
  ParentId?: number;
  Predecessor: string;
  totalFloat: number;
  critical: boolean;
  isSummary: boolean;
  sourceKey?: string;
};
export type WireGantt = {
  activities: WireGanttTask[];
  version: number;
  calendar: { workWeek: 'mon-fri' | 'mon-sat'; firstYear: number; holidays: string[] };
  projectStart: string;
  projectFinish: string;
  message: string;
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
export function saveGantt(
  t: Pick<TestApp, 'app'>,
  cookie: string,
  id: string,
  gantt: { activities: unknown[]; workWeek?: string },
  version: number,
): Promise<CallResult> {
  return callFunction(t.app, 'saveGantt', { id, gantt, version }, cookie);
}

/** saveGantt that must succeed; the result. */
export async function saveGanttOk(
  t: Pick<TestApp, 'app'>,
  cookie: string,
  id: string,
  gantt: { activities: unknown[]; workWeek?: string },
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

/** The activities as the screen sends them back (the computed fields go along and are ignored). */
export function asInput(activities: readonly WireGanttTask[]): Record<string, unknown>[] {
  return activities.map((task) => ({ ...task }));
}

/** What the database holds for a project's Gantt, read directly. */
export async function storedGantt(t: Pick<TestApp, 'db'>, projectId: string) {
  const project = await t.db
    .selectFrom('project')
    .select(['gantt_version', 'gantt_work_week'])
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
