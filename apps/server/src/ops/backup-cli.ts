// `npm run backup -- <file>`: a consistent backup of the installation DATA_DIR / DATABASE_URL
// point at (the same configuration as the server), taken while the server runs.
import { createBackup } from './backup';
import { runOpsCommand } from './cli';
import { databaseLabel } from './manifest';

void runOpsCommand('backup', 'La copia de seguridad falló', async (config, file) => {
  const { file: written, manifest, bytes, missingFiles } = await createBackup(config, file);
  if (missingFiles.length > 0) {
    // the backup holds everything else; these were gone before it began
    process.stderr.write(
      `Aviso: la base de datos nombra ${missingFiles.length === 1 ? '1 archivo que no estaba' : `${missingFiles.length} archivos que no estaban`} ` +
        `en DATA_DIR/files y no ${missingFiles.length === 1 ? 'está' : 'están'} en la copia: ${missingFiles.join(', ')}\n`,
    );
  }
  const files = manifest.files === 1 ? '1 archivo subido' : `${manifest.files} archivos subidos`;
  return (
    `Copia de seguridad creada en ${written} (${databaseLabel(manifest.databaseKind)}, ` +
    `esquema ${manifest.schemaVersion}, ${files}, ${(bytes / 1024 / 1024).toFixed(1)} MB).`
  );
});
