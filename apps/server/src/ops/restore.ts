import { constants } from 'node:fs';
import { chmod, copyFile, cp, mkdir, mkdtemp, readFile, readdir, rename, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import type { DatabaseDialect } from '../db/schema';
import { extractTar } from './archive';
import type { BackupTarget } from './backup';
import {
  FILES_MEMBER,
  MANIFEST_FILE,
  OpsError,
  POSTGRES_MEMBER,
  SECRET_MEMBER,
  SQLITE_MEMBER,
  databaseLabel,
  knownMigrations,
  manifestSchema,
} from './manifest';
import type { BackupManifest } from './manifest';
import { countUserTables, restorePostgres, withPostgres } from './postgres-tools';

export type RestoreSummary = { manifest: BackupManifest };

/** The manifest of a Cimiento backup, or a refusal saying the file is not one. */
async function readManifest(file: string, staging: string): Promise<BackupManifest> {
  const notABackup = `El archivo ${file} no es una copia de seguridad de Cimiento (se crean con npm run backup).`;
  try {
    await extractTar(file, staging, [MANIFEST_FILE]);
  } catch (error) {
    throw error instanceof OpsError ? error : new OpsError(notABackup);
  }
  let parsed;
  try {
    parsed = manifestSchema.safeParse(JSON.parse(await readFile(path.join(staging, MANIFEST_FILE), 'utf8')));
  } catch {
    throw new OpsError(notABackup);
  }
  if (!parsed.success) {
    throw new OpsError(
      `${notABackup} Si la creó una versión más nueva de Cimiento, actualice Cimiento antes de restaurarla.`,
    );
  }
  return parsed.data;
}

/** A backup of the other database kind, or of a newer schema than this build knows, is refused. */
async function checkCompatible(manifest: BackupManifest, kind: DatabaseDialect): Promise<void> {
  if (manifest.databaseKind !== kind) {
    throw new OpsError(
      `La copia es de ${databaseLabel(manifest.databaseKind)} y el destino es ${databaseLabel(kind)}` +
        (kind === 'postgres'
          ? ' (DATABASE_URL está definida). Restaurar una copia de SQLite en PostgreSQL no está disponible: ' +
            'restáurela en SQLite (sin DATABASE_URL).'
          : ' (DATABASE_URL no está definida). Defina DATABASE_URL con una base PostgreSQL vacía para restaurarla.'),
    );
  }
  if (!(await knownMigrations(kind)).includes(manifest.schemaVersion)) {
    throw new OpsError(
      `La copia es de una versión más nueva de Cimiento (esquema ${manifest.schemaVersion}). ` +
        'Actualice Cimiento y vuelve a intentarlo.',
    );
  }
}

async function entriesOf(folder: string): Promise<string[]> {
  try {
    return await readdir(folder);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return [];
    if (code === 'ENOTDIR') throw new OpsError(`DATA_DIR (${folder}) no es una carpeta.`);
    throw error;
  }
}

/**
 * Restores only into an empty target, so nothing is ever overwritten: on SQLite an empty (or
 * absent) DATA_DIR; on PostgreSQL a database without tables, and a DATA_DIR without uploaded
 * files or a generated secret.
 */
async function checkEmptyTarget(target: BackupTarget): Promise<void> {
  const dataDir = path.resolve(target.dataDir);
  const hint = 'Restaura en una carpeta o base de datos vacía: no se modificó nada.';
  if (!target.databaseUrl) {
    if ((await entriesOf(dataDir)).length > 0) {
      throw new OpsError(`La carpeta de datos ${dataDir} (DATA_DIR) no está vacía. ${hint}`);
    }
    return;
  }
  const tables = await withPostgres(target.databaseUrl, countUserTables);
  if (tables > 0) {
    throw new OpsError(`La base de datos PostgreSQL (DATABASE_URL) no está vacía: tiene ${tables} tablas. ${hint}`);
  }
  const entries = await entriesOf(dataDir);
  const filesEntries = entries.includes(FILES_MEMBER) ? await entriesOf(path.join(dataDir, FILES_MEMBER)) : [];
  if (entries.includes(SECRET_MEMBER) || filesEntries.length > 0) {
    throw new OpsError(`La carpeta de datos ${dataDir} (DATA_DIR) ya tiene archivos subidos o un secreto. ${hint}`);
  }
}

/** The SQLite file from the archive must be a whole, sound Cimiento database before it is put in place. */
function checkSqliteCopy(file: string, manifest: BackupManifest): void {
  let sqlite: SqliteDatabase.Database | undefined;
  try {
    sqlite = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
    const check = sqlite.pragma('quick_check', { simple: true });
    const row = sqlite.prepare('select max(name) as name from kysely_migration').get() as { name: string | null };
    if (check === 'ok' && row.name === manifest.schemaVersion) return;
  } catch {
    // reported below
  } finally {
    sqlite?.close();
  }
  throw new OpsError('La base de datos dentro de la copia está dañada o incompleta; no se modificó nada.');
}

/**
 * Only folders and regular files may come out of a backup: a symbolic link under files/ would
 * have the server serve whatever it points at.
 */
async function onlyFilesAndFolders(folder: string): Promise<boolean> {
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!(await onlyFilesAndFolders(path.join(folder, entry.name)))) return false;
    } else if (!entry.isFile()) {
      return false;
    }
  }
  return true;
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/**
 * `npm run restore -- <file>`: puts a backup made by `npm run backup` into an empty DATA_DIR
 * (SQLite) or an empty PostgreSQL database (DATABASE_URL) and DATA_DIR. Refuses, changing nothing,
 * a file that is not a Cimiento backup, one of the other database kind or a newer schema, and a
 * target that is not empty. An older schema is fine: Cimiento migrates it when it starts.
 */
export async function restoreBackup(target: BackupTarget, file: string): Promise<RestoreSummary> {
  const input = path.resolve(file);
  const inputStat = await stat(input).catch(() => undefined);
  if (!inputStat?.isFile()) throw new OpsError(`No existe el archivo ${input}.`);

  const kind: DatabaseDialect = target.databaseUrl ? 'postgres' : 'sqlite';
  const staging = await mkdtemp(path.join(os.tmpdir(), 'cimiento-restore-'));
  try {
    const manifest = await readManifest(input, staging);
    await checkCompatible(manifest, kind);
    await checkEmptyTarget(target);

    try {
      await extractTar(input, staging);
    } catch (error) {
      if (error instanceof OpsError) throw error;
      throw new OpsError(`El archivo ${input} está dañado o incompleto; no se modificó nada.`);
    }
    if (!(await onlyFilesAndFolders(staging))) {
      throw new OpsError(
        `El archivo ${input} contiene enlaces u otras entradas que no son archivos; no es una copia de ` +
          'npm run backup. No se modificó nada.',
      );
    }
    const databaseFile = path.join(staging, kind === 'postgres' ? POSTGRES_MEMBER : SQLITE_MEMBER);
    const secretMissing = manifest.authSecret && !(await exists(path.join(staging, SECRET_MEMBER)));
    if (!(await exists(databaseFile)) || secretMissing) {
      throw new OpsError(
        `El archivo ${input} está dañado o incompleto (le falta ${secretMissing ? 'el secreto' : 'la base de datos'}); ` +
          'no se modificó nada.',
      );
    }
    if (kind === 'sqlite') checkSqliteCopy(databaseFile, manifest);

    const dataDir = path.resolve(target.dataDir);
    // the database first on PostgreSQL: pg_restore runs in one transaction, so if it fails nothing changed
    if (target.databaseUrl) await restorePostgres(target.databaseUrl, databaseFile);
    await mkdir(dataDir, { recursive: true });
    if (await exists(path.join(staging, FILES_MEMBER))) {
      await cp(path.join(staging, FILES_MEMBER), path.join(dataDir, FILES_MEMBER), { recursive: true });
    }
    if (manifest.authSecret) {
      const secret = path.join(dataDir, SECRET_MEMBER);
      await copyFile(path.join(staging, SECRET_MEMBER), secret, constants.COPYFILE_EXCL);
      await chmod(secret, 0o600);
    }
    // the SQLite file last, under its own name only once whole: its presence is the installation
    if (kind === 'sqlite') {
      const partial = path.join(dataDir, `${SQLITE_MEMBER}.partial`);
      await copyFile(databaseFile, partial);
      await rename(partial, path.join(dataDir, SQLITE_MEMBER));
    }
    return { manifest };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
