// What every benchmark script needs: the built server on a fresh installation, a signed-up
// administrator, a throwaway PostgreSQL database, timed function calls, and the median.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, '..');
// BENCH_SERVER_ENTRY: another build's main.js (a before/after pair from one checkout)
export const serverEntry = process.env.BENCH_SERVER_ENTRY ?? path.join(root, 'apps/server/dist/main.js');

/**
 * The node options the entry's own checkout starts its server with: those of its package.json's
 * `serve` script (`node <options> apps/server/dist/main.js`), so the bench starts a build as
 * `npm run serve` does, and another build (BENCH_SERVER_ENTRY) with that build's own start line.
 */
export function serveNodeArgs(entry = serverEntry) {
  const checkout = path.resolve(path.dirname(entry), '../../..');
  try {
    const { serve } = JSON.parse(readFileSync(path.join(checkout, 'package.json'), 'utf8')).scripts;
    const options = /^node (.*)apps\/server\/dist\/main\.js$/.exec(serve)?.[1] ?? '';
    return options.split(' ').filter((option) => option !== '');
  } catch {
    return [];
  }
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * One timed call of a function as `target` ({ url, cookie }): request → last byte on loopback, the
 * answer's and the request's bytes and its result; throws on an error answer.
 */
export async function timedCall(target, name, data) {
  const body = JSON.stringify({ data });
  const started = performance.now();
  const response = await fetch(`${target.url}/api/functions/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: target.cookie, 'accept-encoding': 'identity' },
    body,
  });
  const buffer = await response.arrayBuffer();
  const ms = performance.now() - started;
  const text = Buffer.from(buffer).toString();
  if (!response.ok) throw new Error(`${name}: ${response.status} ${text.slice(0, 300)}`);
  return { ms, bytes: buffer.byteLength, requestBytes: Buffer.byteLength(body), result: JSON.parse(text).result };
}

/**
 * Issue 36: makes a user a member of a project (saveMember by its Planificador or an administrator),
 * so a bench's second person may read it. A build from before members and roles has no saveMember
 * and every user sees every project: its 404 is taken as done, so A/B pairs with older builds run.
 */
export async function addMember(target, projectId, userId, role = 'lector') {
  try {
    await timedCall(target, 'saveMember', { id: projectId, member: { userId, role } });
  } catch (error) {
    if (!/^saveMember: 404 .*no existe/.test(error.message)) throw error;
  }
}

export function freePort() {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url, child, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`el proceso terminó (${child.exitCode})`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`sin respuesta de ${url}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** The built server on a fresh SQLite installation (or `DATABASE_URL` in extraEnv), until /healthz answers. */
export async function startApp(extraEnv = {}, entry = serverEntry) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cimiento-bench-'));
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  // BENCH_SERVER_NODE_ARGS, e.g. '--cpu-prof --cpu-prof-dir=/tmp/profiles': node options for the server
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter((arg) => arg !== '');
  // BENCH_SERVER_ENTRY: another build of the server (a before/after comparison on one machine)
  const child = spawn(process.execPath, [...serveNodeArgs(entry), ...nodeArgs, entry], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(`${url}/healthz`, child);
  const coldStartMs = performance.now() - started;
  return {
    url,
    child,
    coldStartMs,
    dataDir,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The installation's first account (its administrator); the session cookie. */
export async function signUp(url) {
  const account = { name: 'Bench Admin', email: 'bench@empresa.cl', password: 'clave-de-bench-1' };
  const response = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(account),
  });
  if (!response.ok) throw new Error(`sign-up: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** The session cookie header `cookie` as cookies for a Chromium context on `url` (playwright-core's addCookies). */
export function contextCookies(url, cookie) {
  const { hostname } = new URL(url);
  return cookie.split('; ').map((pair) => {
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1), domain: hostname, path: '/' };
  });
}

/** A throwaway PostgreSQL database; pg is resolved as the server resolves it (a server dependency). */
export async function createBenchDatabase() {
  const pg = createRequire(path.join(root, 'apps/server/package.json'))('pg');
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `cimiento_bench_${randomBytes(6).toString('hex')}`;
  const admin = async (statement) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

/**
 * Rows written straight into the app's database, for arranging what would take thousands of calls:
 * `insert(table, rows)` in one transaction of multi-row INSERTs. `target.database` is what
 * onBothDatabases passes ({ kind: 'sqlite', dataDir } or { kind: 'postgres', url }).
 */
export async function directWriter(database) {
  const require = createRequire(path.join(root, 'apps/server/package.json'));
  const columnsOf = (rows) => Object.keys(rows[0]);
  if (database.kind === 'sqlite') {
    const Sqlite = require('better-sqlite3');
    const db = new Sqlite(path.join(database.dataDir, 'cimiento.db'));
    db.pragma('busy_timeout = 5000');
    return {
      insert: async (table, rows) => {
        if (rows.length === 0) return;
        const columns = columnsOf(rows);
        const statement = db.prepare(
          `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
        );
        db.transaction(() => {
          for (const row of rows) statement.run(columns.map((column) => row[column]));
        })();
      },
      close: async () => db.close(),
    };
  }
  const pg = require('pg');
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  return {
    insert: async (table, rows) => {
      if (rows.length === 0) return;
      const columns = columnsOf(rows);
      const per = Math.floor(60_000 / columns.length);
      await client.query('BEGIN');
      try {
        for (let start = 0; start < rows.length; start += per) {
          const part = rows.slice(start, start + per);
          const values = [];
          const tuples = part.map((row, index) => {
            for (const column of columns) values.push(row[column]);
            return `(${columns.map((_, k) => `$${index * columns.length + k + 1}`).join(', ')})`;
          });
          await client.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples.join(', ')}`, values);
        }
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
    },
    close: () => client.end(),
  };
}

/**
 * Runs `figures(target, label, record)` on a fresh SQLite app and on a fresh app over a throwaway
 * PostgreSQL database (`target.pid`: the server process, for its memory figures); a database that fails gets one 'n/a' row named `${name} (label)`. Returns the rows.
 */
export async function onBothDatabases(name, figures) {
  const rows = [];
  const record = (rowName, value, unit, note = '') => rows.push({ name: rowName, value, unit, note });
  const failed = (label, error) => record(`${name} (${label})`, 'n/a', '', `failed: ${error.message.split('\n')[0]}`);

  const sqlite = await startApp();
  try {
    await figures(
      {
        url: sqlite.url,
        cookie: await signUp(sqlite.url),
        database: { kind: 'sqlite', dataDir: sqlite.dataDir },
        pid: sqlite.child.pid,
      },
      'SQLite',
      record,
    );
  } catch (error) {
    failed('SQLite', error);
  } finally {
    await sqlite.stop();
  }

  let database;
  try {
    database = await createBenchDatabase();
    const app = await startApp({ DATABASE_URL: database.url });
    try {
      await figures(
        {
          url: app.url,
          cookie: await signUp(app.url),
          database: { kind: 'postgres', url: database.url },
          pid: app.child.pid,
        },
        'PostgreSQL',
        record,
      );
    } finally {
      await app.stop();
    }
  } catch (error) {
    failed('PostgreSQL', error);
  } finally {
    await database?.drop();
  }
  return rows;
}
