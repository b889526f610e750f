import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction, createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import type { TestAccount } from '../../test/support/factories';
import { createAreaType, createProject, uniqueProjectCode } from '../../test/support/projects';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';

describe.each(databaseKinds)('loadProject (%s)', (kind) => {
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

  it("answers the project with its EDP items in order (numeric ids, no parentId on the root) and 'Proyecto cargado'", async () => {
    const areaType = await createAreaType(t, member.cookie, {
      name: 'Nave',
      sectores: [{ code: 'A', name: 'Andén', quantity: 2 }],
    });
    const code = uniqueProjectCode('LP');
    const saved = await createProject(t, member.cookie, {
      name: 'Centro de distribución',
      code,
      tiposArea: [{ _id: areaType._id, quantity: 1 }],
    });
    const response = await callFunction(t.app, 'loadProject', { id: saved._id }, member.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.body.result.message).toBe('Proyecto cargado');
    expect(response.body.result.project).toEqual({
      ...saved,
      edp: {
        version: 1,
        items: [
          { id: 1, code, name: 'Centro de distribución' },
          { id: 2, parentId: 1, code: `${code}.1`, name: 'Nave' },
          { id: 3, parentId: 2, code: `${code}.1.1`, name: 'Andén 1' },
          { id: 4, parentId: 2, code: `${code}.1.2`, name: 'Andén 2' },
        ],
      },
    });
  });

  it("is open to every signed-in user, not only the project's creator", async () => {
    const saved = await createProject(t, member.cookie, { name: 'Compartido', code: uniqueProjectCode('SH') });
    const response = await callFunction(t.app, 'loadProject', { id: saved._id }, admin.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.body.result.project._id).toBe(saved._id);
  });

  it("answers NOT_FOUND (404) 'Proyecto no encontrado' for an unknown id", async () => {
    const response = await callFunction(
      t.app,
      'loadProject',
      { id: '01890000-0000-7000-8000-000000000000' },
      member.cookie,
    );
    expect(response.statusCode).toBe(404);
    expect(response.body.error).toEqual({ status: 'NOT_FOUND', message: 'Proyecto no encontrado' });
  });

  it('refuses a blank id with INVALID_ARGUMENT', async () => {
    const response = await callFunction(t.app, 'loadProject', { id: '  ' }, member.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.body.error).toEqual({ status: 'INVALID_ARGUMENT', message: 'id: es obligatorio' });
  });
});
