import { TRASH_SWEEP_AUTHOR } from '@cimiento/domain';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openDatabase } from '../db/database';
import type { Database } from '../db/schema';
import { callFunction, createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import type { TestAccount } from '../../test/support/factories';
import { eventually } from '../../test/support/eventually';
import { openEventStream } from '../../test/support/event-stream';
import type { EventStream } from '../../test/support/event-stream';
import { addMember } from '../../test/support/members';
import { createProject, uniqueProjectCode } from '../../test/support/projects';
import { createTestApp, createTestConfig, databaseKinds } from '../../test/support/test-app';
import type { TestApp, TestConfig } from '../../test/support/test-app';
import { purgeExpiredTrash } from './trash-queries';
import { createTrashSweep } from './trash-sweep';

/**
 * Issue 30: the trash's automatic purge runs at start-up and then periodically; projects 31 days in
 * the trash go, 29 days stay (set in the database, never waited for); several instances sweeping
 * one PostgreSQL purge each project once. And the live stream: a screen open on a project learns
 * of its deletion, and nothing else of a project in the trash is sent.
 */

const DAY = 24 * 60 * 60 * 1000;

async function trash(t: Pick<TestApp, 'app' | 'db'>, cookie: string, prefix: string, daysAgo: number) {
  const project = await createProject(t, cookie, { name: `Obra ${prefix}`, code: uniqueProjectCode(prefix) });
  const removed = await callFunction(t.app, 'removeProject', { id: project._id }, cookie);
  expect(removed.statusCode).toBe(200);
  await t.db
    .updateTable('project')
    .set({ deleted_at: new Date(Date.now() - daysAgo * DAY).toISOString() })
    .where('_id', '=', project._id)
    .execute();
  return project._id as string;
}

async function exists(db: Kysely<Database>, id: string): Promise<boolean> {
  return (await db.selectFrom('project').select('_id').where('_id', '=', id).executeTakeFirst()) !== undefined;
}

async function purgeRows(db: Kysely<Database>, id: string) {
  const rows = await db.selectFrom('change_log').selectAll().where('action', '=', 'purge').execute();
  return rows.filter((row) => (JSON.parse(row.detail) as { projectId?: string }).projectId === id);
}

describe.each(databaseKinds)('the trash sweep (%s)', (kind) => {
  describe('in a running server', () => {
    let t: TestApp;
    let cookie: string;

    beforeAll(async () => {
      t = await createTestApp(kind, {}, { trashSweepMs: 50 });
      cookie = (await createFirstAdmin(t)).cookie;
    });
    afterAll(async () => {
      await t?.close();
    });

    it('purges, on its own, a project 31 days in the trash and keeps one 29 days in it', async () => {
      const kept = await trash(t, cookie, 'K29', 29);
      const gone = await trash(t, cookie, 'G31', 31);
      await eventually(
        () => exists(t.db, gone),
        (present) => !present,
      );
      expect(await exists(t.db, gone)).toBe(false);
      const [row, ...more] = await purgeRows(t.db, gone);
      expect(more).toEqual([]);
      expect(row).toMatchObject({ user_id: null, user_name: TRASH_SWEEP_AUTHOR, area: 'project' });
      // the sweep that took the 31-day one ran after both were set, and left the 29-day one
      expect(await exists(t.db, kept)).toBe(true);
      const trashList = await callFunction(t.app, 'loadTrash', null, cookie);
      expect(trashList.body.result.projects.map((project: { id: string }) => project.id)).toEqual([kept]);
    });
  });

  describe('at start-up', () => {
    let setup: TestConfig;

    beforeAll(async () => {
      setup = await createTestConfig(kind);
    });
    afterAll(async () => {
      await setup?.cleanup();
    });

    it('purges what expired while the server was stopped, before the first tick of its timer', async () => {
      const first = await buildApp(setup.config, { logger: false });
      const database = openDatabase({ databaseUrl: setup.config.databaseUrl, dataDir: setup.config.dataDir });
      let gone: string;
      let kept: string;
      try {
        const admin = await createFirstAdmin({ app: first, config: setup.config });
        const t = { app: first, db: database.db };
        gone = await trash(t, admin.cookie, 'SU', 40);
        kept = await trash(t, admin.cookie, 'SK', 10);
      } finally {
        await first.close();
      }
      // an hour between ticks: only the start-up run can purge it within the wait
      const second = await buildApp(setup.config, { logger: false, trashSweepMs: 60 * 60 * 1000 });
      try {
        await eventually(
          () => exists(database.db, gone),
          (present) => !present,
        );
        expect(await exists(database.db, gone)).toBe(false);
        expect(await exists(database.db, kept)).toBe(true);
        expect(await purgeRows(database.db, gone)).toHaveLength(1);
      } finally {
        await second.close();
        await database.close();
      }
    });
  });

  describe('stopping', () => {
    it('stop ends the timer and waits for a run under way; no run starts after it', async () => {
      const setup = await createTestConfig(kind);
      const database = openDatabase({ databaseUrl: setup.config.databaseUrl, dataDir: setup.config.dataDir });
      try {
        const { migrateToLatest } = await import('../db/database');
        await migrateToLatest(database);
        let runs = 0;
        const sweep = createTrashSweep({
          db: database.db,
          log: { info: () => undefined, warn: () => undefined } as never,
          intervalMs: 10,
          now: () => {
            runs += 1;
            return new Date();
          },
        });
        await sweep.start();
        await eventually(
          async () => runs,
          (count) => count >= 3,
        );
        await sweep.stop();
        const after = runs;
        await sweep.run();
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(runs).toBe(after);
      } finally {
        await database.close();
        await setup.cleanup();
      }
    });
  });
});

describe.runIf(databaseKinds.includes('postgres'))('two instances sweeping one PostgreSQL', () => {
  let setup: TestConfig;

  beforeAll(async () => {
    setup = await createTestConfig('postgres');
  });
  afterAll(async () => {
    await setup?.cleanup();
  });

  it('purge each expired project once, with one change log row each', async () => {
    const app = await buildApp(setup.config, { logger: false });
    const databases = [0, 1, 2].map(() =>
      openDatabase({ databaseUrl: setup.config.databaseUrl, dataDir: setup.config.dataDir }),
    );
    try {
      const admin = await createFirstAdmin({ app, config: setup.config });
      const t = { app, db: databases[0]?.db as Kysely<Database> };
      const ids: string[] = [];
      for (let index = 0; index < 6; index += 1) ids.push(await trash(t, admin.cookie, `TW${index}`, 35));
      const results = await Promise.all(databases.map(({ db }) => purgeExpiredTrash(db)));
      const purged = results.flatMap((result) => result.purged.map((project) => project.id));
      expect(purged.sort()).toEqual([...ids].sort());
      for (const id of ids) {
        expect(await exists(t.db, id)).toBe(false);
        expect(await purgeRows(t.db, id)).toHaveLength(1);
      }
    } finally {
      await app.close();
      for (const database of databases) await database.close();
    }
  });
});

describe.each(databaseKinds)('the live stream and the trash (%s)', (kind) => {
  let t: TestApp;
  let admin: TestAccount;
  let watcher: TestAccount;
  const streams: EventStream[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { listen: true, livePollMs: 600_000 });
    admin = await createFirstAdmin(t, { name: 'Carla Admin' });
    watcher = await createSignedInUser(t, admin.cookie, { name: 'Ana Mirando' });
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await t?.close();
  });

  it('sends the deletion to the screens, then nothing of the project until it is restored', async () => {
    const project = await createProject(t, admin.cookie, { name: 'Bodega', code: uniqueProjectCode('LV') });
    // issue 36: the project's changes go to its members' streams
    await addMember(t, admin.cookie, project._id, watcher.userId, 'lector');
    const stream = await openEventStream(t.origin, watcher.cookie);
    streams.push(stream);
    expect((await callFunction(t.app, 'removeProject', { id: project._id }, admin.cookie)).statusCode).toBe(200);
    const deletion = await stream.next(
      (event) => event.event === 'project-change' && event.data.projectId === project._id,
    );
    expect(deletion.data).toMatchObject({ functionName: 'removeProject', userName: 'Carla Admin', area: 'project' });

    // a client that reconnects from the start is replayed the deletion, not the project's earlier entries
    const replay = await openEventStream(t.origin, watcher.cookie, { lastEventId: 'h0-n0' });
    streams.push(replay);
    const replayed = await replay.next(
      (event) => event.event === 'project-change' && event.data.projectId === project._id,
    );
    expect(replayed.data.functionName).toBe('removeProject');
    const ofProject = replay.events.filter(
      (event) => event.event === 'project-change' && event.data.projectId === project._id,
    );
    expect(ofProject.map((event) => event.data.functionName)).toEqual(['removeProject']);

    expect((await callFunction(t.app, 'restoreProject', { id: project._id }, admin.cookie)).statusCode).toBe(200);
    const restored = await stream.next(
      (event) => event.event === 'project-change' && event.data.functionName === 'restoreProject',
    );
    expect(restored.data.projectId).toBe(project._id);
  });
});
