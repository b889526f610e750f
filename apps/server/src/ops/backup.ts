import { constants } from 'node:fs';
import { chmod, copyFile, mkdir, mkdtemp, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import type { Config } from '../config';
import type { DatabaseDialect } from '../db/schema';
import { createTar } from './archive';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  FILES_MEMBER,
  MANIFEST_FILE,
  OpsError,
  POSTGRES_MEMBER,
  SECRET_MEMBER,
  SQLITE_MEMBER,
} from './manifest';
import type { BackupManifest } from './manifest';
import { dumpPostgres, withPostgres } from './postgres-tools';

export type BackupTarget = Pick<Config, 'dataDir' | 'databaseUrl'>;

export type BackupSummary = { file: string; manifest: BackupManifest; bytes: number };

/** better-sqlite3's largest step: every remaining page at once. */
const ALL_PAGES = 0x7fffffff;

const NOT_INSTALLED = 'Ejecuta Cimiento al menos una vez (npm start) o revisa DATA_DIR y DATABASE_URL.';

/** The latest migration name in a database's kysely_migration table, or undefined when it has none. */
function sqliteSchemaVersion(file: string): string | undefined {
  const sqlite = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  try {
    const table = sqlite
      .prepare(`select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'`)
      .get();
    if (!table) return undefined;
    const row = sqlite.prepare('select max(name) as name from kysely_migration').get() as { name: string | null };
    return row.name ?? undefined;
  } finally {
    sqlite.close();
  }
}

/**
 * SQLite's online backup API (better-sqlite3's `.backup()`). All pages go in one step, so inside
 * one read transaction: the copy is one consistent state of the database, and since the database
 * is in WAL mode the server keeps writing meanwhile. (In small steps, a write between two steps
 * would restart the copy, and a steady write load could keep it from ever finishing.) The copy
 * is then made a single file (no WAL).
 */
async function copySqlite(dataDir: string, destination: string): Promise<string> {
  const source = path.join(dataDir, 'cimiento.db');
  let sqlite: SqliteDatabase.Database;
  try {
    sqlite = new SqliteDatabase(source, { fileMustExist: true });
  } catch {
    throw new OpsError(`No hay una base de datos de Cimiento en ${source}. ${NOT_INSTALLED}`);
  }
  try {
    sqlite.pragma('busy_timeout = 5000');
    await sqlite.backup(destination, { progress: () => ALL_PAGES });
  } finally {
    sqlite.close();
  }
  const copy = new SqliteDatabase(destination, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
  const version = sqliteSchemaVersion(destination);
  if (!version)
    throw new OpsError(`La base de datos ${source} está vacía: no hay nada que respaldar. ${NOT_INSTALLED}`);
  return version;
}

/** pg_dump of the whole database; the schema version is read first (migrations only run at start-up). */
async function copyPostgres(databaseUrl: string, destination: string): Promise<string> {
  const version = await withPostgres(databaseUrl, async (client) => {
    const table = await client.query(`select to_regclass('kysely_migration') as name`);
    if (!table.rows[0]?.name) return undefined;
    const result = await client.query<{ name: string | null }>('select max(name) as name from kysely_migration');
    return result.rows[0]?.name ?? undefined;
  });
  if (!version)
    throw new OpsError(`La base de datos PostgreSQL está vacía: no hay nada que respaldar. ${NOT_INSTALLED}`);
  await dumpPostgres(databaseUrl, destination);
  return version;
}

/**
 * Copies DATA_DIR/files into `destination`, file by file. Files are written once (to a temporary
 * name, then renamed) and never changed in place, so a copied file is always whole; the
 * temporary names are skipped, and a file removed while copying is simply not in the backup.
 */
async function copyFiles(source: string, destination: string): Promise<number> {
  let entries;
  try {
    entries = await readdir(source, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let count = 0;
  for (const entry of entries) {
    const from = path.join(source, entry.name);
    const to = path.join(destination, entry.name);
    if (entry.isDirectory()) {
      count += await copyFiles(from, to);
    } else if (entry.isFile() && !entry.name.endsWith('.tmp')) {
      await mkdir(destination, { recursive: true });
      try {
        await copyFile(from, to, constants.COPYFILE_EXCL);
        count += 1;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
  }
  return count;
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/**
 * `npm run backup -- <file>`: one tar file holding a manifest, a consistent copy of the database
 * (SQLite backup API, or pg_dump when DATABASE_URL is set), the uploaded files and the generated
 * auth secret. Safe while the server runs. The database is copied before the files: a file is
 * stored before the record that points at it, so every file the copied records name is in the
 * backup (save an avatar replaced during the backup, whose old file the server removes).
 */
export async function createBackup(target: BackupTarget, file: string, now = new Date()): Promise<BackupSummary> {
  const output = path.resolve(file);
  if (await exists(output)) throw new OpsError(`El archivo ${output} ya existe. Elige otro nombre para la copia.`);
  const folder = path.dirname(output);
  const folderStat = await stat(folder).catch(() => undefined);
  if (!folderStat?.isDirectory()) throw new OpsError(`La carpeta ${folder} no existe. Créala o elige otra ruta.`);

  const kind: DatabaseDialect = target.databaseUrl ? 'postgres' : 'sqlite';
  const staging = await mkdtemp(path.join(os.tmpdir(), 'cimiento-backup-'));
  const partial = `${output}.${process.pid}.partial`;
  try {
    const databaseMember = kind === 'postgres' ? POSTGRES_MEMBER : SQLITE_MEMBER;
    const schemaVersion = target.databaseUrl
      ? await copyPostgres(target.databaseUrl, path.join(staging, databaseMember))
      : await copySqlite(target.dataDir, path.join(staging, databaseMember));
    const files = await copyFiles(path.join(target.dataDir, FILES_MEMBER), path.join(staging, FILES_MEMBER));
    const authSecret = await copyFile(path.join(target.dataDir, SECRET_MEMBER), path.join(staging, SECRET_MEMBER)).then(
      () => true,
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return false;
        throw error;
      },
    );
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      databaseKind: kind,
      schemaVersion,
      createdAt: now.toISOString(),
      files,
      authSecret,
    };
    await writeFile(path.join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    const members = [MANIFEST_FILE, databaseMember];
    if (files > 0) members.push(FILES_MEMBER);
    if (authSecret) members.push(SECRET_MEMBER);
    // written under a temporary name, so a failed backup never leaves a half archive behind
    await createTar(partial, staging, members);
    // it holds password hashes, sessions and perhaps the auth secret: readable by its owner only
    await chmod(partial, 0o600);
    await rename(partial, output);
    return { file: output, manifest, bytes: (await stat(output)).size };
  } finally {
    await rm(partial, { force: true });
    await rm(staging, { recursive: true, force: true });
  }
}
