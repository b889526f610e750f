import { NOT_A_MEMBER_MESSAGE } from '@cimiento/domain/members';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction, createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import type { TestAccount } from '../../test/support/factories';
import { addCompany, addMember } from '../../test/support/members';
import { createProject, loadProjects, uniqueProjectCode } from '../../test/support/projects';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';

describe.each(databaseKinds)('members and companies (%s)', (kind) => {
  let t: TestApp;
  let admin: TestAccount;
  let planner: TestAccount;
  let field: TestAccount;
  let outsider: TestAccount;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await createFirstAdmin(t, { name: 'Carla Admin' });
    planner = await createSignedInUser(t, admin.cookie, { name: 'Rosa Planificadora' });
    field = await createSignedInUser(t, admin.cookie, { name: 'Pedro Terreno' });
    outsider = await createSignedInUser(t, admin.cookie, { name: 'Ana Ajena' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (account: TestAccount, name: string, data: unknown) => callFunction(t.app, name, data, account.cookie);
  const newProject = (name: string) => createProject(t, planner.cookie, { name, code: uniqueProjectCode('MB') });

  it('makes the creator the project’s Planificador; the list shows each caller only their projects, with the role', async () => {
    const project = await newProject('Edificio Ñuñoa');
    const members = await call(planner, 'loadMembers', { id: project._id });
    expect(members.statusCode, JSON.stringify(members.body)).toBe(200);
    expect(members.body.result.members).toEqual([
      expect.objectContaining({
        userId: planner.userId,
        name: 'Rosa Planificadora',
        role: 'planificador',
        companyId: null,
      }),
    ]);
    const mine = (await loadProjects(t, planner.cookie)).find(
      (candidate: { _id: string }) => candidate._id === project._id,
    );
    expect(mine).toMatchObject({ role: 'planificador', mine: true });
    expect((await loadProjects(t, outsider.cookie)).map((candidate: { _id: string }) => candidate._id)).not.toContain(
      project._id,
    );
    // an administrator sees it without being a member
    const seen = (await loadProjects(t, admin.cookie)).find(
      (candidate: { _id: string }) => candidate._id === project._id,
    );
    expect(seen).toMatchObject({ role: null });

    const refused = await call(outsider, 'loadProject', { id: project._id });
    expect(refused.statusCode).toBe(403);
    expect(refused.body.error).toEqual({ status: 'PERMISSION_DENIED', message: NOT_A_MEMBER_MESSAGE });
  });

  it('adds, changes and removes a member with history entries; the last Planificador stays', async () => {
    const project = await newProject('Bodega Quilicura');
    const added = await call(planner, 'saveMember', {
      id: project._id,
      member: { userId: field.userId, role: 'terreno' },
    });
    expect(added.statusCode, JSON.stringify(added.body)).toBe(200);
    expect(added.body.result.message).toBe('Pedro Terreno agregado al proyecto como Terreno');
    expect((await call(field, 'loadProject', { id: project._id })).statusCode).toBe(200);

    const changed = await call(planner, 'saveMember', {
      id: project._id,
      member: { userId: field.userId, role: 'lector' },
    });
    expect(changed.body.result.message).toBe('Pedro Terreno ahora es Lector');

    // the only Planificador cannot leave nor become something else
    for (const [name, data] of [
      ['removeMember', { id: project._id, userId: planner.userId }],
      ['saveMember', { id: project._id, member: { userId: planner.userId, role: 'terreno' } }],
    ] as const) {
      const response = await call(planner, name, data);
      expect(response.statusCode).toBe(400);
      expect(response.body.error.message).toMatch(/^El proyecto debe tener al menos un Planificador/);
    }

    await call(field, 'followProject', { id: project._id, follow: true });
    const removed = await call(planner, 'removeMember', { id: project._id, userId: field.userId });
    expect(removed.body.result.message).toBe('Pedro Terreno ya no es miembro del proyecto');
    const after = await call(field, 'loadProject', { id: project._id });
    expect(after.statusCode).toBe(403);
    const follows = await t.db.selectFrom('project_follow').selectAll().where('project_id', '=', project._id).execute();
    expect(follows).toEqual([]);

    const history = await call(planner, 'loadProjectHistory', { id: project._id });
    expect(history.body.result.entries.map((entry: { summary: string }) => entry.summary).slice(0, 3)).toEqual([
      'Miembro quitado: Pedro Terreno (Lector)',
      'Miembro cambiado: Pedro Terreno (Lector)',
      'Miembro agregado: Pedro Terreno (Terreno)',
    ]);
  });

  it('keeps companies with a checked RUT; a Subcontratista needs one; a company with members is not deleted', async () => {
    const project = await newProject('Condominio Los Robles');
    const badRut = await call(planner, 'saveCompany', {
      id: project._id,
      company: { name: 'Moldajes del Sur', rut: '76.086.428-4', kind: 'subcontratista' },
    });
    expect(badRut.statusCode).toBe(400);
    expect(badRut.body.error.message).toContain('El dígito verificador del RUT no corresponde');

    const companyId = await addCompany(t, planner.cookie, project._id, {
      name: 'Moldajes del Sur',
      rut: '760864285',
      kind: 'subcontratista',
    });
    const twice = await call(planner, 'saveCompany', {
      id: project._id,
      company: { name: 'Otra', rut: '76.086.428-5', kind: 'contratista' },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.body.error.message).toBe('RUT: ya hay una empresa con el RUT 76.086.428-5 en este proyecto');

    const without = await call(planner, 'saveMember', {
      id: project._id,
      member: { userId: field.userId, role: 'subcontratista' },
    });
    expect(without.statusCode).toBe(400);
    expect(without.body.error.message).toBe('Empresa: un Subcontratista debe pertenecer a una empresa del proyecto');
    await addMember(t, planner.cookie, project._id, field.userId, 'subcontratista', companyId);

    const loaded = await call(field, 'loadMembers', { id: project._id });
    expect(loaded.body.result.companies).toEqual([
      { id: companyId, name: 'Moldajes del Sur', rut: '76.086.428-5', kind: 'subcontratista', members: 1 },
    ]);
    const refused = await call(planner, 'removeCompany', { id: project._id, companyId });
    expect(refused.statusCode).toBe(400);
    expect(refused.body.error.message).toBe(
      'Moldajes del Sur tiene 1 miembro en el proyecto: cámbialos de empresa o quítalos antes de eliminarla',
    );
    // a Subcontratista reads, but does not manage members
    const notTheirs = await call(field, 'saveCompany', {
      id: project._id,
      company: { name: 'Eléctrica Norte', rut: '11.111.111-1', kind: 'subcontratista' },
    });
    expect(notTheirs.statusCode).toBe(403);
    expect(notTheirs.body.error.message).toBe(
      'Tu rol en este proyecto es Subcontratista: para administrar los miembros de este proyecto se necesita el rol Planificador',
    );
  });

  it('tells of a save only the members (and administrators) who follow or created the project', async () => {
    const project = await newProject('Galpón Lampa');
    await addMember(t, planner.cookie, project._id, field.userId, 'terreno');
    await call(field, 'followProject', { id: project._id, follow: true });
    // the creator leaves the project: no longer told of it
    await addMember(t, admin.cookie, project._id, admin.userId, 'planificador');
    await call(admin, 'removeMember', { id: project._id, userId: planner.userId });
    await call(admin, 'saveCompany', {
      id: project._id,
      company: { name: 'Constructora Andes', rut: '11.111.111-1', kind: 'contratista' },
    });
    const noticesOf = async (account: TestAccount) =>
      (await call(account, 'loadNotifications', { limit: 100 })).body.result.notifications.filter(
        (notice: { projectId: string | null }) => notice.projectId === project._id,
      );
    expect((await noticesOf(field)).map((notice: { title: string }) => notice.title)).toContain(
      'Carla Admin cambió las empresas del proyecto',
    );
    expect(await noticesOf(planner)).toEqual([]);
  });
});
