import { Migrator, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestConfig, databaseKinds } from '../../test/support/test-app';
import type { TestConfig } from '../../test/support/test-app';
import { MIGRATION_LOCK_KEY, isDatabaseReachable, migrateToLatest, openDatabase } from './database';
import type { AppDatabase } from './database';
import { migrationProvider } from './migrations';

const APP_TABLES = [
  'account',
  'catalogue_activity',
  'catalogue_area_type',
  'catalogue_component',
  // issue 35
  'catalogue_resource',
  'catalogue_resource_availability',
  'catalogue_resource_calendar',
  'catalogue_resource_crew',
  'catalogue_sector',
  'catalogue_subcomponent',
  'catalogue_subcomponent_activity',
  'catalogue_system',
  'catalogue_trade',
  'change_log',
  'edc_item',
  'edc_list',
  'edp_item',
  'estado_pago',
  'file_content',
  'file_release',
  'first_account_claim',
  'gantt_baseline',
  'gantt_baseline_cost',
  'gantt_baseline_task',
  'gantt_cutoff',
  'gantt_cutoff_task',
  'gantt_link',
  'gantt_removed_link',
  'gantt_removed_source',
  'gantt_task',
  'gantt_task_resource',
  'kysely_migration',
  'kysely_migration_lock',
  'login_failure',
  'lp_commitment',
  'lp_constraint',
  'notification',
  'project',
  'project_area_type',
  'project_company',
  'project_follow',
  'project_history',
  'project_last_planner',
  'project_member',
  'rateLimit',
  'session',
  'stored_file',
  'task_company',
  'task_photo',
  'uf_value',
  'user',
  'user_profile',
  'verification',
];

describe.each(databaseKinds)('migrations (%s)', (kind) => {
  let testConfig: TestConfig;
  let database: AppDatabase;

  beforeAll(async () => {
    testConfig = await createTestConfig(kind);
    database = openDatabase({ databaseUrl: testConfig.config.databaseUrl, dataDir: testConfig.config.dataDir });
  });
  afterAll(async () => {
    await database?.close();
    await testConfig?.cleanup();
  });

  async function tableNames(): Promise<string[]> {
    const tables = await database.db.introspection.getTables({ withInternalKyselyTables: true });
    return tables.map((table) => table.name).sort();
  }

  it('opens the dialect the configuration asks for', () => {
    expect(database.dialect).toBe(kind);
  });

  it('creates every table on an empty database', async () => {
    expect(await tableNames()).toEqual([]);
    await migrateToLatest(database);
    expect(await tableNames()).toEqual(APP_TABLES);
    expect(await isDatabaseReachable(database)).toBe(true);
  });

  it('is harmless to run again', async () => {
    await database.db.insertInto('login_failure').values({ key: 'k', failures: 1, first_failure_at: 1 }).execute();
    await migrateToLatest(database);
    await migrateToLatest(database);
    expect(await tableNames()).toEqual(APP_TABLES);
    const applied = await database.db
      .selectFrom('kysely_migration' as never)
      .select('name' as never)
      .execute();
    const migrations = await migrationProvider(kind).getMigrations();
    expect(applied).toHaveLength(Object.keys(migrations).length);
    expect(await database.db.selectFrom('login_failure').selectAll().execute()).toHaveLength(1);
  });

  it('0008 gives the projects that existed before it version 1', async () => {
    const older = await createTestConfig(kind);
    const old = openDatabase({ databaseUrl: older.config.databaseUrl, dataDir: older.config.dataDir });
    try {
      const migrator = new Migrator({
        db: old.db,
        provider: migrationProvider(old.dialect),
        migrationTableName: 'kysely_migration',
        migrationLockTableName: 'kysely_migration_lock',
      });
      const before = await migrator.migrateTo('0007-gantt');
      expect(before.error).toBeUndefined();
      const now = new Date().toISOString();
      // the columns a project had before 0008 (version is not there yet)
      await old.db
        .insertInto('project')
        .values({
          _id: 'p-antiguo',
          code: 'ANT',
          code_key: 'ant',
          name: 'Antiguo',
          priority: 0,
          template: 'generica',
          start_year: 2023,
          end_year: 2023,
          currency: 'USD',
          budget: '0',
          created_by: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await migrateToLatest(old);
      const row = await old.db
        .selectFrom('project')
        .select('version')
        .where('_id', '=', 'p-antiguo')
        .executeTakeFirstOrThrow();
      expect(Number(row.version)).toBe(1);
    } finally {
      await old.close();
      await older.cleanup();
    }
  });

  it('reads a bigint column back as the same number', async () => {
    const at = Date.UTC(2030, 0, 1);
    await database.db.insertInto('login_failure').values({ key: 'big', failures: 1, first_failure_at: at }).execute();
    const row = await database.db
      .selectFrom('login_failure')
      .select('first_failure_at')
      .where('key', '=', 'big')
      .executeTakeFirstOrThrow();
    expect(Number(row.first_failure_at)).toBe(at);
  });
});

/** A pg_locks row of the start-up migration lock (a bigint key is split in classid, objid). */
// this test's database only: other test files migrate their own databases at the same moment
const IS_MIGRATION_LOCK = `locktype = 'advisory' and objsubid = 1
  and database = (select oid from pg_database where datname = current_database())
  and ((classid::bigint << 32) | objid::bigint) = ${MIGRATION_LOCK_KEY.toString()}`;

describe.each(databaseKinds.filter((kind) => kind === 'postgres'))('migrations at the same moment (%s)', (kind) => {
  it('wait for the start-up lock before touching the schema, and migrate once it is free', async () => {
    const testConfig = await createTestConfig(kind);
    const holder = new pg.Client({ connectionString: testConfig.config.databaseUrl });
    await holder.connect();
    const instance = openDatabase({ databaseUrl: testConfig.config.databaseUrl, dataDir: testConfig.config.dataDir });
    try {
      // another instance is migrating
      await holder.query('select pg_advisory_lock($1::bigint)', [MIGRATION_LOCK_KEY.toString()]);
      const migrating = migrateToLatest(instance);
      let waiting = 0;
      for (let attempt = 0; attempt < 400 && waiting === 0; attempt += 1) {
        const result = await holder.query<{ count: number }>(
          `select count(*)::int as count from pg_locks where not granted and ${IS_MIGRATION_LOCK}`,
        );
        waiting = result.rows[0]?.count ?? 0;
        if (waiting === 0) await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(waiting).toBe(1);
      const tables = await holder.query<{ count: number }>(
        `select count(*)::int as count from information_schema.tables where table_schema = 'public'`,
      );
      expect(tables.rows[0]?.count).toBe(0);

      await holder.query('select pg_advisory_unlock($1::bigint)', [MIGRATION_LOCK_KEY.toString()]);
      expect(await migrating).toEqual(Object.keys(await migrationProvider(kind).getMigrations()));
    } finally {
      await holder.end();
      await instance.close();
      await testConfig.cleanup();
    }
  });

  it('run once when several instances start together on a fresh database, and release their lock', async () => {
    const testConfig = await createTestConfig(kind);
    const options = { databaseUrl: testConfig.config.databaseUrl, dataDir: testConfig.config.dataDir };
    const instances = Array.from({ length: 4 }, () => openDatabase(options));
    try {
      const applied = await Promise.all(instances.map((instance) => migrateToLatest(instance)));
      const names = Object.keys(await migrationProvider(kind).getMigrations());
      // one instance applied them all, in order; the others waited and found nothing to do
      expect(applied.filter((list) => list.length > 0)).toEqual([names]);
      const [first] = instances as [AppDatabase];
      const recorded = await first.db
        .selectFrom('kysely_migration' as never)
        .select('name' as never)
        .execute();
      expect(recorded).toHaveLength(names.length);
      const held = await sql<{ count: string }>`
        select count(*) as count from pg_locks where ${sql.raw(IS_MIGRATION_LOCK)}
      `.execute(first.db);
      expect(Number(held.rows[0]?.count)).toBe(0);
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
      await testConfig.cleanup();
    }
  });
});
