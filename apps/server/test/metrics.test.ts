import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTGRES_POOL_MAX, migrateToLatest, openDatabase } from '../src/db/database';
import { METRICS_PATH, NO_ROUTE } from '../src/http/metrics';
import { callFunction, createFirstAdmin, createSignedInUser } from './support/factories';
import type { TestAccount } from './support/factories';
import { openEventStream } from './support/event-stream';
import { createTestApp, createTestConfig, databaseKinds } from './support/test-app';
import type { TestApp } from './support/test-app';

/**
 * Issue 30, operations: GET /metrics in Prometheus's text format, behind METRICS_TOKEN (a bearer
 * token), off without it; calls per function, the other routes by pattern, event-loop lag, memory,
 * live streams, the database pool; nothing secret in it.
 */

const TOKEN = 'prueba-de-metricas-7f3a9c1e';

/** The value of one sample line (`name{labels} value`), or undefined when the text has no such line. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is off: 404 like any unknown path, with or without a token, never the web app', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const response = await t.app.inject({ method: 'GET', url: METRICS_PATH, headers });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ error: { status: 'NOT_FOUND', message: 'No encontrado' } });
    }
  });
});

describe.each(databaseKinds)('GET /metrics with METRICS_TOKEN (%s)', (kind) => {
  let t: TestApp;
  let admin: TestAccount;
  let member: TestAccount;

  const scrape = async (headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) =>
    t.app.inject({ method: 'GET', url: METRICS_PATH, headers });
  const metricsText = async () => {
    const response = await scrape();
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { METRICS_TOKEN: TOKEN }, { listen: true });
    admin = await createFirstAdmin(t, { name: 'Carla Admin' });
    member = await createSignedInUser(t, admin.cookie, { name: 'Pedro Socio' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses without the token, with a wrong one, or with the session cookie alone: a bare 401, never cached', async () => {
    const refusals: Record<string, string>[] = [
      {},
      { authorization: `Bearer ${TOKEN.slice(0, -1)}x` },
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: 'Bearer' },
      { authorization: `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}` },
      { authorization: TOKEN },
      { cookie: admin.cookie },
    ];
    for (const headers of refusals) {
      const response = await scrape(headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(401);
      expect(response.body).toBe('');
      expect(response.headers['www-authenticate']).toBe('Bearer');
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('answers the scraper in Prometheus text format, never cached; from another origin too (a GET that only reads)', async () => {
    const scrapers: Record<string, string>[] = [
      { authorization: `Bearer ${TOKEN}` },
      { authorization: `bearer  ${TOKEN}` },
      { authorization: `Bearer ${TOKEN}`, origin: 'http://prometheus.example', 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of scrapers) {
      const response = await scrape(headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(200);
      expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).toMatch(/^# HELP /);
    }
    // only GET (and its HEAD): anything else is an unknown route
    const post = await t.app.inject({
      method: 'POST',
      url: METRICS_PATH,
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(post.statusCode).toBe(404);
  });

  it("counts each function's calls by name and code, and times them in a histogram", async () => {
    const before = await metricsText();
    const ok = `cimiento_function_duration_seconds_count{function="loadProjects",code="OK"}`;
    const refused = `cimiento_function_duration_seconds_count{function="loadProjects",code="UNAUTHENTICATED"}`;
    const invalid = `cimiento_function_duration_seconds_count{function="loadObjects",code="INVALID_ARGUMENT"}`;
    expect((await callFunction(t.app, 'loadProjects', {}, member.cookie)).statusCode).toBe(200);
    expect((await callFunction(t.app, 'loadProjects', {}, member.cookie)).statusCode).toBe(200);
    expect((await callFunction(t.app, 'loadProjects', {})).statusCode).toBe(401);
    // (a catalogue read: issue 36 gives the writes to administrators, refused before the payload is read)
    expect((await callFunction(t.app, 'loadObjects', { collection: 'nada' }, member.cookie)).statusCode).toBe(400);
    const after = await metricsText();
    expect((sample(after, ok) ?? 0) - (sample(before, ok) ?? 0)).toBe(2);
    expect((sample(after, refused) ?? 0) - (sample(before, refused) ?? 0)).toBe(1);
    expect((sample(after, invalid) ?? 0) - (sample(before, invalid) ?? 0)).toBe(1);
    expect(after).toContain('# TYPE cimiento_function_duration_seconds histogram');
    // the buckets: the whole count is at +Inf, and the sum is a duration
    expect(
      sample(after, `cimiento_function_duration_seconds_bucket{le="+Inf",function="loadProjects",code="OK"}`),
    ).toBe(sample(after, ok));
    expect(
      sample(after, `cimiento_function_duration_seconds_bucket{le="0.001",function="loadProjects",code="OK"}`),
    ).toBeDefined();
    const sum = sample(after, `cimiento_function_duration_seconds_sum{function="loadProjects",code="OK"}`) ?? -1;
    expect(sum).toBeGreaterThan(0);
    expect(sum).toBeLessThan(60);
  });

  it('labels the other routes by their pattern, never by the URL sent, so the labels stay few', async () => {
    await t.app.inject({ method: 'GET', url: '/healthz?probe=uno' });
    await t.app.inject({ method: 'GET', url: '/una/ruta/inventada-9f2c?correo=alguien@example.cl' });
    await t.app.inject({ method: 'GET', url: '/files/avatars/inventado-4d1e/foto.png' });
    await callFunction(t.app, 'funcionInventada7b1', {}, member.cookie);
    const text = await metricsText();
    expect(
      sample(text, `cimiento_http_request_duration_seconds_count{method="GET",route="/healthz",status="200"}`),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, `cimiento_http_request_duration_seconds_count{method="POST",route="${NO_ROUTE}",status="404"}`),
    ).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(
      /cimiento_http_request_duration_seconds_count\{method="GET",route="\/files\/\*",status="\d+"\}/,
    );
    for (const raw of ['inventada-9f2c', 'inventado-4d1e', 'funcionInventada7b1', 'probe=uno', 'alguien@example.cl'])
      expect(text).not.toContain(raw);
  });

  it('has event-loop lag, RSS and heap (prom-client defaults, on this Node)', async () => {
    // the lag's percentiles are those since the previous scrape, sampled every 10 ms: let a few samples in
    await new Promise((resolve) => setTimeout(resolve, 50));
    const text = await metricsText();
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThan(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(20 * 1024 * 1024);
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(1024 * 1024);
    expect(sample(text, 'nodejs_heap_size_total_bytes')).toBeGreaterThanOrEqual(
      sample(text, 'nodejs_heap_size_used_bytes') ?? Number.POSITIVE_INFINITY,
    );
  });

  it('counts the open live streams', async () => {
    const streams = async () => sample(await metricsText(), 'cimiento_live_streams');
    expect(await streams()).toBe(0);
    const first = await openEventStream(t.origin, member.cookie);
    const second = await openEventStream(t.origin, admin.cookie);
    try {
      await first.next((event) => event.event === 'ready');
      await second.next((event) => event.event === 'ready');
      expect(await streams()).toBe(2);
      first.close();
      await expect.poll(streams).toBe(1);
    } finally {
      first.close();
      second.close();
    }
    await expect.poll(streams).toBe(0);
  });

  it("shows the database pool's use", async () => {
    const text = await metricsText();
    const max = sample(text, 'cimiento_db_pool_max_connections');
    const open = sample(text, 'cimiento_db_pool_open_connections') ?? -1;
    const idle = sample(text, 'cimiento_db_pool_idle_connections') ?? -1;
    expect(max).toBe(kind === 'postgres' ? POSTGRES_POOL_MAX : 1);
    expect(open).toBeGreaterThanOrEqual(1);
    expect(open).toBeLessThanOrEqual(max ?? 0);
    expect(idle).toBeGreaterThanOrEqual(0);
    expect(idle).toBeLessThanOrEqual(open);
    expect(sample(text, 'cimiento_db_pool_waiting')).toBe(0);
  });

  it('shows nothing secret: no email, name, cookie, token, secret or data sent in a call', async () => {
    const code = `SECRETO${Date.now() % 100000}`;
    await callFunction(
      t.app,
      'saveObject',
      { collection: 'actividades', object: { code, name: 'Excavación' } },
      // a call that goes through (issue 36: the catalogue is the administrators')
      admin.cookie,
    );
    const text = await metricsText();
    const sessionToken = decodeURIComponent(member.cookie.split(';')[0]?.split('=')[1] ?? '');
    const secrets = [
      TOKEN,
      admin.email,
      member.email,
      admin.password,
      'Carla Admin',
      'Pedro Socio',
      member.userId,
      sessionToken,
      sessionToken.split('.')[0] ?? '',
      code,
    ];
    const generated = await readFile(path.join(t.config.dataDir, 'auth-secret'), 'utf8').catch(() => undefined);
    if (generated !== undefined) secrets.push(generated.trim());
    if (t.config.databaseUrl) secrets.push(t.config.databaseUrl, new URL(t.config.databaseUrl).pathname.slice(1));
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(4);
      expect(text).not.toContain(secret);
    }
  });

  it("is each app's own: calls to another app in the same process do not move this one's counters", async () => {
    const other = await createTestApp(kind, { METRICS_TOKEN: TOKEN });
    try {
      const series = `cimiento_function_duration_seconds_count{function="loadProfile",code="UNAUTHENTICATED"}`;
      const before = sample(await metricsText(), series) ?? 0;
      await callFunction(other.app, 'loadProfile', {});
      await callFunction(other.app, 'loadProfile', {});
      const response = await other.app.inject({
        method: 'GET',
        url: METRICS_PATH,
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(sample(response.body, series)).toBe(2);
      expect(sample(await metricsText(), series) ?? 0).toBe(before);
    } finally {
      await other.close();
    }
  });
});

describe.each(databaseKinds)("the database pool's use, as /metrics reads it (%s)", (kind) => {
  it('counts the connection a transaction holds, and the queries waiting for one', async () => {
    const { config, cleanup } = await createTestConfig(kind);
    const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      await migrateToLatest(database);
      const max = database.poolUse().max;
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let started: () => void = () => {};
      const isStarted = new Promise<void>((resolve) => {
        started = resolve;
      });
      // every connection held by a transaction that waits, then one query more
      const transactions = Array.from({ length: max }, () =>
        database.db.transaction().execute(async (trx) => {
          await sql`select 1`.execute(trx);
          started();
          await held;
        }),
      );
      await isStarted;
      await expect.poll(() => database.poolUse()).toMatchObject({ open: max, idle: 0 });
      const queued = sql`select 1`.execute(database.db);
      await expect.poll(() => database.poolUse().waiting).toBe(1);
      release();
      await Promise.all(transactions);
      await queued;
      const settled = database.poolUse();
      expect(settled.waiting).toBe(0);
      expect(settled.idle).toBe(settled.open);
    } finally {
      await database.close();
      await cleanup();
    }
  });
});
