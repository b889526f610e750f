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

/** updateProject as 'Editar proyecto' calls it; the raw response. */
export function updateProject(
  t: Pick<TestApp, 'app'>,
  cookie: string,
  id: string,
  project: unknown,
  version: unknown,
): Promise<CallResult> {
  return callFunction(t.app, 'updateProject', { id, project, version }, cookie);
}

/** The editable fields of a project as loadProject or saveProject gave it, as the dialog sends them. */
export function editableFields(project: WireObject) {
  return {
    name: project.name as string,
    priority: project.priority as string,
    currency: project.currency as string,
    budget: project.budget as string,
    startYear: project.startYear as string,
    endYear: project.endYear as string,
    workWeek: project.workWeek as string,
  };
}

/** checkProjectCode as the wizard calls it; the raw response. */
export function checkProjectCode(
  t: Pick<TestApp, 'app'>,
  cookie: string,
  data: { code: unknown; exceptId?: unknown },
): Promise<CallResult> {
  return callFunction(t.app, 'checkProjectCode', data, cookie);
}

/** The project's row as stored, every column, to show what a call wrote. */
export async function storedProject(t: Pick<TestApp, 'db'>, id: string) {
  const row = await t.db.selectFrom('project').selectAll().where('_id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  // PostgreSQL gives numbers and timestamps in its own types; compare them as plain values
  return {
    ...row,
    priority: Number(row.priority),
    start_year: Number(row.start_year),
    end_year: Number(row.end_year),
    budget: String(row.budget),
    edp_version: Number(row.edp_version),
    gantt_version: Number(row.gantt_version),
    version: Number(row.version),
    created_at: String(row.created_at),
    updated_at: String(row.updated_at),
  };
}

/**
 * issue 30: 'Eliminar proyecto' by `cookie` (to the Papelera), then 'Eliminar definitivamente' by an
 * administrator: the project's rows go with it (ON DELETE CASCADE). Both must succeed.
 */
export async function removeProjectForGood(
  t: Pick<TestApp, 'app'>,
  cookie: string,
  adminCookie: string,
  id: string,
): Promise<void> {
  const trashed = await callFunction(t.app, 'removeProject', { id }, cookie);
  expect(trashed.statusCode, JSON.stringify(trashed.body)).toBe(200);
  const purged = await callFunction(t.app, 'purgeProject', { id }, adminCookie);
  expect(purged.statusCode, JSON.stringify(purged.body)).toBe(200);
}
