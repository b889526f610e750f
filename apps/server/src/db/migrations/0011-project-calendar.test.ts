import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Migrator } from 'kysely';
import { createTestConfig, databaseKinds } from '../../../test/support/test-app';
import type { TestConfig } from '../../../test/support/test-app';
import { migrateToLatest, openDatabase } from '../database';
import type { AppDatabase } from '../database';
import { migrationProvider } from './index';
import { projectCalendarOf } from '../project-columns';

const NOW = '2025-01-01T00:00:00.000Z';

/**
 * 0011-project-calendar on a database holding two projects saved before it (migrated up to 0010),
 * one on Monday–Friday and one on Monday–Saturday: both read a null calendar, which is the work
 * week's weekdays with Chile's holidays on and no exceptions; a calendar written afterwards reads back.
 */
describe.each(databaseKinds)('migration 0011-project-calendar (%s)', (kind) => {
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

  it("leaves the projects made before with no calendar of their own, read as their work week's", async () => {
    const migrator = new Migrator({
      db: database.db,
      provider: migrationProvider(database.dialect),
      migrationTableName: 'kysely_migration',
      migrationLockTableName: 'kysely_migration_lock',
    });
    const before = await migrator.migrateTo('0010-sequencing');
    expect(before.error).toBeUndefined();
    const db = database.db;

    const project = (id: string, code: string, workWeek: string) => ({
      _id: id,
      code,
      code_key: code.toLowerCase(),
      name: `Proyecto ${code}`,
      priority: 1,
      template: 'generica',
      start_year: 2025,
      end_year: 2026,
      currency: 'CLP',
      budget: '1000',
      gantt_work_week: workWeek,
      created_by: null,
      created_at: NOW,
      updated_at: NOW,
    });
    await db
      .insertInto('project')
      .values([project('p-1', 'LV', 'mon-fri'), project('p-2', 'LS', 'mon-sat')])
      .execute();

    await migrateToLatest(database);

    const rows = await db
      .selectFrom('project')
      .select(['_id', 'gantt_calendar', 'gantt_work_week', 'version'])
      .orderBy('_id')
      .execute();
    expect(rows.map((row) => [row._id, row.gantt_calendar, row.gantt_work_week, Number(row.version)])).toEqual([
      ['p-1', null, 'mon-fri', 1],
      ['p-2', null, 'mon-sat', 1],
    ]);
    expect(rows.map((row) => projectCalendarOf(row))).toEqual([
      { workingWeekdays: [1, 2, 3, 4, 5], chileHolidays: true, exceptions: [] },
      { workingWeekdays: [1, 2, 3, 4, 5, 6], chileHolidays: true, exceptions: [] },
    ]);

    // the column takes a calendar's JSON and gives it back
    const calendar = {
      workingWeekdays: [0, 1, 2, 3, 4],
      chileHolidays: false,
      exceptions: [{ date: '2025-03-03', name: 'Paralización de faena', working: false }],
    };
    await db
      .updateTable('project')
      .set({ gantt_calendar: JSON.stringify(calendar), gantt_work_week: 'custom' })
      .where('_id', '=', 'p-1')
      .execute();
    const written = await db
      .selectFrom('project')
      .select(['gantt_calendar', 'gantt_work_week'])
      .where('_id', '=', 'p-1')
      .executeTakeFirstOrThrow();
    expect(projectCalendarOf(written)).toEqual(calendar);
  });
});
