import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, withStatementCache } from './database';

type Row = { id: number; name: string };

describe('SQLite prepared-statement cache', () => {
  let sqlite: SqliteDatabase.Database;
  let cache: ReturnType<typeof withStatementCache>;
  let db: Kysely<{ item: Row }>;

  beforeEach(async () => {
    sqlite = new SqliteDatabase(':memory:');
    cache = withStatementCache(sqlite, 3);
    db = new Kysely({ dialect: new SqliteDialect({ database: cache }) });
    await sql`create table item (id integer primary key, name text not null)`.execute(db);
    await db
      .insertInto('item')
      .values([
        { id: 1, name: 'uno' },
        { id: 2, name: 'dos' },
      ])
      .execute();
  });

  afterEach(async () => {
    await db.destroy();
  });

  it('hands back the same statement for the same SQL, and the results of each execution', async () => {
    const byId = (id: number) => db.selectFrom('item').selectAll().where('id', '=', id).executeTakeFirst();
    expect(await byId(1)).toEqual({ id: 1, name: 'uno' });
    const source = 'select "id", "name" from "item" where "id" = ?';
    const statement = cache.prepare(source);
    expect(cache.prepare(source)).toBe(statement);
    expect(await byId(2)).toEqual({ id: 2, name: 'dos' });
    await db.updateTable('item').set({ name: 'otro' }).where('id', '=', 2).execute();
    expect(await byId(2)).toEqual({ id: 2, name: 'otro' });
  });

  it('keeps at most its bound, evicting the least recently used', async () => {
    for (let id = 1; id <= 10; id += 1) {
      // a different SQL text each time: one placeholder per value
      const ids = Array.from({ length: id }, (_, index) => index + 1);
      const rows = await db.selectFrom('item').select('id').where('id', 'in', ids).orderBy('id').execute();
      expect(rows.map((row) => row.id)).toEqual(ids.filter((value) => value <= 2));
      expect(cache.cachedStatements).toBeLessThanOrEqual(3);
    }
    const first = cache.prepare('select 1');
    cache.prepare('select 2');
    cache.prepare('select 1'); // used again: now 'select 2' is the oldest
    cache.prepare('select 3');
    cache.prepare('select 4'); // evicts 'select 2'
    expect(cache.prepare('select 1')).toBe(first);
    expect(cache.cachedStatements).toBe(3);
  });

  it('sees a column added after a statement was cached', async () => {
    const all = () => sql<Record<string, unknown>>`select * from item order by id`.execute(db);
    expect((await all()).rows[0]).toEqual({ id: 1, name: 'uno' });
    await sql`alter table item add column code text not null default 'E'`.execute(db);
    expect((await all()).rows[0]).toEqual({ id: 1, name: 'uno', code: 'E' });
    await sql`alter table item drop column code`.execute(db);
    expect((await all()).rows[0]).toEqual({ id: 1, name: 'uno' });
  });

  it('runs cached statements inside transactions, and rolls them back', async () => {
    const count = async () =>
      Number((await db.selectFrom('item').select(db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const insert = (id: number) => db.insertInto('item').values({ id, name: `n${id}` });
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('item').values({ id: 3, name: 'n3' }).execute();
    });
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('item').values({ id: 4, name: 'n4' }).execute();
        expect(
          Number((await trx.selectFrom('item').select(trx.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
        ).toBe(4);
        throw new Error('deshacer');
      }),
    ).rejects.toThrow('deshacer');
    expect(await count()).toBe(3);
    await insert(4).execute();
    // the same cached insert, failing on the primary key, leaves the statement usable
    await expect(insert(4).execute()).rejects.toThrow(/UNIQUE/);
    await insert(5).execute();
    expect(await count()).toBe(5);
  });

  it('gives a streamed query its own statement while the cached one is being iterated', async () => {
    const query = db.selectFrom('item').select('id').orderBy('id');
    await query.execute(); // cached
    const seen: number[] = [];
    for await (const row of query.stream()) {
      seen.push(row.id);
    }
    expect(seen).toEqual([1, 2]);
    const source = query.compile().sql;
    const statement = cache.prepare(source);
    const iterator = statement.iterate();
    iterator.next();
    expect(statement.busy).toBe(true);
    expect(cache.prepare(source)).not.toBe(statement);
    iterator.return?.();
    expect(cache.prepare(source)).toBe(statement);
  });
});

describe('the application database with the statement cache', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'cimiento-statements-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('migrates from nothing and reads back after reopening', async () => {
    const first = openDatabase({ databaseUrl: undefined, dataDir });
    expect((await migrateToLatest(first)).length).toBeGreaterThan(0);
    const tables = () =>
      sql<{ name: string }>`select name from sqlite_master where type = 'table' order by name`.execute(first.db);
    const before = (await tables()).rows.length;
    await sql`create table extra (id integer primary key)`.execute(first.db);
    expect((await tables()).rows.length).toBe(before + 1);
    await sql`drop table extra`.execute(first.db);
    expect((await tables()).rows.length).toBe(before);
    await first.close();
    const second = openDatabase({ databaseUrl: undefined, dataDir });
    expect(await migrateToLatest(second)).toEqual([]);
    await second.close();
  });
});
