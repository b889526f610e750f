import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type { DatabaseConnection, Driver } from 'kysely';
import type pg from 'pg';
import { migrationProvider } from './migrations';
import type { Database, DatabaseDialect } from './schema';

/**
 * issue 30, GET /metrics: the connections Kysely works with now. PostgreSQL: the pg Pool's counts
 * (`open` = its totalCount, `idle` = idleCount, `waiting` = queries and transactions queued for a
 * connection). SQLite: its one connection, `inUse` while a query or transaction holds it and
 * `waiting` for those queued behind it (Kysely's mutex).
 */
export type PoolUse = { max: number; open: number; idle: number; waiting: number };

export type AppDatabase = {
  db: Kysely<Database>;
  dialect: DatabaseDialect;
  close: () => Promise<void>;
  /** issue 30: the pool's use now (the metrics read it at each scrape) */
  poolUse: () => PoolUse;
};

/** PostgreSQL connections per instance (the pool's max). */
export const POSTGRES_POOL_MAX = 10;

/** SQLite under dataDir unless a PostgreSQL URL is given. */
export function openDatabase(options: { databaseUrl: string | undefined; dataDir: string }): AppDatabase {
  if (options.databaseUrl) {
    const { databaseUrl } = options;
    let opened: pg.Pool | undefined;
    // pg is imported when Kysely opens the first connection: a SQLite installation never loads it
    const pool = async () => {
      opened = new (await import('pg')).default.Pool({ connectionString: databaseUrl, max: POSTGRES_POOL_MAX });
      return opened;
    };
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const poolUse = (): PoolUse => ({
      max: POSTGRES_POOL_MAX,
      open: opened?.totalCount ?? 0,
      idle: opened?.idleCount ?? 0,
      waiting: opened?.waitingCount ?? 0,
    });
    return { db, dialect: 'postgres', close: () => db.destroy(), poolUse };
  }
  mkdirSync(options.dataDir, { recursive: true });
  const sqlite = new SqliteDatabase(path.join(options.dataDir, 'cimiento.db'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const use = { inUse: 0, waiting: 0 };
  const db = new Kysely<Database>({
    dialect: new CountingSqliteDialect({ database: withStatementCache(sqlite) }, use),
  });
  const poolUse = (): PoolUse => ({ max: 1, open: 1, idle: 1 - use.inUse, waiting: use.waiting });
  return { db, dialect: 'sqlite', close: () => db.destroy(), poolUse };
}

/**
 * Kysely's SQLite dialect, counting (issue 30) whether its one connection is held and how many wait
 * for it; everything else is its own driver's. Two counter updates per query or transaction.
 */
class CountingSqliteDialect extends SqliteDialect {
  constructor(
    config: ConstructorParameters<typeof SqliteDialect>[0],
    private readonly use: { inUse: number; waiting: number },
  ) {
    super(config);
  }

  override createDriver(): Driver {
    const driver = super.createDriver();
    const { use } = this;
    const acquireConnection = async (): Promise<DatabaseConnection> => {
      use.waiting += 1;
      let connection: DatabaseConnection;
      try {
        connection = await driver.acquireConnection();
      } finally {
        use.waiting -= 1;
      }
      use.inUse = 1;
      return connection;
    };
    const releaseConnection = async (connection: DatabaseConnection): Promise<void> => {
      use.inUse = 0;
      await driver.releaseConnection(connection);
    };
    return new Proxy(driver, {
      get(target, property) {
        if (property === 'acquireConnection') return acquireConnection;
        if (property === 'releaseConnection') return releaseConnection;
        const value: unknown = Reflect.get(target, property, target);
        // the driver keeps its state in private fields: its methods must run on it
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  }
}

/**
 * How many prepared statements the SQLite connection keeps. Kysely writes `in (?, ?, …)` with one
 * placeholder per value, so some SQL texts are one-offs: the bound keeps them from piling up.
 */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * The better-sqlite3 connection as Kysely's SqliteDialect sees it, with `prepare(sql)` memoised by
 * SQL text in a bounded LRU. Kysely prepares every query anew, which cost ~7% of the server's CPU
 * under load (issue 18); a better-sqlite3 statement is reusable, and SQLite re-prepares it itself
 * when the schema changes. A statement still being iterated (a streamed query) is busy: the caller
 * then gets a fresh one rather than sharing it.
 */
export function withStatementCache(
  sqlite: SqliteDatabase.Database,
  size = STATEMENT_CACHE_SIZE,
): Pick<SqliteDatabase.Database, 'prepare' | 'close'> & { readonly cachedStatements: number } {
  // a Map iterates in insertion order: deleting and re-inserting on each hit keeps the least
  // recently used first, which is the one evicted
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    prepare(source: string) {
      const cached = statements.get(source);
      if (cached && !cached.busy) {
        statements.delete(source);
        statements.set(source, cached);
        return cached;
      }
      const statement = sqlite.prepare(source);
      if (cached) return statement;
      statements.set(source, statement);
      if (statements.size > size) statements.delete(statements.keys().next().value as string);
      return statement;
    },
    close() {
      statements.clear();
      sqlite.close();
    },
    get cachedStatements() {
      return statements.size;
    },
  } as Pick<SqliteDatabase.Database, 'prepare' | 'close'> & { readonly cachedStatements: number };
}

/**
 * The key of the PostgreSQL advisory lock start-up migrations run under ("cimiento" in ASCII), so
 * instances starting together on one database migrate one after the other.
 */
export const MIGRATION_LOCK_KEY = 0x63696d69656e746fn;

/**
 * Brings the schema to the latest migration; returns the names of the migrations it applied. On
 * PostgreSQL the whole run holds a session-level advisory lock on one dedicated connection.
 * Kysely's own lock covers only its migration loop, taken after it has created (or raced to
 * create) its bookkeeping tables; ours covers the whole start-up migration, so instances starting
 * together run it one after the other: the next one waits, then finds nothing to do.
 */
export async function migrateToLatest(database: AppDatabase): Promise<string[]> {
  if (database.dialect === 'sqlite') return runMigrations(database);
  return database.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY.toString()}::bigint)`.execute(connection);
    try {
      return await runMigrations(database);
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY.toString()}::bigint)`.execute(connection);
    }
  });
}

async function runMigrations(database: AppDatabase): Promise<string[]> {
  const migrator = new Migrator({
    db: database.db,
    provider: migrationProvider(database.dialect),
    migrationTableName: 'kysely_migration',
    migrationLockTableName: 'kysely_migration_lock',
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? failed?.migrationName);
    throw new Error(`La migración de la base de datos falló: ${reason}`, { cause: error });
  }
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}

export async function isDatabaseReachable(database: AppDatabase): Promise<boolean> {
  try {
    await sql`select 1`.execute(database.db);
    return true;
  } catch {
    return false;
  }
}
