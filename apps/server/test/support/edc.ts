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
