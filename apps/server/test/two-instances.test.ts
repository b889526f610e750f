import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISABLED_USER_MESSAGE } from '../src/auth/auth';
import { MAX_SIGN_IN_FAILURES, TOO_MANY_ATTEMPTS_MESSAGE } from '../src/auth/sign-in-guard';
import { openDatabase } from '../src/db/database';
import { migrationProvider } from '../src/db/migrations';
import { FILES_SIGN_IN_MESSAGE } from '../src/storage/files-route';
import { TEST_PASSWORD, cookieHeaderFrom, uniqueEmail } from './support/factories';
import { eventually } from './support/eventually';
import { dataUrl, tinyPng } from './support/images';
import { startServerProcess, waitForHealth } from './support/server-process';
import type { ServerProcess } from './support/server-process';
import { createTestConfig, databaseKinds, findFreePort } from './support/test-app';
import type { TestConfig } from './support/test-app';

/** What a reverse proxy in front of both instances would be reached at; both are configured with it. */
const PUBLIC_URL = 'http://cimiento.localhost:8080';
const AUTH_SECRET = 'secreto-compartido-por-las-dos-instancias-0123456789';

type Answer = { status: number; body: any; cookie: string }; // eslint-disable-line @typescript-eslint/no-explicit-any -- whatever the wire carries

/** A POST as the proxy forwards it: from `clientAddress` when given, else from the proxy itself. */
async function post(
  server: ServerProcess,
  url: string,
  body: unknown,
  cookie = '',
  clientAddress?: string,
): Promise<Answer> {
  const response = await fetch(`${server.baseUrl}${url}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: PUBLIC_URL,
      ...(cookie ? { cookie } : {}),
      ...(clientAddress ? { 'x-forwarded-for': clientAddress } : {}),
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text ? JSON.parse(text) : null,
    cookie: cookieHeaderFrom(response.headers.getSetCookie()),
  };
}

const call = (server: ServerProcess, name: string, data: unknown, cookie: string) =>
  post(server, `/api/functions/${name}`, { data }, cookie);

const signIn = (server: ServerProcess, email: string, password: string, clientAddress?: string) =>
  post(server, '/api/auth/sign-in/email', { email, password }, '', clientAddress);

/** Signs up the first account (an administrator); its cookie. */
async function signUpFirstAdmin(server: ServerProcess): Promise<string> {
  const body = { email: uniqueEmail('admin'), password: TEST_PASSWORD, name: 'Administradora' };
  const signUp = await post(server, '/api/auth/sign-up/email', body);
  expect(signUp.status).toBe(200);
  return signUp.cookie;
}

/**
 * An instance replaced by a new process (an upgrade, a restart) serves the files the old one
 * stored in the database. On SQLite the database lives in DATA_DIR, so the new process reuses it.
 */
describe.each(databaseKinds)('an instance restarted with FILE_STORAGE=database (%s)', (kind) => {
  it('serves after the restart the avatar stored before it, and keeps no files folder', async () => {
    const testConfig = await createTestConfig(kind);
    const env = {
      DATABASE_URL: testConfig.config.databaseUrl ?? '',
      DATA_DIR: testConfig.config.dataDir,
      AUTH_SECRET,
      FILE_STORAGE: 'database',
      PUBLIC_URL,
      LOG_LEVEL: 'warn',
    };
    const servers: ServerProcess[] = [];
    try {
      const before = startServerProcess(await findFreePort(), env);
      servers.push(before);
      expect(await waitForHealth(before), before.output()).toBe(200);
      const cookie = await signUpFirstAdmin(before);
      const avatar = tinyPng(6, 6, [90, 90, 10]);
      const uploaded = await call(
        before,
        'uploadFile',
        { purpose: 'avatar', dataUrl: dataUrl('image/png', avatar) },
        cookie,
      );
      expect(uploaded.status).toBe(200);
      expect((await before.stop()).code).toBe(0);

      const after = startServerProcess(await findFreePort(), env);
      servers.push(after);
      expect(await waitForHealth(after), after.output()).toBe(200);
      const served = await fetch(`${after.baseUrl}${uploaded.body.result.url}`, { headers: { cookie } });
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(avatar)).toBe(true);
      expect(existsSync(path.join(testConfig.config.dataDir, 'files'))).toBe(false);
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
      await testConfig.cleanup();
    }
  }, 60_000);
});

/**
 * Issue 17, "several instances on one PostgreSQL": two real server processes on one fresh database,
 * with the same AUTH_SECRET and FILE_STORAGE=database, each with its own DATA_DIR, requests
 * alternating between them as a reverse proxy would send them.
 */
describe.each(databaseKinds.filter((kind) => kind === 'postgres'))('two instances on one database (%s)', (kind) => {
  let testConfig: TestConfig;
  let otherDataDir: string;
  let a: ServerProcess;
  let b: ServerProcess;
  let health: (number | undefined)[];
  let admin: { cookie: string };

  /** saveUser on `server` by the administrator; the new user's id. */
  async function createUser(server: ServerProcess, email: string): Promise<string> {
    const created = await call(
      server,
      'saveUser',
      { user: { name: 'Persona de Prueba', email, password: TEST_PASSWORD, admin: false } },
      admin.cookie,
    );
    expect(created.status).toBe(200);
    return created.body.result.user.id;
  }

  beforeAll(async () => {
    testConfig = await createTestConfig(kind);
    otherDataDir = await mkdtemp(path.join(os.tmpdir(), 'cimiento-test-'));
    const env = {
      DATABASE_URL: testConfig.config.databaseUrl ?? '',
      AUTH_SECRET,
      FILE_STORAGE: 'database',
      PUBLIC_URL,
      LOG_LEVEL: 'info',
      // as behind the README's nginx: the client's address comes from X-Forwarded-For
      TRUST_PROXY: '127.0.0.1',
    };
    const [portA, portB] = [await findFreePort(), await findFreePort()];
    // at the same moment, on a database nobody has migrated
    a = startServerProcess(portA, { ...env, DATA_DIR: testConfig.config.dataDir });
    b = startServerProcess(portB, { ...env, DATA_DIR: otherDataDir });
    health = await Promise.all([waitForHealth(a), waitForHealth(b)]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await rm(otherDataDir, { recursive: true, force: true });
    await testConfig?.cleanup();
  });

  it('both come up, started together on a fresh database, and the migrations run once', async () => {
    expect(health, a.output() + b.output()).toEqual([200, 200]);
    const names = Object.keys(await migrationProvider(kind).getMigrations());
    const migrated = [a, b].map((server) => server.logLines().filter((line) => line.msg === 'database migrated'));
    // one of them applied every migration, the other waited and found nothing to do
    expect(migrated.flat().map((line) => line.migrations)).toEqual([names]);

    const database = openDatabase({ databaseUrl: testConfig.config.databaseUrl, dataDir: testConfig.config.dataDir });
    try {
      const recorded = await database.db
        .selectFrom('kysely_migration' as never)
        .select('name' as never)
        .execute();
      expect(recorded).toHaveLength(names.length);
    } finally {
      await database.close();
    }

    // the first account, made on A
    admin = { cookie: await signUpFirstAdmin(a) };
  });

  it('takes a session made on A on B, and one made on B on A', async () => {
    const onB = await call(b, 'loadProfile', null, admin.cookie);
    expect(onB.status).toBe(200);
    expect(onB.body.result.profile).toMatchObject({ admin: true });

    const email = uniqueEmail();
    await createUser(b, email);
    const signedIn = await signIn(b, email, TEST_PASSWORD);
    expect(signedIn.status).toBe(200);
    const onA = await call(a, 'loadProfile', null, signedIn.cookie);
    expect(onA.status).toBe(200);
    expect(onA.body.result.profile).toMatchObject({ email, admin: false });
  });

  it('serves on B an avatar uploaded on A, to a session only, from neither DATA_DIR', async () => {
    const email = uniqueEmail();
    await createUser(a, email);
    const cookie = (await signIn(b, email, TEST_PASSWORD)).cookie;
    const avatar = tinyPng(5, 5, [20, 40, 200]);
    const uploaded = await call(a, 'uploadFile', { purpose: 'avatar', dataUrl: dataUrl('image/png', avatar) }, cookie);
    expect(uploaded.status).toBe(200);
    const url: string = uploaded.body.result.url;

    const served = await fetch(`${b.baseUrl}${url}`, { headers: { cookie } });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('private, max-age=3600');
    expect(Buffer.from(await served.arrayBuffer()).equals(avatar)).toBe(true);

    const anonymous = await fetch(`${b.baseUrl}${url}`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: { message: FILES_SIGN_IN_MESSAGE } });

    expect(existsSync(path.join(testConfig.config.dataDir, 'files'))).toBe(false);
    expect(existsSync(path.join(otherDataDir, 'files'))).toBe(false);
  });

  it(`blocks on B the sign-in after ${MAX_SIGN_IN_FAILURES} wrong passwords on A, even with the right password`, async () => {
    const email = uniqueEmail();
    await createUser(a, email);
    const client = '203.0.113.7';
    for (let attempt = 0; attempt < MAX_SIGN_IN_FAILURES; attempt += 1) {
      expect((await signIn(a, email, 'contraseña-equivocada', client)).status).toBe(401);
    }
    const sixth = await signIn(b, email, TEST_PASSWORD, client);
    expect(sixth.status).toBe(429);
    expect(sixth.body).toMatchObject({ message: TOO_MANY_ATTEMPTS_MESSAGE });
    expect(sixth.cookie).toBe('');
    // the block is for that client's address (as the proxy forwards it), not for every address
    const elsewhere = await signIn(b, email, TEST_PASSWORD, '198.51.100.9');
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.cookie).not.toBe('');
  });

  it("counts better-auth's sign-up limit per address across both instances", async () => {
    // '/sign-up/email' allows 10 a minute per address (auth.ts); each instance alone would allow
    // all twelve attempts below, so fewer than twelve answers before the first 429 means one count
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const server = attempt % 2 === 0 ? a : b;
      const body = { email: uniqueEmail('intruso'), password: TEST_PASSWORD, name: 'Intruso' };
      statuses.push((await post(server, '/api/auth/sign-up/email', body)).status);
    }
    const refusedByLimit = statuses.indexOf(429);
    expect(refusedByLimit, statuses.join(', ')).toBeGreaterThan(0);
    expect(refusedByLimit).toBeLessThanOrEqual(10);
    // the installation has its administrator: every attempt the limit let through was refused anyway
    expect(statuses.slice(0, refusedByLimit).every((status) => status === 403)).toBe(true);
    expect(statuses.slice(refusedByLimit).every((status) => status === 429)).toBe(true);
  });

  it('refuses on B, at once, a user disabled on A', async () => {
    const email = uniqueEmail();
    const id = await createUser(a, email);
    const cookie = (await signIn(b, email, TEST_PASSWORD)).cookie;
    expect((await call(b, 'loadProfile', null, cookie)).status).toBe(200);

    expect((await call(a, 'saveUser', { user: { id, disabled: true } }, admin.cookie)).status).toBe(200);

    const refused = await call(b, 'loadProfile', null, cookie);
    expect(refused.status).toBe(401);
    expect(refused.body.error.status).toBe('UNAUTHENTICATED');
    const signInAgain = await signIn(b, email, TEST_PASSWORD);
    expect(signInAgain.status).toBe(403);
    expect(signInAgain.body.message).toBe(DISABLED_USER_MESSAGE);
    expect(signInAgain.cookie).toBe('');
  });

  it('refuses on B a session B has just accepted and A has signed out (issue 18)', async () => {
    const email = uniqueEmail();
    await createUser(a, email);
    const cookie = (await signIn(b, email, TEST_PASSWORD)).cookie;
    // B now answers this cookie from its session cache
    expect((await call(b, 'loadProfile', null, cookie)).status).toBe(200);
    expect((await post(a, '/api/auth/sign-out', {}, cookie)).status).toBe(200);
    // A's announcement reaches B on B's own connection, a moment after the sign-out (the mechanism
    // itself is checked in session-revocation.test.ts)
    const refused = await eventually(
      () => call(b, 'loadProfile', null, cookie),
      (answer) => answer.status !== 200,
    );
    expect(refused.status).toBe(401);
    expect(refused.body.error.status).toBe('UNAUTHENTICATED');
  });

  it('answers on B, at once, a project and its Gantt as A has just saved them, though B remembered them (issue 18)', async () => {
    const saved = await call(
      a,
      'saveProject',
      { project: { name: 'Dos instancias', code: `DI-${Date.now() % 100000}` } },
      admin.cookie,
    );
    expect(saved.status).toBe(200);
    const id = saved.body.result.project._id as string;
    const load = async (server: ServerProcess) =>
      (await call(server, 'loadProject', { id }, admin.cookie)).body.result.project;
    const gantt = async (server: ServerProcess) => (await call(server, 'loadGantt', { id }, admin.cookie)).body.result;
    const { edp } = await load(a);
    const items = [...edp.items, { id: 2, parentId: 1, code: 'X.1', name: 'Primera' }];
    expect((await call(a, 'saveEdp', { id, edp: { items, version: edp.version } }, admin.cookie)).status).toBe(200);
    // B answers both twice: the second from what it remembered
    for (let round = 0; round < 2; round += 1) {
      expect((await load(b)).edp.items.map((item: { name: string }) => item.name)).toContain('Primera');
      expect((await gantt(b)).activities.map((task: { TaskName: string }) => task.TaskName)).toContain('Primera');
    }
    const now = (await load(a)).edp;
    const renamed = now.items.map((item: { id: number }) => (item.id === 2 ? { ...item, name: 'Segunda' } : item));
    expect((await call(a, 'saveEdp', { id, edp: { items: renamed, version: now.version } }, admin.cookie)).status).toBe(
      200,
    );
    expect((await load(b)).edp.items.map((item: { name: string }) => item.name)).toContain('Segunda');
    expect((await gantt(b)).activities.map((task: { TaskName: string }) => task.TaskName)).toContain('Segunda');
  });

  it('stops both cleanly', async () => {
    const exits = await Promise.all([a.stop(), b.stop()]);
    expect(exits.map((exit) => exit.code)).toEqual([0, 0]);
  });
});
