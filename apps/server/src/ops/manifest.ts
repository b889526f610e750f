import { z } from 'zod';
import { migrationProvider } from '../db/migrations';
import type { DatabaseDialect } from '../db/schema';

/** The manifest's name inside the archive; it is the archive's first member. */
export const MANIFEST_FILE = 'cimiento-backup.json';
/** The SQLite database inside a SQLite backup (a single file, no WAL). */
export const SQLITE_MEMBER = 'cimiento.db';
/** pg_dump's output (custom format) inside a PostgreSQL backup. */
export const POSTGRES_MEMBER = 'postgres.dump';
/** DATA_DIR/files inside the archive. */
export const FILES_MEMBER = 'files';
/** DATA_DIR/auth-secret (the generated secret, when AUTH_SECRET is not set). */
export const SECRET_MEMBER = 'auth-secret';

export const BACKUP_FORMAT = 'cimiento-backup';
export const BACKUP_FORMAT_VERSION = 1;

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(BACKUP_FORMAT_VERSION),
  databaseKind: z.enum(['sqlite', 'postgres']),
  /** The latest migration the database had when it was copied. */
  schemaVersion: z.string().min(1),
  createdAt: z.string(),
  /** How many uploaded files (DATA_DIR/files) the archive holds. */
  files: z.number().int().min(0),
  /** Whether the archive holds DATA_DIR/auth-secret. */
  authSecret: z.boolean(),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

/** The migrations this build of Cimiento knows, oldest first (their names sort in order). */
export async function knownMigrations(dialect: DatabaseDialect): Promise<string[]> {
  return Object.keys(await migrationProvider(dialect).getMigrations()).sort();
}

export function databaseLabel(kind: DatabaseDialect): string {
  return kind === 'postgres' ? 'PostgreSQL' : 'SQLite';
}

/** A refusal or failure whose message is for the person at the terminal (Spanish, says what to do). */
export class OpsError extends Error {}
