import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction, createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import type { TestAccount } from '../../test/support/factories';
import { recordSave } from '../../test/support/live';
import { addMember } from '../../test/support/members';
import { createProject, uniqueProjectCode } from '../../test/support/projects';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';

describe.each(databaseKinds)('notifications (%s)', (kind) => {
  let t: TestApp;
  let admin: TestAccount;
  let creator: TestAccount;
  let saver: TestAccount;
  let follower: TestAccount;
  let bystander: TestAccount;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await createFirstAdmin(t, { name: 'Carla Admin' });
    creator = await createSignedInUser(t, admin.cookie, { name: 'Rosa Creadora' });
    saver = await createSignedInUser(t, admin.cookie, { name: 'Carla Planificadora' });
    follower = await createSignedInUser(t, admin.cookie, { name: 'Pedro Seguidor' });
    bystander = await createSignedInUser(t, admin.cookie, { name: 'Ana Ajena' });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function notificationsOf(account: TestAccount, data: unknown = null) {
    const response = await callFunction(t.app, 'loadNotifications', data, account.cookie);
    expect(response.statusCode, JSON.stringify(response.body)).toBe(200);
    return response.body.result;
  }

  const projectChanges = async (account: TestAccount) =>
    (await notificationsOf(account, { limit: 100 })).notifications.filter(
      (notification: { kind: string }) => notification.kind === 'project-change',
    );

  /** A project of the creator with the others as members (issue 36: only members may follow it and are told). */
  async function newProject(name: string, members: TestAccount[] = [saver, follower, bystander]) {
    const project = await createProject(t, creator.cookie, { name, code: uniqueProjectCode('NT') });
    for (const member of members) await addMember(t, creator.cookie, project._id, member.userId, 'lector');
    return project;
  }

  async function follow(account: TestAccount, id: string, yes = true) {
    const response = await callFunction(t.app, 'followProject', { id, follow: yes }, account.cookie);
    expect(response.statusCode, JSON.stringify(response.body)).toBe(200);
    return response.body.result;
  }

  it('tells the creator and the followers of a save by someone else, not the one who saved nor anyone else', async () => {
    const project = await newProject('Bodega Quilicura');
    await follow(follower, project._id);
    const { historyId } = await recordSave(t.db, {
      projectId: project._id,
      user: saver,
      summary: 'Gantt: 5 tareas cambiadas',
    });

    for (const recipient of [creator, follower]) {
      const [notification] = await projectChanges(recipient);
      expect(notification).toEqual({
        id: expect.any(Number),
        kind: 'project-change',
        title: 'Carla Planificadora grabó el Gantt',
        body: 'Bodega Quilicura: Gantt: 5 tareas cambiadas',
        projectId: project._id,
        historyId,
        actorName: 'Carla Planificadora',
        at: expect.any(String),
        read: false,
      });
    }
    expect(await projectChanges(saver)).toEqual([]);
    expect(await projectChanges(bystander)).toEqual([]);
  });

  it("tells nobody of the creator's own save unless they follow it; names the verb by the function", async () => {
    const project = await newProject('Planta Lampa');
    await follow(follower, project._id);
    const before = (await projectChanges(creator)).length;
    await recordSave(t.db, { projectId: project._id, user: creator, functionName: 'saveEdp', area: 'edp' });
    await recordSave(t.db, { projectId: project._id, user: creator, functionName: 'saveBaseline', area: 'gantt' });
    expect(await projectChanges(creator)).toHaveLength(before);
    const titles = (await projectChanges(follower)).slice(0, 2).map((n: { title: string }) => n.title);
    expect(titles).toEqual(['Rosa Creadora fijó una línea base', 'Rosa Creadora grabó el EDP']);
  });

  it('leaves out a disabled follower, and someone who stopped following', async () => {
    const project = await newProject('Centro Pudahuel');
    const leaving = await createSignedInUser(t, admin.cookie, { name: 'Luis Saliente' });
    const disabled = await createSignedInUser(t, admin.cookie, { name: 'Marta Deshabilitada' });
    for (const member of [leaving, disabled]) await addMember(t, creator.cookie, project._id, member.userId, 'lector');
    await follow(leaving, project._id);
    await follow(disabled, project._id);
    expect(await follow(leaving, project._id, false)).toEqual({
      following: false,
      message: 'Dejaste de seguir el proyecto Centro Pudahuel',
    });
    const disabling = await callFunction(
      t.app,
      'saveUser',
      { user: { id: disabled.userId, disabled: true } },
      admin.cookie,
    );
    expect(disabling.statusCode).toBe(200);

    await recordSave(t.db, { projectId: project._id, user: saver });
    const rows = await t.db
      .selectFrom('notification')
      .select('user_id')
      .where('project_id', '=', project._id)
      .execute();
    expect(rows.map((row) => row.user_id)).toEqual([creator.userId]);
  });

  it('writes nothing when the save is rolled back', async () => {
    const project = await newProject('Galpón Renca');
    const before = await t.db.selectFrom('notification').select('id').where('project_id', '=', project._id).execute();
    expect(before).toEqual([]);
    await expect(recordSave(t.db, { projectId: project._id, user: saver, refuse: true })).rejects.toThrow(
      'la grabación fue rechazada',
    );
    const after = await t.db.selectFrom('notification').select('id').where('project_id', '=', project._id).execute();
    expect(after).toEqual([]);
    // the same save, not refused, does tell the creator: the refusal is what left nothing
    await recordSave(t.db, { projectId: project._id, user: saver });
    expect(
      await t.db.selectFrom('notification').select('id').where('project_id', '=', project._id).execute(),
    ).toHaveLength(1);
  });

  it('tells a new user their account was created, and a user made administrator', async () => {
    const person = await createSignedInUser(t, admin.cookie, { name: 'Nora Nueva', email: 'nora.nueva@example.cl' });
    const first = await notificationsOf(person);
    expect(first.notifications).toEqual([
      expect.objectContaining({
        kind: 'account-created',
        title: 'Carla Admin creó tu cuenta',
        body: 'Bienvenido a Cimiento: entras con tu correo nora.nueva@example.cl y la contraseña que te dio Carla Admin.',
        projectId: null,
        historyId: null,
        actorName: 'Carla Admin',
        read: false,
      }),
    ]);

    const promoted = await callFunction(t.app, 'saveUser', { user: { id: person.userId, admin: true } }, admin.cookie);
    expect(promoted.statusCode).toBe(200);
    // saving them again as administrator is no news
    await callFunction(t.app, 'saveUser', { user: { id: person.userId, admin: true } }, admin.cookie);
    const after = await notificationsOf(person);
    expect(after.notifications.map((n: { kind: string; title: string }) => [n.kind, n.title])).toEqual([
      ['made-admin', 'Carla Admin te hizo administrador'],
      ['account-created', 'Carla Admin creó tu cuenta'],
    ]);
    expect(after.unread).toBe(2);
    expect(after.total).toBe(2);
  });

  it('pages newest first, filters the unread, and marks read one, several or all: only the caller’s own', async () => {
    const reader = await createSignedInUser(t, admin.cookie, { name: 'Lucía Lectora' });
    const project = await createProject(t, reader.cookie, { name: 'Casino Maipú', code: uniqueProjectCode('RD') });
    for (let index = 1; index <= 4; index += 1) {
      await recordSave(t.db, { projectId: project._id, user: saver, summary: `Gantt: ${index} tareas cambiadas` });
    }
    // 4 changes + the account notice
    const all = await notificationsOf(reader);
    expect(all.total).toBe(5);
    expect(all.unread).toBe(5);
    expect(all.message).toBe('Tienes 5 notificaciones sin leer');
    const ids = all.notifications.map((n: { id: number }) => n.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(all.notifications[0].body).toBe('Casino Maipú: Gantt: 4 tareas cambiadas');

    const page = await notificationsOf(reader, { offset: 1, limit: 2 });
    expect(page.notifications.map((n: { id: number }) => n.id)).toEqual(ids.slice(1, 3));
    expect(page.total).toBe(5);

    const one = await callFunction(t.app, 'markNotificationsRead', { ids: [ids[0]] }, reader.cookie);
    expect(one.body.result).toEqual({ unread: 4, message: 'Notificación marcada como leída' });
    const unreadOnly = await notificationsOf(reader, { unreadOnly: true });
    expect(unreadOnly.total).toBe(4);
    expect(unreadOnly.notifications.map((n: { id: number }) => n.id)).toEqual(ids.slice(1));
    expect((await notificationsOf(reader)).notifications[0].read).toBe(true);

    // someone else's ids are ignored, theirs stay unread
    const othersIds = (await notificationsOf(creator)).notifications.map((n: { id: number }) => n.id);
    const creatorUnread = (await notificationsOf(creator)).unread;
    const foreign = await callFunction(t.app, 'markNotificationsRead', { ids: othersIds.slice(0, 3) }, reader.cookie);
    expect(foreign.body.result.unread).toBe(4);
    expect((await notificationsOf(creator)).unread).toBe(creatorUnread);

    const several = await callFunction(t.app, 'markNotificationsRead', { ids: ids.slice(1, 3) }, reader.cookie);
    expect(several.body.result).toEqual({ unread: 2, message: 'Notificaciones marcadas como leídas' });
    const everything = await callFunction(t.app, 'markNotificationsRead', { all: true }, reader.cookie);
    expect(everything.body.result).toEqual({ unread: 0, message: 'Todas tus notificaciones quedaron leídas' });
    expect(await notificationsOf(reader, { unreadOnly: true })).toMatchObject({
      total: 0,
      unread: 0,
      notifications: [],
    });
    expect((await notificationsOf(creator)).unread).toBe(creatorUnread);
  });

  it('refuses a bad page or a bad mark with INVALID_ARGUMENT in Spanish', async () => {
    const page = await callFunction(t.app, 'loadNotifications', { limit: 500 }, saver.cookie);
    expect(page.statusCode).toBe(400);
    expect(page.body.error.status).toBe('INVALID_ARGUMENT');
    const mark = await callFunction(t.app, 'markNotificationsRead', { ids: [] }, saver.cookie);
    expect(mark.statusCode).toBe(400);
    expect(mark.body.error.message).toMatch(/al menos un elemento/);
  });

  it('follows a project idempotently, and refuses an unknown one with NOT_FOUND', async () => {
    const project = await newProject('Oficinas Ñuñoa');
    expect(await follow(bystander, project._id)).toEqual({
      following: true,
      message: 'Sigues el proyecto Oficinas Ñuñoa',
    });
    expect((await follow(bystander, project._id)).following).toBe(true);
    const rows = await t.db
      .selectFrom('project_follow')
      .select('user_id')
      .where('project_id', '=', project._id)
      .execute();
    expect(rows).toEqual([{ user_id: bystander.userId }]);
    const unknown = await callFunction(t.app, 'followProject', { id: 'no-existe', follow: true }, bystander.cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body.error).toEqual({ status: 'NOT_FOUND', message: 'Proyecto no encontrado' });
  });

  it('refuses every notification function to a caller who is not signed in', async () => {
    for (const [name, data] of [
      ['loadNotifications', null],
      ['markNotificationsRead', { all: true }],
      ['followProject', { id: 'x', follow: true }],
    ] as const) {
      const response = await callFunction(t.app, name, data);
      expect(response.statusCode).toBe(401);
      expect(response.body.error.status).toBe('UNAUTHENTICATED');
    }
  });
});
