import type { CatalogueSystem, Component } from '@cimiento/domain';
import { expect } from 'vitest';
import { createObject, loadObjects, uniqueCode } from './catalogues';
import { callFunction } from './factories';
import type { CallResult } from './factories';
import { createAreaType, createProject, loadProject, uniqueProjectCode } from './projects';
import type { TestApp } from './test-app';

export type WireEdcItem = {
  code: string;
  name: string;
  parentCode: string;
  kind: 'main' | 'sub' | 'activity';
  sourceId?: string;
  sourceCode?: string;
  sourceName?: string;
  priority?: number;
  duration?: number;
  /** issue 35: an activity's quantity (decimal text) */
  quantity?: string;
};
export type WireEdpItem = { id: number; parentId?: number; code: string; name: string };
export type WireEdc = WireEdpItem & { componentesEdc: WireEdcItem[]; version: number };

/** loadEdc as the EDC screen calls it; the raw response. */
export function loadEdc(t: Pick<TestApp, 'app'>, cookie: string, projectId: string, id: number): Promise<CallResult> {
  return callFunction(t.app, 'loadEdc', { projectId, id }, cookie);
}

/** saveEdc as the EDC screen calls it; the raw response. */
export function saveEdc(t: Pick<TestApp, 'app'>, cookie: string, id: string, edc: unknown): Promise<CallResult> {
  return callFunction(t.app, 'saveEdc', { id, edc }, cookie);
}

/** saveEdc that must succeed; the saved EDC. */
export async function saveEdcOk(
  t: Pick<TestApp, 'app'>,
  cookie: string,
  id: string,
  edc: { id: number; componentesEdc: WireEdcItem[]; version: number },
): Promise<WireEdc> {
  const response = await saveEdc(t, cookie, id, edc);
  expect(response.statusCode, JSON.stringify(response.body)).toBe(200);
  return response.body.result.edc as WireEdc;
}

/** loadEdc that must succeed; the saved EDC, or null when the item has none. */
export async function loadEdcOk(
  t: Pick<TestApp, 'app'>,
  cookie: string,
  projectId: string,
  id: number,
): Promise<WireEdc | null> {
  const response = await loadEdc(t, cookie, projectId, id);
  expect(response.statusCode, JSON.stringify(response.body)).toBe(200);
  return response.body.result.edc as WireEdc | null;
}

/**
 * A generated project with a known seven-item EDP (area type 'Piso' × 2, sub-area 'Sala' × 2):
 * 1 P · 2 P.1 · 3 P.1.1 · 4 P.1.2 · 5 P.2 · 6 P.2.1 · 7 P.2.2, with the EDP's version.
 */
export async function createEdcProject(
  t: Pick<TestApp, 'app'>,
  cookie: string,
  prefix = 'EC',
): Promise<{ id: string; code: string; items: WireEdpItem[]; edpVersion: number }> {
  const areaType = await createAreaType(t, cookie, {
    name: 'Piso',
    sectores: [{ code: 'S', name: 'Sala', quantity: 2, priority: 1 }],
  });
  const code = uniqueProjectCode(prefix);
  const project = await createProject(t, cookie, {
    name: 'Edificio',
    code,
    tiposArea: [{ _id: areaType._id, quantity: 2 }],
  });
  const { edp } = await loadProject(t, cookie, project._id);
  expect(edp.items).toEqual([
    { id: 1, code, name: 'Edificio' },
    { id: 2, parentId: 1, code: `${code}.1`, name: 'Piso 1' },
    { id: 3, parentId: 2, code: `${code}.1.1`, name: 'Sala 1' },
    { id: 4, parentId: 2, code: `${code}.1.2`, name: 'Sala 2' },
    { id: 5, parentId: 1, code: `${code}.2`, name: 'Piso 2' },
    { id: 6, parentId: 5, code: `${code}.2.1`, name: 'Sala 1' },
    { id: 7, parentId: 5, code: `${code}.2.2`, name: 'Sala 2' },
  ]);
  return { id: project._id, code, items: edp.items, edpVersion: edp.version };
}

/**
 * Real catalogue data through saveObject, read back through loadObjects as the EDC screen reads it:
 * activities Excavar (1), Hormigonar (2), Curar (3); a system; a main component 'Fundaciones'
 * (priority 3) with subcomponents Zapatas (priority 1: Hormigonar and Excavar ticked) and Vigas
 * (priority 2: Curar and Hormigonar ticked), given out of order on purpose.
 */
export async function createEdcCatalogue(t: Pick<TestApp, 'app'>, cookie: string) {
  const activity = (name: string, priority: number) =>
    createObject(t, cookie, 'actividades', { code: uniqueCode('AC'), name, priority });
  const excavar = await activity('Excavar', 1);
  const hormigonar = await activity('Hormigonar', 2);
  const curar = await activity('Curar', 3);
  const savedSystem = await createObject(t, cookie, 'sistemas', { code: uniqueCode('SIS'), name: 'Obra gruesa' });
  const savedOther = await createObject(t, cookie, 'sistemas', { code: uniqueCode('SIS'), name: 'Terminaciones' });
  const savedComponent = await createObject(t, cookie, 'componentes', {
    code: uniqueCode('FUN'),
    name: 'Fundaciones',
    priority: 3,
    subcomponents: [
      { code: 'VIG', name: 'Vigas', priority: 2, actividades: [{ _id: curar._id }, { _id: hormigonar._id }] },
      { code: 'ZAP', name: 'Zapatas', priority: 1, actividades: [{ _id: hormigonar._id }, { _id: excavar._id }] },
    ],
  });
  const systems = (await loadObjects(t, cookie, 'sistemas')) as CatalogueSystem[];
  const components = (await loadObjects(t, cookie, 'componentes')) as Component[];
  const find = <T extends { _id: string }>(list: T[], id: string): T => {
    const found = list.find((entry) => entry._id === id);
    if (!found) throw new Error(`${id} no está en loadObjects`);
    return found;
  };
  return {
    activities: { excavar, hormigonar, curar },
    system: find(systems, savedSystem._id),
    otherSystem: find(systems, savedOther._id),
    component: find(components, savedComponent._id),
  };
}

/** What the database holds for a project's EDCs, read directly: each list's version and its rows in position order. */
export async function storedEdc(t: Pick<TestApp, 'db'>, projectId: string) {
  const lists = await t.db
    .selectFrom('edc_list')
    .select(['edp_item_id', 'version'])
    .where('project_id', '=', projectId)
    .orderBy('edp_item_id')
    .execute();
  const rows = await t.db
    .selectFrom('edc_item')
    .select([
      'edp_item_id',
      'position',
      'code',
      'code_key',
      'name',
      'parent_code',
      'kind',
      'source_id',
      'source_code',
      'source_name',
      'priority',
      'duration',
    ])
    .where('project_id', '=', projectId)
    .orderBy('edp_item_id')
    .orderBy('position')
    .execute();
  return {
    lists: lists.map((list) => ({ edpItemId: Number(list.edp_item_id), version: Number(list.version) })),
    rows: rows.map((row) => ({
      ...row,
      edp_item_id: Number(row.edp_item_id),
      position: Number(row.position),
      priority: row.priority === null ? null : Number(row.priority),
      duration: row.duration === null ? null : Number(row.duration),
    })),
  };
}

/** Row counts of the EDC tables over every project. */
export async function countEdcRows(t: Pick<TestApp, 'db'>) {
  const count = async (table: 'edc_list' | 'edc_item') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { lists: await count('edc_list'), items: await count('edc_item') };
}

export type WireBulkResult = {
  items: { id: number; componentesEdc: WireEdcItem[]; version: number }[];
  skipped: { id: number; code: string; reason: string }[];
  message: string;
};

/** assignEdc, copyEdc or unassignEdc as the EDC screen calls them; the raw response. */
export function callBulkEdc(
  t: Pick<TestApp, 'app'>,
  cookie: string,
  name: 'assignEdc' | 'copyEdc' | 'unassignEdc',
  data: unknown,
): Promise<CallResult> {
  return callFunction(t.app, name, data, cookie);
}

/** A bulk EDC call that must succeed; its result. */
export async function callBulkEdcOk(
  t: Pick<TestApp, 'app'>,
  cookie: string,
  name: 'assignEdc' | 'copyEdc' | 'unassignEdc',
  data: unknown,
): Promise<WireBulkResult> {
  const response = await callBulkEdc(t, cookie, name, data);
  expect(response.statusCode, JSON.stringify(response.body).slice(0, 2000)).toBe(200);
  return response.body.result as WireBulkResult;
}

/**
 * Everything a bulk EDC call may touch in a project, read directly: the EDC lists and rows, the
 * Gantt's tasks, links and removed sources, and the project's versions. Equal before and after a
 * refused call.
 */
export async function snapshotEdcAndGantt(t: Pick<TestApp, 'db'>, projectId: string) {
  const project = await t.db
    .selectFrom('project')
    .select(['version', 'edp_version', 'gantt_version', 'updated_at'])
    .where('_id', '=', projectId)
    .executeTakeFirst();
  const lists = await t.db
    .selectFrom('edc_list')
    .select(['edp_item_id', 'version', 'updated_at'])
    .where('project_id', '=', projectId)
    .orderBy('edp_item_id')
    .execute();
  const tasks = await t.db
    .selectFrom('gantt_task')
    .selectAll()
    .where('project_id', '=', projectId)
    .orderBy('position')
    .execute();
  const links = await t.db
    .selectFrom('gantt_link')
    .selectAll()
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
    project: project && {
      version: Number(project.version),
      edpVersion: Number(project.edp_version),
      ganttVersion: Number(project.gantt_version),
      updatedAt: project.updated_at,
    },
    lists: lists.map((list) => ({ ...list, edp_item_id: Number(list.edp_item_id), version: Number(list.version) })),
    edc: (await storedEdc(t, projectId)).rows,
    tasks,
    links,
    removed: removed.map((row) => row.source_key),
  };
}

/**
 * A generated project with a large EDP: area type 'Torre' × `towers`, sub-area 'Depto' × `perTower`:
 * 1 P · 2 P.1 · 3…(perTower+2) P.1.k · … ; the leaves' ids, in EDP order.
 */
export async function createLargeEdcProject(
  t: Pick<TestApp, 'app'>,
  cookie: string,
  towers: number,
  perTower: number,
): Promise<{ id: string; code: string; items: WireEdpItem[]; leafIds: number[] }> {
  const areaType = await createAreaType(t, cookie, {
    name: 'Torre',
    sectores: [{ code: 'D', name: 'Depto', quantity: perTower, priority: 1 }],
  });
  const code = uniqueProjectCode('BIG');
  const project = await createProject(t, cookie, {
    name: 'Conjunto',
    code,
    tiposArea: [{ _id: areaType._id, quantity: towers }],
  });
  const { edp } = await loadProject(t, cookie, project._id);
  const items = edp.items as WireEdpItem[];
  const parents = new Set(items.map((item) => item.parentId));
  const leafIds = items.filter((item) => !parents.has(item.id)).map((item) => item.id);
  expect(leafIds).toHaveLength(towers * perTower);
  return { id: project._id, code, items, leafIds };
}
