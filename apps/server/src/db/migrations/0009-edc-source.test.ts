import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestConfig, databaseKinds } from '../../../test/support/test-app';
import type { TestConfig } from '../../../test/support/test-app';
import { migrateToLatest, openDatabase } from '../database';
import type { AppDatabase } from '../database';
import { migrationProvider } from './index';

const NOW = '2025-01-01T00:00:00.000Z';

/**
 * 0009-edc-source on a database holding EDC rows saved before it (migrated up to 0007, rows
 * written as that version's server wrote them): generated rows get their catalogue code and name
 * from today's catalogue where that can be known; the rest stay blank.
 */
describe.each(databaseKinds)('migration 0009-edc-source (%s)', (kind) => {
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

  it('fills the catalogue code and name of rows saved before it where the catalogue tells them, and leaves the rest blank', async () => {
    const migrator = new Migrator({
      db: database.db,
      provider: migrationProvider(database.dialect),
      migrationTableName: 'kysely_migration',
      migrationLockTableName: 'kysely_migration_lock',
    });
    const before = await migrator.migrateTo('0007-gantt');
    expect(before.error).toBeUndefined();
    // the database as 0007 left it: edc_item has no catalogue columns yet
    const db = database.db;

    const record = (id: string, code: string, name: string, priority = 1) => ({
      _id: id,
      code,
      code_key: code.toLowerCase(),
      name,
      priority,
      created_at: NOW,
      updated_at: NOW,
    });
    await db
      .insertInto('catalogue_activity')
      .values([record('a-exc', 'EXC', 'Excavación'), record('a-hor', 'HOR', 'Hormigonado', 2)])
      .execute();
    await db
      .insertInto('catalogue_component')
      .values([record('c-fun', 'FUN', 'Fundaciones', 3), record('c-dup', 'DUP', 'Duplicados', 1)])
      .execute();
    await db
      .insertInto('catalogue_subcomponent')
      .values([
        // listed out of priority order on purpose: generateEdc numbered them Zapatas .1, Vigas .2
        { component_id: 'c-fun', id: 2, code: 'VIG', name: 'Vigas', priority: 2 },
        { component_id: 'c-fun', id: 1, code: 'ZAP', name: 'Zapatas', priority: 1 },
        // two subcomponents with the same name: only the running number k tells them apart
        { component_id: 'c-dup', id: 1, code: 'TRA-A', name: 'Tramo', priority: 1 },
        { component_id: 'c-dup', id: 2, code: 'TRA-B', name: 'Tramo', priority: 2 },
      ])
      .execute();
    await db
      .insertInto('project')
      .values({
        _id: 'p-1',
        code: 'P',
        code_key: 'p',
        name: 'Proyecto',
        priority: 1,
        template: 'base',
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
    const rows: [code: string, name: string, parentCode: string, kind: string, sourceId: string | null][] = [
      ['FUN.1.S.3', 'Fundaciones', 'P.1', 'main', 'c-fun'],
      ['FUN.1.S.3.1', 'Zapatas', 'FUN.1.S.3', 'sub', null],
      ['ACT1', 'Excavación', 'FUN.1.S.3.1', 'activity', 'a-exc'],
      // renamed by the user: still the activity its source id names
      ['ACT2', 'Hormigón H30', 'FUN.1.S.3.1', 'activity', 'a-hor'],
      ['FUN.1.S.3.2', 'Vigas', 'FUN.1.S.3', 'sub', null],
      // renamed by the user: no subcomponent of Fundaciones has this name
      ['FUN.1.S.3.3', 'Losa', 'FUN.1.S.3', 'sub', null],
      // its catalogue activity has been deleted since
      ['ACT3', 'Curado', 'FUN.1.S.3.2', 'activity', 'a-gone'],
      // typed by hand
      ['ACT4', 'Aseo', 'FUN.1.S.3.2', 'activity', null],
      ['DUP.1.S.1', 'Duplicados', 'P.1', 'main', 'c-dup'],
      ['DUP.1.S.1.1', 'Tramo', 'DUP.1.S.1', 'sub', null],
      ['DUP.1.S.1.2', 'Tramo', 'DUP.1.S.1', 'sub', null],
      // a main item whose component has been deleted, and its subcomponent
      ['OLD.1.S.1', 'Antiguo', 'P.1', 'main', 'c-gone'],
      ['OLD.1.S.1.1', 'Zapatas', 'OLD.1.S.1', 'sub', null],
      // a main item typed by hand, and its subcomponent
      ['MAN', 'Manual', 'P.1', 'main', null],
      ['MAN.1', 'Zapatas', 'MAN', 'sub', null],
    ];
    await db
      .insertInto('edc_item')
      .values(
        rows.map(([code, name, parentCode, itemKind, sourceId], position) => ({
          project_id: 'p-1',
          edp_item_id: 2,
          position,
          code,
          code_key: code.toLowerCase(),
          name,
          parent_code: parentCode,
          kind: itemKind,
          source_id: sourceId,
        })),
      )
      .execute();

    await migrateToLatest(database);

    const after = await db
      .selectFrom('edc_item')
      .select(['code', 'source_code', 'source_name'])
      .where('project_id', '=', 'p-1')
      .orderBy('position')
      .execute();
    expect(after.map((row) => [row.code, row.source_code, row.source_name])).toEqual([
      ['FUN.1.S.3', 'FUN', 'Fundaciones'],
      ['FUN.1.S.3.1', 'ZAP', 'Zapatas'],
      ['ACT1', 'EXC', 'Excavación'],
      ['ACT2', 'HOR', 'Hormigonado'],
      ['FUN.1.S.3.2', 'VIG', 'Vigas'],
      ['FUN.1.S.3.3', null, null],
      ['ACT3', null, null],
      ['ACT4', null, null],
      ['DUP.1.S.1', 'DUP', 'Duplicados'],
      ['DUP.1.S.1.1', 'TRA-A', 'Tramo'],
      ['DUP.1.S.1.2', 'TRA-B', 'Tramo'],
      ['OLD.1.S.1', null, null],
      ['OLD.1.S.1.1', null, null],
      ['MAN', null, null],
      ['MAN.1', null, null],
    ]);
    // the list itself is untouched: same version, same rows
    expect(await db.selectFrom('edc_list').select('version').executeTakeFirstOrThrow()).toEqual({ version: 3 });
  });
});
