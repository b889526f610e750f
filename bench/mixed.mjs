// Issue 18, the mixed load's server costs, each next to what it replaced in the same run:
// - a query through Kysely on SQLite with the prepared-statement cache (apps/server/src/db/database.ts)
//   and without it (Kysely's own driver prepares every query anew): a one-row lookup by key and a
//   2,001-row read in tree order, the shape of loadProject's EDP;
// - gzip of a 2,001-item EDP answer at zlib level 1 (the callable functions' answers now) and level 6
//   (the default before): time and size.
// The whole load (bench/load-mixed.mjs) is the goal's figure; these say where its CPU went. Prints
// figures; asserts nothing.
//
//   node bench/mixed.mjs
//   import { measureMixed } from './mixed.mjs'   rows { name, value, unit, note }
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { tsImport } from 'tsx/esm/api';
import { median } from './support.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const ITEMS = 2001;
const ROUNDS = 7;

const edpItems = () =>
  Array.from({ length: ITEMS }, (_, index) => ({
    project_id: 'p1',
    id: index + 1,
    parent_id: index === 0 ? null : 1,
    code: index === 0 ? 'E' : `E.${index}`,
    name: index === 0 ? 'Proyecto de prueba' : `Partida de prueba número ${index}`,
    position: index,
  }));

async function openKysely(withStatementCache) {
  const sqlite = new SqliteDatabase(':memory:');
  sqlite.exec(`create table edp_item (project_id text not null, id integer not null, parent_id integer,
    code text not null, name text not null, position integer not null, primary key (project_id, id))`);
  const insert = sqlite.prepare(
    'insert into edp_item (project_id, id, parent_id, code, name, position) values (@project_id, @id, @parent_id, @code, @name, @position)',
  );
  sqlite.transaction((rows) => rows.forEach((row) => insert.run(row)))(edpItems());
  const database = withStatementCache ? withStatementCache(sqlite) : sqlite;
  return new Kysely({ dialect: new SqliteDialect({ database }) });
}

/** Microseconds per call, the median of ROUNDS rounds of `calls` calls. */
async function perCall(run, calls) {
  const rounds = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const start = process.hrtime.bigint();
    for (let call = 0; call < calls; call += 1) await run(call);
    rounds.push(Number(process.hrtime.bigint() - start) / 1000 / calls);
  }
  return median(rounds);
}

async function statementFigures() {
  const { withStatementCache } = await tsImport(
    pathToFileURL(path.join(here, '../apps/server/src/db/database.ts')).href,
    import.meta.url,
  );
  const plain = await openKysely(undefined);
  const cached = await openKysely(withStatementCache);
  const lookup = (db) => (call) =>
    db
      .selectFrom('edp_item')
      .select(['id', 'name'])
      .where('project_id', '=', 'p1')
      .where('id', '=', (call % ITEMS) + 1)
      .executeTakeFirst();
  const readAll = (db) => () =>
    db
      .selectFrom('edp_item')
      .select(['id', 'parent_id', 'code', 'name'])
      .where('project_id', '=', 'p1')
      .orderBy('position')
      .execute();
  // interleaved, so both see the same machine load
  const figures = { lookup: [[], []], readAll: [[], []] };
  for (let pass = 0; pass < 3; pass += 1) {
    figures.lookup[0].push(await perCall(lookup(plain), 2000));
    figures.lookup[1].push(await perCall(lookup(cached), 2000));
    figures.readAll[0].push(await perCall(readAll(plain), 20));
    figures.readAll[1].push(await perCall(readAll(cached), 20));
  }
  await plain.destroy();
  await cached.destroy();
  const [lookupPlain, lookupCached] = figures.lookup.map(median);
  const [readPlain, readCached] = figures.readAll.map(median);
  return [
    {
      name: 'SQLite one-row lookup via Kysely, statement cache',
      value: lookupCached.toFixed(1),
      unit: 'µs',
      note: `without the cache (prepared every call): ${lookupPlain.toFixed(1)} µs`,
    },
    {
      name: `SQLite ${ITEMS}-row EDP read via Kysely, statement cache`,
      value: readCached.toFixed(0),
      unit: 'µs',
      note: `without the cache: ${readPlain.toFixed(0)} µs`,
    },
  ];
}

async function gzipFigures() {
  const answer = Buffer.from(
    JSON.stringify({
      result: {
        id: 'p1',
        name: 'Proyecto de prueba',
        edp: { items: edpItems().map(({ id, parent_id, code, name }) => ({ id, parentId: parent_id, code, name })) },
      },
    }),
  );
  const time = (level) =>
    perCall(() => {
      gzipSync(answer, { level });
    }, 50);
  const fast = [];
  const before = [];
  // interleaved passes, the first a warm-up
  for (let pass = 0; pass < 4; pass += 1) {
    const [one, six] = [await time(1), await time(6)];
    if (pass > 0) {
      fast.push(one);
      before.push(six);
    }
  }
  const size = (level) => (gzipSync(answer, { level }).length / 1024).toFixed(1);
  return [
    {
      name: `gzip of a ${ITEMS}-item EDP answer (${(answer.length / 1024).toFixed(0)} KB), level 1`,
      value: (median(fast) / 1000).toFixed(2),
      unit: 'ms',
      note: `${size(1)} KB; level 6 (before): ${(median(before) / 1000).toFixed(2)} ms, ${size(6)} KB`,
    },
  ];
}

export async function measureMixed() {
  return [...(await statementFigures()), ...(await gzipFigures())];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const row of await measureMixed()) {
    console.log(`${row.name.padEnd(56)} ${`${row.value} ${row.unit}`.padEnd(10)} ${row.note}`);
  }
}
