import { constants } from 'node:fs';
import { chmod, copyFile, mkdir, mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import type { Config } from '../config';
import type { DatabaseDialect } from '../db/schema';
import { isSafeKey } from '../storage/file-storage';
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
import type pg from 'pg';

export type BackupTarget = Pick<Config, 'dataDir' | 'databaseUrl'>;

/**
 * `missingFiles`: keys the copied database names whose file was not in DATA_DIR/files (lost before
 * the backup began: the backup holds everything else, and says which).
 */
export type BackupSummary = { file: string; manifest: BackupManifest; bytes: number; missingFiles: string[] };

/**
 * What the database copy names: every stored file's key (`stored_file.path`), and the keys whose
 * bytes the copy itself holds (`file_content`, FILE_STORAGE=database), which need no file.
 */
type NamedFiles = { keys: string[]; inDatabase: Set<string> };

/** The database's copy: its schema version and the files it names. */
type DatabaseCopy = { schemaVersion: string; named: NamedFiles };

/** better-sqlite3's largest step: every remaining page at once. */
const ALL_PAGES = 0x7fffffff;

const NOT_INSTALLED = 'Ejecuta Cimiento al menos una vez (npm start) o revisa DATA_DIR y DATABASE_URL.';

/** The latest migration name in a SQLite copy's kysely_migration table (undefined when it has none) and the files it names. */
function readSqliteCopy(file: string): { schemaVersion: string | undefined; named: NamedFiles } {
  const sqlite = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  try {
    const tables = new Set(
      (sqlite.prepare(`select name from sqlite_master where type = 'table'`).all() as { name: string }[]).map(
        (row) => row.name,
      ),
    );
    const column = (query: string): string[] =>
      (sqlite.prepare(query).raw().all() as unknown[][]).map((row) => String(row[0]));
    const named: NamedFiles = {
      keys: tables.has('stored_file') ? column('select path from stored_file') : [],
      inDatabase: new Set(tables.has('file_content') ? column('select key from file_content') : []),
    };
    if (!tables.has('kysely_migration')) return { schemaVersion: undefined, named };
    const row = sqlite.prepare('select max(name) as name from kysely_migration').get() as { name: string | null };
    return { schemaVersion: row.name ?? undefined, named };
  } finally {
    sqlite.close();
  }
}

/**
 * SQLite's online backup API (better-sqlite3's `.backup()`). All pages go in one step, so inside
 * one read transaction: the copy is one consistent state of the database, and since the database
 * is in WAL mode the server keeps writing meanwhile. (In small steps, a write between two steps
 * would restart the copy, and a steady write load could keep it from ever finishing.) The copy
 * is then made a single file (no WAL), and the files it names are read from it.
 */
async function copySqlite(dataDir: string, destination: string): Promise<DatabaseCopy> {
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
  const { schemaVersion, named } = readSqliteCopy(destination);
  if (!schemaVersion)
    throw new OpsError(`La base de datos ${source} está vacía: no hay nada que respaldar. ${NOT_INSTALLED}`);
  return { schemaVersion, named };
}

/** The values of a query's first column, or none when the table does not exist. */
async function columnOf(client: pg.Client, table: string, column: string): Promise<string[]> {
  const exists = await client.query(`select to_regclass($1) as name`, [table]);
  if (!exists.rows[0]?.name) return [];
  const result = await client.query<{ value: string }>(`select ${column} as value from ${table}`);
  return result.rows.map((row) => row.value);
}

/**
 * pg_dump of the whole database, in a snapshot this connection exports (pg_dump --snapshot): the
 * schema version and the files the dump names are read in the very state the dump holds.
 */
async function copyPostgres(databaseUrl: string, destination: string): Promise<DatabaseCopy> {
  return withPostgres(databaseUrl, async (client) => {
    await client.query('begin transaction isolation level repeatable read read only');
    try {
      const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]?.id;
      const versions = await columnOf(client, 'kysely_migration', 'name');
      const schemaVersion = versions.sort().at(-1);
      if (!schemaVersion || !snapshot) {
        throw new OpsError(`La base de datos PostgreSQL está vacía: no hay nada que respaldar. ${NOT_INSTALLED}`);
      }
      const named: NamedFiles = {
        keys: await columnOf(client, 'stored_file', 'path'),
        inDatabase: new Set(await columnOf(client, 'file_content', 'key')),
      };
      await dumpPostgres(databaseUrl, destination, snapshot);
      return { schemaVersion, named };
    } finally {
      await client.query('rollback');
    }
  });
}

/**
 * Copies into `destination` the files the database copy names that are not in the copy itself
 * (FILE_STORAGE=disk), and only those: files released before the copy was taken are not needed,
 * and a half-written upload is never named. Issue 30: nothing deletes a named file before the
 * grace period (24 hours, storage/file-sweep.ts) from its release, which is after the copy, so
 * every named file is still there when this runs; one that is not was lost before the backup
 * began, and is reported. A stored file is written once, under a name of its content, and renamed
 * into place whole, so the copy of a file is always whole.
 */
async function copyNamedFiles(
  source: string,
  destination: string,
  named: NamedFiles,
): Promise<{ copied: number; missing: string[] }> {
  let copied = 0;
  const missing: string[] = [];
  for (const key of [...new Set(named.keys)].sort()) {
    if (named.inDatabase.has(key)) continue;
    const from = path.resolve(source, key);
    if (!isSafeKey(key) || !from.startsWith(path.resolve(source) + path.sep)) {
      missing.push(key);
      continue;
    }
    const to = path.join(destination, key);
    await mkdir(path.dirname(to), { recursive: true });
    try {
      await copyFile(from, to, constants.COPYFILE_EXCL);
      copied += 1;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'EISDIR' && code !== 'ENOTDIR') throw error;
      missing.push(key);
    }
  }
  return { copied, missing };
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
 * auth secret. Safe while the server runs. The database is copied first, then the files its copy
 * names (copyNamedFiles): a file is in place before the record that names it commits, and a file
 * whose record goes (an avatar replaced during the backup) keeps its bytes for 24 hours (issue 30),
 * so every file the copied records name is in the backup.
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
    const { schemaVersion, named } = target.databaseUrl
      ? await copyPostgres(target.databaseUrl, path.join(staging, databaseMember))
      : await copySqlite(target.dataDir, path.join(staging, databaseMember));
    const { copied: files, missing: missingFiles } = await copyNamedFiles(
      path.join(target.dataDir, FILES_MEMBER),
      path.join(staging, FILES_MEMBER),
      named,
    );
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
    return { file: output, manifest, bytes: (await stat(output)).size, missingFiles };
  } finally {
    await rm(partial, { force: true });
    await rm(staging, { recursive: true, force: true });
  }
}
