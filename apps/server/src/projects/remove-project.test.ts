import { projectCodeInTrashMessage } from '@cimiento/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadObjects } from '../../test/support/catalogues';
import { callFunction, createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import type { TestAccount } from '../../test/support/factories';
import {
  countProjectRows,
  createAreaType,
  createProject,
  loadProject,
  loadProjects,
  uniqueProjectCode,
} from '../../test/support/projects';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';

/** 'Eliminar proyecto' (issue 30: to the Papelera; trash.test.ts covers the trash itself). */
describe.each(databaseKinds)('removeProject (%s)', (kind) => {
  let t: TestApp;
  let admin: TestAccount;
  let member: TestAccount;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await createFirstAdmin(t);
    member = await createSignedInUser(t, admin.cookie);
  });
  afterAll(async () => {
    await t?.close();
  });

  function removeProject(id: string, cookie = member.cookie) {
    return callFunction(t.app, 'removeProject', { id }, cookie);
  }

  async function rowsOf(projectId: string) {
    const count = async (table: 'project_area_type' | 'edp_item') =>
      (await t.db.selectFrom(table).select('project_id').where('project_id', '=', projectId).execute()).length;
    const project = await t.db.selectFrom('project').select('_id').where('_id', '=', projectId).execute();
    return { project: project.length, areaTypes: await count('project_area_type'), edpItems: await count('edp_item') };
  }

  it('moves the project to the Papelera with its area types and EDP items, says so, and leaves the others', async () => {
    const areaType = await createAreaType(t, member.cookie, { sectores: [{ code: 'S', name: 'Sala', quantity: 3 }] });
    const project = (name: string) => ({
      name,
      code: uniqueProjectCode('RM'),
      tiposArea: [{ _id: areaType._id, quantity: 2 }],
    });
    const keep = await createProject(t, member.cookie, project('Se queda'));
    const gone = await createProject(t, member.cookie, project('Se va'));
    expect(await rowsOf(gone._id)).toEqual({ project: 1, areaTypes: 1, edpItems: 9 });
    const keptBefore = await loadProject(t, member.cookie, keep._id);

    const response = await removeProject(gone._id);
    expect(response.statusCode).toBe(200);
    expect(response.body.result.message).toMatch(
      /^Proyecto «Se va» enviado a la Papelera\. Un administrador puede restaurarlo dentro de 30 días \(hasta el \d{2}-\d{2}-\d{4}\)$/,
    );
    // nothing is deleted: the rows wait in the trash
    expect(await rowsOf(gone._id)).toEqual({ project: 1, areaTypes: 1, edpItems: 9 });
    expect(await rowsOf(keep._id)).toEqual({ project: 1, areaTypes: 1, edpItems: 9 });
    expect(await loadProject(t, member.cookie, keep._id)).toEqual(keptBefore);
    expect((await loadProjects(t, member.cookie)).map((entry) => entry._id)).not.toContain(gone._id);
    expect((await callFunction(t.app, 'loadProject', { id: gone._id }, member.cookie)).statusCode).toBe(404);
    // the catalogue the project copied from is untouched
    expect((await loadObjects(t, member.cookie, 'tipos-area')).map((entry) => entry._id)).toContain(areaType._id);
  });

  it("lets any signed-in user delete anyone's project: it goes to the Papelera, where nothing is lost", async () => {
    const saved = await createProject(t, member.cookie, { name: 'Ajeno', code: uniqueProjectCode('OT') });
    const response = await removeProject(saved._id, admin.cookie);
    expect(response.statusCode).toBe(200);
    expect(await rowsOf(saved._id)).toEqual({ project: 1, areaTypes: 0, edpItems: 1 });
  });

  it('keeps the code taken while the project is in the Papelera, and frees it once purged', async () => {
    const code = uniqueProjectCode('FREE');
    const first = await createProject(t, member.cookie, { name: 'Primero', code });
    await removeProject(first._id);
    const refused = await callFunction(
      t.app,
      'saveProject',
      { project: { name: 'Segundo', code: code.toLowerCase() } },
      member.cookie,
    );
    expect(refused.body.error).toEqual({ status: 'ALREADY_EXISTS', message: projectCodeInTrashMessage(code) });
    expect((await callFunction(t.app, 'purgeProject', { id: first._id }, admin.cookie)).statusCode).toBe(200);
    const second = await createProject(t, member.cookie, { name: 'Segundo', code: code.toLowerCase() });
    expect(second.code).toBe(code.toLowerCase());
  });

  it("answers NOT_FOUND (404) 'Proyecto no encontrado' for an unknown id and changes nothing", async () => {
    await createProject(t, member.cookie, { name: 'Testigo', code: uniqueProjectCode('W') });
    const before = await countProjectRows(t);
    const response = await removeProject('01890000-0000-7000-8000-000000000000');
    expect(response.statusCode).toBe(404);
    expect(response.body.error).toEqual({ status: 'NOT_FOUND', message: 'Proyecto no encontrado' });
    expect(await countProjectRows(t)).toEqual(before);
  });

  it('answers NOT_FOUND the second time the same project is removed, and writes nothing more', async () => {
    const saved = await createProject(t, member.cookie, { name: 'Dos veces', code: uniqueProjectCode('TW') });
    expect((await removeProject(saved._id)).statusCode).toBe(200);
    const history = async () =>
      (await t.db.selectFrom('project_history').select('id').where('project_id', '=', saved._id).execute()).length;
    const entries = await history();
    const again = await removeProject(saved._id);
    expect(again.statusCode).toBe(404);
    expect(again.body.error.message).toBe('Proyecto no encontrado');
    expect(await history()).toBe(entries);
  });

  it('lets one of two racing removals win; the other is NOT_FOUND and writes nothing', async () => {
    const saved = await createProject(t, member.cookie, { name: 'Carrera', code: uniqueProjectCode('RC') });
    const answers = await Promise.all([removeProject(saved._id), removeProject(saved._id, admin.cookie)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 404]);
    const log = await t.db.selectFrom('change_log').select('detail').where('action', '=', 'trash').execute();
    expect(log.filter((row) => row.detail.includes(saved._id))).toHaveLength(1);
  });
});
