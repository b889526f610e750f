import type { EdpUsage } from '@cimiento/domain';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { DatabaseKind, TestApp } from './test-app';
import { callFunction } from './factories';
import type { CallResult } from './factories';
import { createAreaType, createProject, loadProject, uniqueProjectCode } from './projects';

export type WireItem = { id: number; parentId?: number; code: string; name: string };
export type WireEdp = { items: WireItem[]; version: number };

/** saveEdp as the editor calls it; the raw response. */
export function saveEdp(t: Pick<TestApp, 'app'>, cookie: string, id: string, edp: unknown): Promise<CallResult> {
  return callFunction(t.app, 'saveEdp', { id, edp }, cookie);
}

/** updateItemEdp as the editor calls it; the raw response. */
export function updateItemEdp(
  t: Pick<TestApp, 'app'>,
  cookie: string,
  data: { id: string; item: unknown; action: string; version: number },
): Promise<CallResult> {
  return callFunction(t.app, 'updateItemEdp', data, cookie);
}

/** loadEdpUsage as the editor calls it; the raw response. */
export function loadEdpUsage(t: Pick<TestApp, 'app'>, cookie: string, id: string): Promise<CallResult> {
  return callFunction(t.app, 'loadEdpUsage', { id }, cookie);
}

/** loadEdpUsage, expected to answer 200 with its message; the usage. */
export async function loadEdpUsageOk(t: Pick<TestApp, 'app'>, cookie: string, id: string): Promise<EdpUsage> {
  const response = await loadEdpUsage(t, cookie, id);
  expect(response.statusCode, JSON.stringify(response.body).slice(0, 500)).toBe(200);
  expect(response.body.result.message).toBe('Uso del EDP cargado');
  return response.body.result.usage as EdpUsage;
}

/** The EDP as loadProject answers it. */
export async function loadEdp(t: Pick<TestApp, 'app'>, cookie: string, id: string): Promise<WireEdp> {
  return (await loadProject(t, cookie, id)).edp as WireEdp;
}

/**
 * A generated project with a known nine-item EDP (area type 'Nave' × 2, sub-areas 'Andén' × 2 and
 * 'Bodega' × 1): 1 P · 2 P.1 · 3 P.1.1 · 4 P.1.2 · 5 P.1.3 · 6 P.2 · 7 P.2.1 · 8 P.2.2 · 9 P.2.3.
 */
export async function createEdpProject(
  t: Pick<TestApp, 'app'>,
  cookie: string,
  prefix = 'E',
): Promise<{ id: string; code: string; edp: WireEdp }> {
  const areaType = await createAreaType(t, cookie, {
    name: 'Nave',
    sectores: [
      { code: 'A', name: 'Andén', quantity: 2, priority: 1 },
      { code: 'B', name: 'Bodega', quantity: 1, priority: 2 },
    ],
  });
  const code = uniqueProjectCode(prefix);
  const project = await createProject(t, cookie, {
    name: 'Centro logístico',
    code,
    tiposArea: [{ _id: areaType._id, quantity: 2 }],
  });
  const edp = await loadEdp(t, cookie, project._id);
  expect(edp).toEqual({
    version: 1,
    items: [
      { id: 1, code, name: 'Centro logístico' },
      { id: 2, parentId: 1, code: `${code}.1`, name: 'Nave 1' },
      { id: 3, parentId: 2, code: `${code}.1.1`, name: 'Andén 1' },
      { id: 4, parentId: 2, code: `${code}.1.2`, name: 'Andén 2' },
      { id: 5, parentId: 2, code: `${code}.1.3`, name: 'Bodega' },
      { id: 6, parentId: 1, code: `${code}.2`, name: 'Nave 2' },
      { id: 7, parentId: 6, code: `${code}.2.1`, name: 'Andén 1' },
      { id: 8, parentId: 6, code: `${code}.2.2`, name: 'Andén 2' },
      { id: 9, parentId: 6, code: `${code}.2.3`, name: 'Bodega' },
    ],
  });
  return { id: project._id, code, edp };
}

/** What the database holds for a project's EDP, read directly: its version, update time and rows in position order. */
export async function storedEdp(t: Pick<TestApp, 'db'>, projectId: string) {
  const project = await t.db
    .selectFrom('project')
    .select(['edp_version', 'updated_at'])
    .where('_id', '=', projectId)
    .executeTakeFirst();
  const rows = await t.db
    .selectFrom('edp_item')
    .select(['id', 'parent_id', 'code', 'name', 'position'])
    .where('project_id', '=', projectId)
    .orderBy('position')
    .execute();
  return {
    version: project === undefined ? undefined : Number(project.edp_version),
    updatedAt: project?.updated_at,
    rows: rows.map((row) => ({
      id: Number(row.id),
      parentId: row.parent_id === null ? null : Number(row.parent_id),
      code: row.code,
      name: row.name,
      position: Number(row.position),
    })),
  };
}

export type EdpTouch = { id: number; op: 'insert' | 'update' | 'delete' };

/**
 * Row-level triggers on `edp_item` that log every insert, update and delete into `edp_touch`, to
 * show which rows a save really wrote. `read` gives the log sorted by op and id; `drop` removes
 * the triggers and the log.
 */
export async function watchEdpWrites(t: Pick<TestApp, 'db'>, kind: DatabaseKind) {
  await sql`CREATE TABLE edp_touch (project_id text NOT NULL, id bigint NOT NULL, op text NOT NULL)`.execute(t.db);
  if (kind === 'postgres') {
    await sql`
      CREATE FUNCTION edp_touch_log() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          INSERT INTO edp_touch VALUES (OLD.project_id, OLD.id, 'delete');
        ELSE
          INSERT INTO edp_touch VALUES (NEW.project_id, NEW.id, lower(TG_OP));
        END IF;
        RETURN NULL;
      END $$`.execute(t.db);
    await sql`CREATE TRIGGER edp_touch_trigger AFTER INSERT OR UPDATE OR DELETE ON edp_item
      FOR EACH ROW EXECUTE FUNCTION edp_touch_log()`.execute(t.db);
  } else {
    await sql`CREATE TRIGGER edp_touch_insert AFTER INSERT ON edp_item
      BEGIN INSERT INTO edp_touch VALUES (NEW.project_id, NEW.id, 'insert'); END`.execute(t.db);
    await sql`CREATE TRIGGER edp_touch_update AFTER UPDATE ON edp_item
      BEGIN INSERT INTO edp_touch VALUES (NEW.project_id, NEW.id, 'update'); END`.execute(t.db);
    await sql`CREATE TRIGGER edp_touch_delete AFTER DELETE ON edp_item
      BEGIN INSERT INTO edp_touch VALUES (OLD.project_id, OLD.id, 'delete'); END`.execute(t.db);
  }
  return {
    read: async (projectId: string): Promise<EdpTouch[]> => {
      const { rows } = await sql<{ id: number | string; op: EdpTouch['op'] }>`
        SELECT id, op FROM edp_touch WHERE project_id = ${projectId} ORDER BY op, id`.execute(t.db);
      return rows.map((row) => ({ id: Number(row.id), op: row.op }));
    },
    drop: async () => {
      if (kind === 'postgres') {
        await sql`DROP TRIGGER edp_touch_trigger ON edp_item`.execute(t.db);
        await sql`DROP FUNCTION edp_touch_log()`.execute(t.db);
      } else {
        await sql`DROP TRIGGER edp_touch_insert`.execute(t.db);
        await sql`DROP TRIGGER edp_touch_update`.execute(t.db);
        await sql`DROP TRIGGER edp_touch_delete`.execute(t.db);
      }
      await sql`DROP TABLE edp_touch`.execute(t.db);
    },
  };
}
