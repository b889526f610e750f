import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** A stored file as the files route serves it. */
export type StoredFileContent = { bytes: Buffer; contentType: string };

/**
 * Where uploaded bytes live: local disk (one instance) or the database (every instance). An
 * S3-compatible store could implement the same calls.
 *
 * Issue 30: a key names one content for ever (uploads are named by their SHA-256), so `put` of a
 * key that exists writes the same bytes, and nothing is changed in place. Only the sweep
 * (file-sweep.ts) calls `remove`, for files released longer ago than the grace period. `put` and
 * `remove` take the caller's transaction: the database storage writes in it (the bytes and the rows
 * that name them commit together); the disk storage writes the file while it is open.
 */
export type FileStorage = {
  put: (key: string, bytes: Buffer, contentType: string, trx: Kysely<Database>) => Promise<void>;
  /** The file, or undefined when there is none under that key. */
  read: (key: string) => Promise<StoredFileContent | undefined>;
  remove: (key: string, trx: Kysely<Database>) => Promise<void>;
  /** The URL a browser fetches the file from. */
  publicUrl: (key: string) => string;
};

export const PUBLIC_FILES_PREFIX = '/files/';

/** Keys are built by the server only: lowercase folders, then a server-made file name. */
const KEY = /^[a-z0-9-]+(\/[A-Za-z0-9_-]+)*\/[A-Za-z0-9_-]+\.[a-z0-9]+$/;

export function isSafeKey(key: string): boolean {
  return KEY.test(key) && !key.includes('..');
}

export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`Clave de archivo no válida: ${key}`);
}

export function publicUrlOf(key: string): string {
  assertSafeKey(key);
  return `${PUBLIC_FILES_PREFIX}${key}`;
}
