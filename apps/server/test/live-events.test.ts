import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { LIVE_CHANNEL } from '../src/collab/live-poke';
import { FORCED_EXIT_MESSAGE } from '../src/http/graceful-stop';
import {
  TEST_PASSWORD,
  callFunction,
  cookieHeaderFrom,
  createFirstAdmin,
  createSignedInUser,
  uniqueEmail,
} from './support/factories';
import type { TestAccount } from './support/factories';
import { eventually } from './support/eventually';
import { openEventStream } from './support/event-stream';
import type { EventStream, StreamEvent } from './support/event-stream';
import { createEdpProject, loadEdp, saveEdp } from './support/edp';
import { recordSave } from './support/live';
import { addMember } from './support/members';
import { createProject, uniqueProjectCode } from './support/projects';
import { startServerProcess, waitForHealth } from './support/server-process';
import { createTestApp, createTestConfig, databaseKinds, findFreePort } from './support/test-app';
import type { TestApp } from './support/test-app';

/**
 * The safety-net poll is set far beyond every wait here: an event that arrives came through a poke
 * (in-process on SQLite, LISTEN/NOTIFY on PostgreSQL), the path the 2 s of the issue depend on.
 */
const NO_POLL = { livePollMs: 600_000 };

const isChangeOf = (historyId: number) => (event: StreamEvent) =>
  event.event === 'project-change' && event.data.id === historyId;
const isNotificationOf = (historyId: number) => (event: StreamEvent) =>
  event.event === 'notification' && event.data.notification.historyId === historyId;

describe.each(databaseKinds)('the live stream GET /api/events (%s)', (kind) => {
  let t: TestApp;
  let admin: TestAccount;
  let creator: TestAccount;
  let saver: TestAccount;
  let other: TestAccount;
  let project: { _id: string; name: string };
  const streams: EventStream[] = [];

  const open = async (account: TestAccount | undefined, options: { lastEventId?: string } = {}) => {
    const stream = await openEventStream(t.origin, account?.cookie, options);
    streams.push(stream);
    return stream;
  };

  /** The creator's stream sees one save, then leaves: the event id it would come back with. */
  const seenOneAndLeft = async () => {
    const first = await open(creator);
    await first.next((e) => e.event === 'ready');
    const { historyId: seen } = await recordSave(t.db, { projectId: project._id, user: saver, summary: 'visto' });
    const seenNotification = await first.next(isNotificationOf(seen));
    first.close();
    await first.ended;
    return seenNotification;
  };

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { listen: true, ...NO_POLL });
    admin = await createFirstAdmin(t, { name: 'Carla Admin' });
    creator = await createSignedInUser(t, admin.cookie, { name: 'Rosa Creadora' });
    saver = await createSignedInUser(t, admin.cookie, { name: 'Carla Planificadora' });
    other = await createSignedInUser(t, admin.cookie, { name: 'Ana Ajena' });
    project = await createProject(t, creator.cookie, { name: 'Bodega Quilicura', code: uniqueProjectCode('LV') });
    // issue 36: a project's changes go to its members' streams
    await addMember(t, creator.cookie, project._id, saver.userId, 'planificador');
    await addMember(t, creator.cookie, project._id, other.userId, 'lector');
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await t?.close();
  });

  it('refuses a caller who is not signed in with 401 UNAUTHENTICATED, as the functions do', async () => {
    const stream = await open(undefined);
    expect(stream.status).toBe(401);
    expect(JSON.parse(stream.body)).toEqual({
      error: { status: 'UNAUTHENTICATED', message: 'Tu sesión expiró o no has iniciado sesión' },
    });
    const forged = await openEventStream(t.origin, 'better-auth.session_token=inventada');
    expect(forged.status).toBe(401);
  });

  it('refuses a request from another site with 403, as the functions do', async () => {
    const stream = await openEventStream(t.origin, creator.cookie, { headers: { origin: 'https://otro.example' } });
    expect(stream.status).toBe(403);
    expect(JSON.parse(stream.body).error.status).toBe('PERMISSION_DENIED');
  });

  it('opens an uncompressed event stream that starts with ready and the current marks', async () => {
    const stream = await openEventStream(t.origin, creator.cookie, { headers: { 'accept-encoding': 'gzip, br' } });
    streams.push(stream);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers['content-encoding']).toBeUndefined();
    expect(stream.headers['cache-control']).toBe('no-cache, no-transform');
    // helmet's headers are there too
    expect(stream.headers['x-content-type-options']).toBe('nosniff');
    const ready = await stream.next((event) => event.event === 'ready');
    expect(ready.id).toMatch(/^h\d+-n\d+$/);
    expect(ready.data).toEqual({
      historyId: expect.any(Number),
      notificationId: expect.any(Number),
      unread: expect.any(Number),
    });
    expect(ready.id).toBe(`h${ready.data.historyId}-n${ready.data.notificationId}`);
  });

  it("issue 36: sends a project's changes to its members' streams only; one added later gets them from then on", async () => {
    const stranger = await createSignedInUser(t, admin.cookie, { name: 'Iván Externo' });
    const strangerStream = await open(stranger);
    const memberStream = await open(other);
    for (const stream of [strangerStream, memberStream]) await stream.next((e) => e.event === 'ready');
    const { historyId } = await recordSave(t.db, { projectId: project._id, user: saver, summary: 'antes' });
    await memberStream.next(isChangeOf(historyId));
    // the hub writes a slice to every stream in one turn: the stranger's would be there by now
    expect(strangerStream.events.filter((event) => event.event === 'project-change')).toEqual([]);

    await addMember(t, creator.cookie, project._id, stranger.userId, 'terreno');
    const added = await strangerStream.next((e) => e.event === 'project-change');
    expect(added.data).toMatchObject({
      functionName: 'saveMember',
      summary: 'Miembro agregado: Iván Externo (Terreno)',
    });
    const { historyId: later } = await recordSave(t.db, { projectId: project._id, user: saver, summary: 'después' });
    expect((await strangerStream.next(isChangeOf(later))).data).toMatchObject({ summary: 'después' });
  });

  it("sends a save to every member's stream, and its notification only to the recipient's", async () => {
    const creatorStream = await open(creator);
    const otherStream = await open(other);
    const saverStream = await open(saver);
    for (const stream of [creatorStream, otherStream, saverStream]) await stream.next((e) => e.event === 'ready');

    const { historyId, at } = await recordSave(t.db, {
      projectId: project._id,
      user: saver,
      summary: 'Gantt: 5 tareas cambiadas',
    });
    const entry = {
      id: historyId,
      projectId: project._id,
      projectName: 'Bodega Quilicura',
      userId: saver.userId,
      userName: 'Carla Planificadora',
      functionName: 'saveGantt',
      area: 'gantt',
      summary: 'Gantt: 5 tareas cambiadas',
      at,
    };
    for (const stream of [creatorStream, otherStream, saverStream]) {
      expect((await stream.next(isChangeOf(historyId))).data).toEqual(entry);
    }
    const told = await creatorStream.next(isNotificationOf(historyId));
    expect(told.data).toEqual({
      notification: expect.objectContaining({
        kind: 'project-change',
        title: 'Carla Planificadora grabó el Gantt',
        body: 'Bodega Quilicura: Gantt: 5 tareas cambiadas',
        projectId: project._id,
        read: false,
      }),
      unread: expect.any(Number),
    });
    const loaded = await callFunction(t.app, 'loadNotifications', null, creator.cookie);
    expect(told.data.unread).toBe(loaded.body.result.unread);
    expect(told.id).toBe(`h${historyId}-n${told.data.notification.id}`);

    // a later save reaches everyone after this one: by then, nobody else was sent this notification
    const { historyId: later } = await recordSave(t.db, { projectId: project._id, user: saver });
    for (const stream of [otherStream, saverStream]) {
      await stream.next(isChangeOf(later));
      expect(stream.events.filter((event) => event.event === 'notification')).toEqual([]);
    }
  });

  it('tells of a real saveEdp by someone else: the change to the members, the bell to the creator; a refused save tells nothing', async () => {
    const edpProject = await createEdpProject(t, creator.cookie, 'RS');
    await addMember(t, creator.cookie, edpProject.id, saver.userId, 'planificador');
    await addMember(t, creator.cookie, edpProject.id, other.userId, 'lector');
    const creatorStream = await open(creator);
    const otherStream = await open(other);
    for (const stream of [creatorStream, otherStream]) await stream.next((e) => e.event === 'ready');
    const edp = await loadEdp(t, saver.cookie, edpProject.id);
    const renamed = edp.items.map((item) => (item.id === 3 ? { ...item, name: 'Andén norte' } : item));
    const saved = await saveEdp(t, saver.cookie, edpProject.id, { version: edp.version, items: renamed });
    expect(saved.statusCode, JSON.stringify(saved.body)).toBe(200);

    // (the member additions just before may still reach a stream opened meanwhile: the save is the one asked for)
    const isTheSave = (e: StreamEvent) =>
      e.event === 'project-change' && e.data.projectId === edpProject.id && e.data.functionName === 'saveEdp';
    const change = await otherStream.next(isTheSave);
    expect(change.data).toMatchObject({ functionName: 'saveEdp', area: 'edp', userName: 'Carla Planificadora' });
    const told = await creatorStream.next(
      (e) => e.event === 'notification' && e.data.notification.projectId === edpProject.id,
    );
    expect(told.data.notification.title).toBe('Carla Planificadora grabó el EDP');
    expect(told.data.notification.historyId).toBe(change.data.id);

    // a stale save (the same version again) is refused and leaves no event: the next one is the later save
    const stale = await saveEdp(t, saver.cookie, edpProject.id, { version: edp.version, items: renamed });
    expect(stale.statusCode).not.toBe(200);
    const { historyId: later } = await recordSave(t.db, { projectId: project._id, user: saver });
    await otherStream.next(isChangeOf(later));
    expect(otherStream.events.filter(isTheSave)).toHaveLength(1);
  });

  it("tells a user's stream of their new account notice (saveUser writes it on the server's own connection)", async () => {
    const stream = await open(admin);
    await stream.next((e) => e.event === 'ready');
    const person = await createSignedInUser(t, admin.cookie, { name: 'Nora Nueva' });
    const personStream = await open(person);
    await personStream.next((e) => e.event === 'ready');
    const promoted = await callFunction(t.app, 'saveUser', { user: { id: person.userId, admin: true } }, admin.cookie);
    expect(promoted.statusCode).toBe(200);
    const told = await personStream.next((e) => e.event === 'notification');
    expect(told.data.notification).toMatchObject({ kind: 'made-admin', title: 'Carla Admin te hizo administrador' });
    expect(told.data.unread).toBe(2);
    expect(stream.events.filter((event) => event.event === 'notification')).toEqual([]);
  });

  it('replays to a stream that comes back with Last-Event-ID what it missed, and nothing twice', async () => {
    const seenNotification = await seenOneAndLeft();

    const missed = [];
    for (const summary of ['EDP: 3 ítems agregados', 'EDP: 1 eliminado']) {
      missed.push(
        (await recordSave(t.db, { projectId: project._id, user: saver, functionName: 'saveEdp', area: 'edp', summary }))
          .historyId,
      );
    }
    const back = await open(creator, { lastEventId: seenNotification.id });
    const lastMissed = missed.at(-1) ?? 0;
    await back.next(isNotificationOf(lastMissed));
    expect(
      back.events.map((event) => [
        event.event,
        event.event === 'notification' ? event.data.notification.historyId : event.data.id,
      ]),
    ).toEqual([
      ['project-change', missed[0]],
      ['project-change', missed[1]],
      ['notification', missed[0]],
      ['notification', missed[1]],
    ]);
    expect(back.events.some((event) => event.event === 'ready')).toBe(false);
    expect(back.events.at(-1)?.data.notification.title).toBe('Carla Planificadora grabó el EDP');

    // and goes on live from there
    const { historyId: after } = await recordSave(t.db, { projectId: project._id, user: saver });
    await back.next(isNotificationOf(after));
    const ids = back.events.map((event) => event.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('does not send twice what its replay read before the hub did', async () => {
    const seenNotification = await seenOneAndLeft();

    // written while no stream is open, and not yet read by the hub (no poke, no poll)
    const unread: number[] = [];
    for (const summary of ['EDC: 2 asignaciones', 'EDC: 1 quitada'])
      unread.push(
        (
          await recordSave(t.db, {
            projectId: project._id,
            user: saver,
            functionName: 'saveEdc',
            area: 'edc',
            summary,
            quiet: true,
          })
        ).historyId,
      );
    const back = await open(creator, { lastEventId: seenNotification.id });
    await back.next((e) => e.event === 'project-change' && e.data.id === unread[1]);
    // the hub now reads them too, then a later save comes live
    const { historyId: after } = await recordSave(t.db, { projectId: project._id, user: saver });
    await back.next(isNotificationOf(after));
    const changes = back.events.filter((event) => event.event === 'project-change').map((event) => event.data.id);
    expect(changes).toEqual([...unread, after]);
    const ids = back.events.map((event) => event.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("closes a user's stream when an administrator disables them", async () => {
    const person = await createSignedInUser(t, admin.cookie, { name: 'Marta Saliente' });
    const stream = await open(person);
    await stream.next((e) => e.event === 'ready');
    const disabling = await callFunction(
      t.app,
      'saveUser',
      { user: { id: person.userId, disabled: true } },
      admin.cookie,
    );
    expect(disabling.statusCode).toBe(200);
    await stream.ended;
    const again = await open(person);
    expect(again.status).toBe(401);
  });

  it('closes a stream when its session is signed out', async () => {
    const person = await createSignedInUser(t, admin.cookie, { name: 'Luis Salida' });
    const stream = await open(person);
    await stream.next((e) => e.event === 'ready');
    const signOut = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: person.cookie, origin: t.config.publicUrl, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(signOut.statusCode).toBe(200);
    await stream.ended;
  });
});

describe.each(databaseKinds)('the live stream and the server stopping (%s)', (kind) => {
  it('ends the open streams at once when the server closes, so they do not hold its stop', async () => {
    const t = await createTestApp(kind, {}, { listen: true });
    try {
      const admin = await createFirstAdmin(t);
      const streams = await Promise.all([1, 2, 3].map(() => openEventStream(t.origin, admin.cookie)));
      for (const stream of streams) await stream.next((e) => e.event === 'ready');
      await t.app.close();
      // close() resolved: the server waited for no stream; each client saw its stream end
      await Promise.all(streams.map((stream) => stream.ended));
    } finally {
      await t.close();
    }
  });

  it('main.ts on SIGTERM with streams open ends them and exits 0, not at the forced deadline', async () => {
    const { config, cleanup } = await createTestConfig(kind);
    const port = await findFreePort();
    const server = startServerProcess(port, {
      DATA_DIR: config.dataDir,
      DATABASE_URL: config.databaseUrl ?? '',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
    });
    try {
      expect(await waitForHealth(server), server.output()).toBe(200);
      const signUp = await fetch(`${server.baseUrl}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.baseUrl },
        body: JSON.stringify({ email: uniqueEmail('admin'), password: TEST_PASSWORD, name: 'Administradora' }),
      });
      expect(signUp.status).toBe(200);
      const cookie = cookieHeaderFrom(signUp.headers.getSetCookie());
      const streams = await Promise.all([1, 2].map(() => openEventStream(server.baseUrl, cookie)));
      for (const stream of streams) await stream.next((e) => e.event === 'ready');
      const exit = await server.stop();
      expect(exit.code, server.output()).toBe(0);
      expect(server.output()).not.toContain(FORCED_EXIT_MESSAGE);
      await Promise.all(streams.map((stream) => stream.ended));
    } finally {
      await server.stop();
      await cleanup();
    }
  }, 60_000);

  it('sends a ping comment at every heartbeat', async () => {
    const t = await createTestApp(kind, {}, { listen: true, liveHeartbeatMs: 50 });
    try {
      const admin = await createFirstAdmin(t);
      const stream = await openEventStream(t.origin, admin.cookie);
      await stream.next((e) => e.event === 'ready');
      for (let waited = 0; stream.pings() < 2 && waited < 200; waited += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(stream.pings()).toBeGreaterThanOrEqual(2);
      stream.close();
    } finally {
      await t.close();
    }
  });
});

/**
 * Issue 19 acceptance: two instances on one PostgreSQL database, in this process (A from
 * createTestApp, B built on the same configuration, each listening). A save written on A's database
 * reaches a client connected to B through LISTEN/NOTIFY; neither instance polls within the wait.
 */
describe.each(databaseKinds.filter((kind) => kind === 'postgres'))(
  'the live stream across two instances (%s)',
  (kind) => {
    let t: TestApp;
    let b: FastifyInstance;
    let originB: string;
    let admin: TestAccount;
    let creator: TestAccount;
    let saver: TestAccount;
    let other: TestAccount;
    let project: { _id: string };
    const streams: EventStream[] = [];

    beforeAll(async () => {
      t = await createTestApp(kind, {}, { listen: true, ...NO_POLL });
      b = await buildApp(t.config, { logger: false, ...NO_POLL });
      await b.listen({ port: 0, host: '127.0.0.1' });
      originB = `http://127.0.0.1:${(b.server.address() as AddressInfo).port}`;
      admin = await createFirstAdmin(t, { name: 'Carla Admin' });
      creator = await createSignedInUser(t, admin.cookie, { name: 'Rosa Creadora' });
      saver = await createSignedInUser(t, admin.cookie, { name: 'Carla Planificadora' });
      other = await createSignedInUser(t, admin.cookie, { name: 'Ana Ajena' });
      project = await createProject(t, creator.cookie, { name: 'Planta Lampa', code: uniqueProjectCode('TW') });
      await addMember(t, creator.cookie, project._id, saver.userId, 'planificador');
      await addMember(t, creator.cookie, project._id, other.userId, 'lector');
    });
    afterAll(async () => {
      for (const stream of streams) stream.close();
      await b?.close();
      await t?.close();
    });

    const openOn = async (origin: string, account: TestAccount, lastEventId?: string) => {
      const stream = await openEventStream(origin, account.cookie, { lastEventId });
      streams.push(stream);
      return stream;
    };

    it("a save on A reaches the creator's and everyone's streams on B, the notification only the creator's", async () => {
      const creatorOnB = await openOn(originB, creator);
      const otherOnB = await openOn(originB, other);
      for (const stream of [creatorOnB, otherOnB]) await stream.next((e) => e.event === 'ready');
      // a save written through a connection of the test's own to the database
      const { historyId } = await recordSave(t.db, { projectId: project._id, user: saver });
      await otherOnB.next(isChangeOf(historyId), { timeoutMs: 2000 });
      const told = await creatorOnB.next(isNotificationOf(historyId), { timeoutMs: 2000 });
      expect(told.data.notification.title).toBe('Carla Planificadora grabó el Gantt');
      const { historyId: later } = await recordSave(t.db, { projectId: project._id, user: saver });
      await otherOnB.next(isChangeOf(later), { timeoutMs: 2000 });
      expect(otherOnB.events.filter((event) => event.event === 'notification')).toEqual([]);
    });

    it("a saveEdp on instance A reaches the members' streams on B within 2 s, its notification only the creator's", async () => {
      const edpProject = await createEdpProject(t, creator.cookie, 'TE');
      await addMember(t, creator.cookie, edpProject.id, saver.userId, 'planificador');
      await addMember(t, creator.cookie, edpProject.id, other.userId, 'lector');
      const creatorOnB = await openOn(originB, creator);
      const otherOnB = await openOn(originB, other);
      for (const stream of [creatorOnB, otherOnB]) await stream.next((e) => e.event === 'ready');
      const edp = await loadEdp(t, saver.cookie, edpProject.id);
      const renamed = edp.items.map((item) => (item.id === 2 ? { ...item, name: 'Nave oriente' } : item));
      const saved = await saveEdp(t, saver.cookie, edpProject.id, { version: edp.version, items: renamed });
      expect(saved.statusCode, JSON.stringify(saved.body)).toBe(200);
      const isThisProject = (e: StreamEvent) => e.event === 'project-change' && e.data.projectId === edpProject.id;
      const change = await otherOnB.next(isThisProject, { timeoutMs: 2000 });
      expect(change.data.functionName).toBe('saveEdp');
      const told = await creatorOnB.next(isNotificationOf(change.data.id), { timeoutMs: 2000 });
      expect(told.data.notification.title).toBe('Carla Planificadora grabó el EDP');
      expect(otherOnB.events.filter((event) => event.event === 'notification')).toEqual([]);
    });

    it("an account notice written by saveUser on A reaches the user's stream on B", async () => {
      const stream = await openOn(originB, other);
      await stream.next((e) => e.event === 'ready');
      const promoted = await callFunction(t.app, 'saveUser', { user: { id: other.userId, admin: true } }, admin.cookie);
      expect(promoted.statusCode).toBe(200);
      const told = await stream.next((e) => e.event === 'notification', { timeoutMs: 2000 });
      expect(told.data.notification.kind).toBe('made-admin');
    });

    it("B's listener comes back after losing its connection, and a later save still reaches B", async () => {
      const admin = new pg.Client({ connectionString: t.config.databaseUrl });
      await admin.connect();
      try {
        const listening = async () =>
          (
            await admin.query(`select pid from pg_stat_activity where datname = current_database() and query = $1`, [
              `LISTEN ${LIVE_CHANNEL}`,
            ])
          ).rows.map((row: { pid: number }) => row.pid);
        const before = await listening();
        // A's and B's
        expect(before).toHaveLength(2);
        await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [before]);
        const after = await eventually(
          listening,
          (pids) => pids.length === 2 && pids.every((pid) => !before.includes(pid)),
        );
        expect(after.filter((pid) => before.includes(pid))).toEqual([]);
        expect(after).toHaveLength(2);
      } finally {
        await admin.end();
      }
      const stream = await openOn(originB, other);
      await stream.next((e) => e.event === 'ready');
      const { historyId } = await recordSave(t.db, { projectId: project._id, user: saver });
      await stream.next(isChangeOf(historyId), { timeoutMs: 2000 });
    });

    it('a client that left B and comes back to A with Last-Event-ID gets what it missed', async () => {
      const onB = await openOn(originB, creator);
      const ready = await onB.next((e) => e.event === 'ready');
      onB.close();
      await onB.ended;
      const { historyId } = await recordSave(t.db, {
        projectId: project._id,
        user: saver,
        summary: 'mientras no estaba',
      });
      const onA = await openOn(t.origin, creator, ready.id);
      expect((await onA.next(isChangeOf(historyId))).data.summary).toBe('mientras no estaba');
      expect((await onA.next(isNotificationOf(historyId))).data.notification.body).toBe(
        'Planta Lampa: mientras no estaba',
      );
    });
  },
);
