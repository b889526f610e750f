import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestConfig, databaseKinds } from '../../../test/support/test-app';
import type { TestConfig } from '../../../test/support/test-app';
import { migrateToLatest, openDatabase } from '../database';
import type { AppDatabase } from '../database';
import { migrationProvider } from './index';

const NOW = '2025-01-01T00:00:00.000Z';

/**
 * 0010-sequencing on a database holding a project, its EDC and its Gantt saved before it (migrated
 * up to 0009): the project keeps the schedule it has ('none'), its links are the user's, and EDC
 * rows get their catalogue priority and duration from today's catalogue where their source id names
 * a record.
 */
describe.each(databaseKinds)('migration 0010-sequencing (%s)', (kind) => {
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

  it("reads 'none' for projects made before it, false for their links, and copies the catalogue's priority and duration", async () => {
    const migrator = new Migrator({
      db: database.db,
      provider: migrationProvider(database.dialect),
      migrationTableName: 'kysely_migration',
      migrationLockTableName: 'kysely_migration_lock',
    });
    const before = await migrator.migrateTo('0009-edc-source');
    expect(before.error).toBeUndefined();
    const db = database.db;

    const record = (id: string, code: string, name: string, priority: number) => ({
      _id: id,
      code,
      code_key: code.toLowerCase(),
      name,
      priority,
      created_at: NOW,
      updated_at: NOW,
    });
    // as 0009 left them: catalogue_activity has no duration column yet
    await db
      .insertInto('catalogue_activity')
      .values([record('a-exc', 'EXC', 'Excavación', 4), record('a-hor', 'HOR', 'Hormigonado', 7)])
      .execute();
    await db
      .insertInto('catalogue_component')
      .values(record('c-fun', 'FUN', 'Fundaciones', 3))
      .execute();
    await db
      .insertInto('project')
      .values({
        _id: 'p-1',
        code: 'P',
        code_key: 'p',
        name: 'Proyecto',
        priority: 1,
        template: 'generica',
        start_year: 2025,
        end_year: 2026,
        currency: 'CLP',
        budget: '1000',
        created_by: null,
        created_at: NOW,
        updated_at: NOW,
      })
      .execute();
    await db
      .insertInto('edp_item')
      .values([
        { project_id: 'p-1', id: 1, parent_id: null, code: 'P', name: 'Proyecto', position: 0 },
        { project_id: 'p-1', id: 2, parent_id: 1, code: 'P.1', name: 'Torre', position: 1 },
      ])
      .execute();
    await db
      .insertInto('edc_list')
      .values({ project_id: 'p-1', edp_item_id: 2, version: 3, updated_at: NOW })
      .execute();
    const rows: [code: string, parentCode: string, kind: string, sourceId: string | null][] = [
      ['FUN.1.S.3', 'P.1', 'main', 'c-fun'],
      ['FUN.1.S.3.1', 'FUN.1.S.3', 'sub', null],
      ['ACT1', 'FUN.1.S.3.1', 'activity', 'a-exc'],
      ['ACT2', 'FUN.1.S.3.1', 'activity', 'a-hor'],
      // its catalogue activity has been deleted since
      ['ACT3', 'FUN.1.S.3.1', 'activity', 'a-gone'],
      // typed by hand
      ['ACT4', 'FUN.1.S.3.1', 'activity', null],
    ];
    await db
      .insertInto('edc_item')
      .values(
        rows.map(([code, parentCode, itemKind, sourceId], position) => ({
          project_id: 'p-1',
          edp_item_id: 2,
          position,
          code,
          code_key: code.toLowerCase(),
          name: code,
          parent_code: parentCode,
          kind: itemKind,
          source_id: sourceId,
          source_code: null,
          source_name: null,
        })),
      )
      .execute();
    await db
      .insertInto('gantt_task')
      .values(
        [1, 2].map((id) => ({
          project_id: 'p-1',
          id,
          source_key: null,
          parent_id: null,
          code: `T${id}`,
          name: `Tarea ${id}`,
          start_date: '2025-01-02',
          duration: 5,
          progress: 0,
          position: id - 1,
        })),
      )
      .execute();
    await db.insertInto('gantt_link').values({ project_id: 'p-1', from_id: 1, to_id: 2, type: 'FS', lag: 0 }).execute();

    await migrateToLatest(database);

    expect(await db.selectFrom('project').select('sequencing').executeTakeFirstOrThrow()).toEqual({
      sequencing: 'none',
    });
    const link = await db.selectFrom('gantt_link').select('generated').executeTakeFirstOrThrow();
    expect(link.generated === false || link.generated === 0).toBe(true);
    const activities = await db.selectFrom('catalogue_activity').select(['_id', 'duration']).orderBy('_id').execute();
    expect(activities.map((row) => [row._id, Number(row.duration)])).toEqual([
      ['a-exc', 5],
      ['a-hor', 5],
    ]);
    const after = await db
      .selectFrom('edc_item')
      .select(['code', 'priority', 'duration'])
      .where('project_id', '=', 'p-1')
      .orderBy('position')
      .execute();
    expect(
      after.map((row) => [
        row.code,
        row.priority === null ? null : Number(row.priority),
        row.duration === null ? null : Number(row.duration),
      ]),
    ).toEqual([
      ['FUN.1.S.3', 3, null],
      ['FUN.1.S.3.1', null, null],
      ['ACT1', 4, 5],
      ['ACT2', 7, 5],
      ['ACT3', null, null],
      ['ACT4', null, null],
    ]);
    expect(await db.selectFrom('gantt_removed_link').selectAll().execute()).toEqual([]);
    // the list itself is untouched
    expect(await db.selectFrom('edc_list').select('version').executeTakeFirstOrThrow()).toEqual({ version: 3 });
  });
});
