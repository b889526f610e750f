import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../src/app';
import type { BuildAppOptions } from '../../src/app';
import { parseConfig } from '../../src/config';
import type { Config } from '../../src/config';
import { openDatabase } from '../../src/db/database';
import type { Database, DatabaseDialect } from '../../src/db/schema';

export type DatabaseKind = DatabaseDialect;

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL points at a server we may create databases on. */
export const databaseKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

/** Environment variables, as main.ts would read them; they override the test defaults. */
export type TestEnv = Record<string, string | undefined>;

export type TestConfig = {
  config: Config;
  /** Drops the PostgreSQL database (if any) and removes DATA_DIR. */
  cleanup: () => Promise<void>;
};

export type TestAppOptions = Omit<BuildAppOptions, 'logger'> & {
  /** Listen on 127.0.0.1 (on `port`, or a free one); PUBLIC_URL defaults to that origin. */
  listen?: boolean;
  port?: number;
};

export type TestApp = {
  app: FastifyInstance;
  config: Config;
  /** The app's own origin when listening (http://127.0.0.1:<port>); config.publicUrl otherwise. */
  origin: string;
  /** A second connection to the app's database, for arranging and checking what the API cannot. */
  db: Kysely<Database>;
  close: () => Promise<void>;
};

/** A port nobody listens on right now, for apps whose PUBLIC_URL must be known before they start. */
export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL no está definida');
  const name = `cimiento_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        // Pools that were just closed may still have connections on their way out; FORCE would
        // terminate them mid-goodbye and their clients report an unhandled FATAL (57P01). So wait
        // for them a little first, and only then force.
        for (let attempt = 0; attempt < 20; attempt += 1) {
          try {
            await client.query(`DROP DATABASE IF EXISTS "${name}"`);
            return;
          } catch (error) {
            if ((error as { code?: string }).code !== '55006') throw error;
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
        }
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** A Config exactly as parseConfig makes it, on a fresh temporary DATA_DIR and (for postgres) a fresh database. */
export async function createTestConfig(kind: DatabaseKind, env: TestEnv = {}): Promise<TestConfig> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cimiento-test-'));
  const database = kind === 'postgres' ? await createPostgresDatabase() : undefined;
  const cleanup = async () => {
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  const parsed = parseConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DATABASE_URL: database?.url,
    ...env,
  });
  if (!parsed.ok) {
    await cleanup();
    throw new Error(`Configuración de prueba no válida:\n${parsed.errors.join('\n')}`);
  }
  return { config: parsed.config, cleanup };
}

/** The real app (buildApp, migrated database, better-auth) on a fresh database of the given kind. */
export async function createTestApp(
  kind: DatabaseKind,
  env: TestEnv = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const { listen = false, port: requestedPort, ...buildOptions } = options;
  const port = listen ? (requestedPort ?? (await findFreePort())) : undefined;
  const listenEnv: TestEnv = port === undefined ? {} : { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` };
  const { config, cleanup } = await createTestConfig(kind, { ...listenEnv, ...env });

  let app: FastifyInstance;
  try {
    // silent unless the test reads the log
    app = await buildApp(config, { logger: buildOptions.logStream !== undefined, ...buildOptions });
    if (port !== undefined) await app.listen({ port, host: '127.0.0.1' });
  } catch (error) {
    await cleanup();
    throw error;
  }
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  return {
    app,
    config,
    origin: port === undefined ? config.publicUrl : `http://127.0.0.1:${port}`,
    db: database.db,
    close: async () => {
      await database.close();
      await app.close();
      await cleanup();
    },
  };
}
