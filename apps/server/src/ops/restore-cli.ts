// `npm run restore -- <file>`: a backup from `npm run backup` into an empty DATA_DIR (SQLite) or
// an empty PostgreSQL database (DATABASE_URL), as the server is configured.
import { runOpsCommand } from './cli';
import { databaseLabel } from './manifest';
import { restoreBackup } from './restore';

void runOpsCommand('restore', 'La restauración falló', async (config, file) => {
  const { manifest } = await restoreBackup(config, file);
  const target = config.databaseUrl ? 'la base PostgreSQL de DATABASE_URL' : config.dataDir;
  return (
    `Copia del ${manifest.createdAt} (${databaseLabel(manifest.databaseKind)}, esquema ${manifest.schemaVersion}) ` +
    `restaurada en ${target}. Inicia Cimiento con la misma configuración.`
  );
});
