import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction, createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import type { TestAccount } from '../../test/support/factories';
import { addMember } from '../../test/support/members';
import { createProject, loadProjects } from '../../test/support/projects';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';

describe.each(databaseKinds)('loadProjects (%s)', (kind) => {
  let t: TestApp;
  let admin: TestAccount;
  let member: TestAccount;
  let other: TestAccount;

  beforeAll(async () => {
    // a database of its own: the list is every project there is
    t = await createTestApp(kind);
    admin = await createFirstAdmin(t);
    member = await createSignedInUser(t, admin.cookie);
    other = await createSignedInUser(t, admin.cookie);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers an empty list with the spec message "Proyectos cargados"', async () => {
    const response = await callFunction(t.app, 'loadProjects', null, member.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.body.result).toEqual({ projects: [], message: 'Proyectos cargados' });
  });

  it("lists the caller's projects (issue 36: those they are a member of; an administrator, all), sorted by name (es-CL, numeric-aware, ignoring case and accents) then code", async () => {
    const made = [
      await createProject(t, member.cookie, { name: 'Proyecto 10', code: 'N10' }),
      await createProject(t, other.cookie, { name: 'proyecto 2', code: 'N2' }),
      await createProject(t, member.cookie, { name: 'Álamos', code: 'ALA-B' }),
      await createProject(t, admin.cookie, { name: 'Alamos', code: 'ALA-A' }),
      await createProject(t, other.cookie, { name: 'Ñuñoa', code: 'NUN' }),
      await createProject(t, member.cookie, { name: 'Nogales', code: 'NOG' }),
      await createProject(t, member.cookie, { name: 'Zapallar', code: 'ZAP' }),
    ];
    // the administrator sees every project
    const all = await loadProjects(t, admin.cookie);
    expect(all).toHaveLength(made.length);
    expect(all.map((project) => project.code)).toEqual(['ALA-A', 'ALA-B', 'NOG', 'NUN', 'N2', 'N10', 'ZAP']);
    // a member, only theirs: the ones they created, and one they were added to
    expect((await loadProjects(t, member.cookie)).map((project) => project.code)).toEqual([
      'ALA-B',
      'NOG',
      'N10',
      'ZAP',
    ]);
    await addMember(t, other.cookie, made[4]._id, member.userId, 'terreno');
    const list = await loadProjects(t, member.cookie);
    expect(list.map((project) => project.code)).toEqual(['ALA-B', 'NOG', 'NUN', 'N10', 'ZAP']);
    expect(list.map((project) => project.role)).toEqual([
      'planificador',
      'planificador',
      'terreno',
      'planificador',
      'planificador',
    ]);
  });

  it('gives each project its summary fields, budget as exact text, and mine = created by the caller', async () => {
    const saved = await createProject(t, member.cookie, {
      name: 'Resumen',
      code: 'SUM-1',
      currency: 'MMUSD',
      budget: '12345678901234567.1234',
      priority: 4,
    });
    const summary = {
      _id: saved._id,
      id: saved._id,
      name: 'Resumen',
      code: 'SUM-1',
      currency: 'MMUSD',
      budget: '12345678901234567.1234',
      date: saved.date,
      priority: '4',
      startYear: '2023',
      endYear: '2023',
      workWeek: 'mon-fri',
      version: 1,
    };
    const mine = (await loadProjects(t, member.cookie)).find((project) => project._id === saved._id);
    expect(mine).toEqual({ ...summary, mine: true, role: 'planificador' });
    expect((await loadProjects(t, other.cookie)).find((project) => project._id === saved._id)).toBeUndefined();
    await addMember(t, member.cookie, saved._id, other.userId, 'lector');
    const theirs = (await loadProjects(t, other.cookie)).find((project) => project._id === saved._id);
    expect(theirs).toEqual({ ...summary, mine: false, role: 'lector' });
    // an administrator who is not a member: no role
    const seen = (await loadProjects(t, admin.cookie)).find((project) => project._id === saved._id);
    expect(seen).toEqual({ ...summary, mine: false, role: null });
  });

  it('marks mine for each caller: only the projects that caller created', async () => {
    const list = await loadProjects(t, other.cookie);
    expect(
      list
        .filter((project) => project.mine)
        .map((project) => project.code)
        .sort(),
    ).toEqual(['N2', 'NUN']);
    // the one they were added to is not theirs
    expect(list.find((project) => project.code === 'SUM-1')?.mine).toBe(false);
  });
});
