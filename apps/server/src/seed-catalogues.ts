// `npm run seed:catalogues`: loads the starter catalogue into the database DATA_DIR / DATABASE_URL
// point at (the same configuration as the server), adding only codes that are not there yet.
import { starterCatalogue } from '@cimiento/domain';
import { describeSeedResult, seedStarterCatalogue } from './catalogues/seed-starter-catalogue';
import { SEED_COMMAND_AUTHOR } from './collab/change-log-queries';
import { configOrExit } from './config-or-exit';
import { migrateToLatest, openDatabase } from './db/database';

async function main(): Promise<void> {
  const config = configOrExit(process.env);
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const target = config.databaseUrl ? 'PostgreSQL' : `SQLite en ${config.dataDir}`;
  try {
    await migrateToLatest(database);
    const added = await seedStarterCatalogue(database.db, starterCatalogue, SEED_COMMAND_AUTHOR);
    process.stdout.write(`${describeSeedResult(added)} (${target}).\n`);
  } catch (error) {
    process.stderr.write(
      `No se pudieron cargar los catálogos de ejemplo (${target}): ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

void main();
