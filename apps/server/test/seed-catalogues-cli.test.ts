import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { starterCatalogue } from '@cimiento/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../src/db/database';

const run = promisify(execFile);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const CLI = 'apps/server/src/seed-catalogues.ts';

/** `npm run seed:catalogues` runs this entry (bundled); here its source runs through tsx. */
async function seed(dataDir: string) {
  return run(process.execPath, ['--import', 'tsx', CLI], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
  });
}

async function countRows(dataDir: string) {
  const database = openDatabase({ databaseUrl: undefined, dataDir });
  try {
    await migrateToLatest(database);
    const count = async (table: 'catalogue_activity' | 'catalogue_system') =>
      Number(
        (
          await database.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    // issue 30: each run that added something is one entry of the 'Registro de cambios', by the console
    const log = await database.db.selectFrom('change_log').select(['user_id', 'user_name', 'record']).execute();
    return {
      actividades: await count('catalogue_activity'),
      sistemas: await count('catalogue_system'),
      log: log.map((row) => ({ ...row })),
    };
  } finally {
    await database.close();
  }
}

describe('npm run seed:catalogues', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'cimiento-seed-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('loads the starter catalogue into the database DATA_DIR points at, and says what it added', async () => {
    const { stdout } = await seed(dataDir);
    expect(stdout).toContain(`${starterCatalogue.actividades.length} actividades`);
    await expect(countRows(dataDir)).resolves.toEqual({
      actividades: starterCatalogue.actividades.length,
      sistemas: starterCatalogue.sistemas.length,
      log: [{ user_id: null, user_name: 'Consola (npm run seed:catalogues)', record: 'Catálogos de ejemplo' }],
    });
  });

  it('adds nothing when run again on the same database', async () => {
    const { stdout } = await seed(dataDir);
    expect(stdout).toMatch(/no se agregó nada/);
    await expect(countRows(dataDir)).resolves.toEqual({
      actividades: starterCatalogue.actividades.length,
      sistemas: starterCatalogue.sistemas.length,
      // nothing added: no second entry
      log: [{ user_id: null, user_name: 'Consola (npm run seed:catalogues)', record: 'Catálogos de ejemplo' }],
    });
  });
});
