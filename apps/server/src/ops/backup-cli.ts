// `npm run backup -- <file>`: a consistent backup of the installation DATA_DIR / DATABASE_URL
// point at (the same configuration as the server), taken while the server runs.
import { createBackup } from './backup';
import { runOpsCommand } from './cli';
import { databaseLabel } from './manifest';

void runOpsCommand('backup', 'La copia de seguridad falló', async (config, file) => {
  const { file: written, manifest, bytes } = await createBackup(config, file);
  const files = manifest.files === 1 ? '1 archivo subido' : `${manifest.files} archivos subidos`;
  return (
    `Copia de seguridad creada en ${written} (${databaseLabel(manifest.databaseKind)}, ` +
    `esquema ${manifest.schemaVersion}, ${files}, ${(bytes / 1024 / 1024).toFixed(1)} MB).`
  );
});
