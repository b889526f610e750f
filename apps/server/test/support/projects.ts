import { expect } from 'vitest';
import { createObject, uniqueCode } from './catalogues';
import { callFunction } from './factories';
import type { CallResult } from './factories';
import type { TestApp } from './test-app';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read whatever the wire carries
type WireObject = any;

/** saveProject as the wizard calls it; the raw response, for tests about refusals. */
export function saveProject(t: Pick<TestApp, 'app'>, cookie: string, project: unknown): Promise<CallResult> {
  return callFunction(t.app, 'saveProject', { project }, cookie);
}

/** saveProject that must succeed; the saved project. */
export async function createProject(
  t: Pick<TestApp, 'app'>,
  cookie: string,
  project: Record<string, unknown>,
): Promise<WireObject> {
  const response = await saveProject(t, cookie, project);
  if (response.statusCode !== 200) {
    throw new Error(`saveProject falló: ${response.statusCode} ${JSON.stringify(response.body)}`);
  }
  return response.body.result.project;
}

/** loadProject that must succeed; the project with its EDP. */
export async function loadProject(t: Pick<TestApp, 'app'>, cookie: string, id: string): Promise<WireObject> {
  const response = await callFunction(t.app, 'loadProject', { id }, cookie);
  expect(response.statusCode, JSON.stringify(response.body)).toBe(200);
  return response.body.result.project;
}

/** loadProjects that must succeed; the list. */
export async function loadProjects(t: Pick<TestApp, 'app'>, cookie: string): Promise<WireObject[]> {
  const response = await callFunction(t.app, 'loadProjects', null, cookie);
  expect(response.statusCode, JSON.stringify(response.body)).toBe(200);
  expect(response.body.result.message).toBe('Proyectos cargados');
  return response.body.result.projects;
}

/** Row counts of the project tables, read straight from the database, to show what a call wrote. */
export async function countProjectRows(t: Pick<TestApp, 'db'>) {
  const count = async (table: 'project' | 'project_area_type' | 'edp_item') => {
    const row = await t.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  return {
    project: await count('project'),
    areaTypes: await count('project_area_type'),
    edpItems: await count('edp_item'),
  };
}

/** An area type in the catalogue, through saveObject; `sectores` as the catalogue screen sends them. */
export function createAreaType(
  t: Pick<TestApp, 'app'>,
  cookie: string,
  fields: { name?: string; priority?: number; sectores?: Record<string, unknown>[] } = {},
): Promise<WireObject> {
  const code = uniqueCode('TA');
  return createObject(t, cookie, 'tipos-area', { code, ...fields, name: fields.name ?? `Tipo ${code}` });
}

let projectCounter = 0;

/** A project code no other test of the file uses (no spaces or dots). */
export function uniqueProjectCode(prefix = 'P'): string {
  projectCounter += 1;
  return `${prefix}${String(projectCounter).padStart(2, '0')}`;
}
