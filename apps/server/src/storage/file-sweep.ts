import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { FileStorage } from './file-storage';
import { isSafeKey } from './file-storage';

/**
 * How long a released file (file_release) keeps its bytes: 24 hours, far longer than any backup
 * takes. A backup copies the database first and the files after; a file its copy names was
 * referenced when the copy was taken, so it is released later still, and deleted no sooner than
 * 24 hours after that, long after the backup copied it. The clocks of several instances may
 * differ by much less than that.
 */
export const RELEASED_FILE_GRACE_MS = 24 * 60 * 60 * 1000;

/** How often each instance sweeps (and once, a minute after it starts). */
export const FILE_SWEEP_INTERVAL_MS = 60 * 60 * 1000;
const FIRST_SWEEP_DELAY_MS = 60 * 1000;

/** Keys looked at per batch; a sweep goes on until nothing old enough is left. */
const SWEEP_BATCH = 100;

export type SweepResult = { removed: string[]; kept: string[] };

/** Whether anything still names the key: a stored_file record, or a profile's picture URL. */
async function isReferenced(trx: Kysely<Database>, storage: FileStorage, key: string): Promise<boolean> {
  const record = await trx.selectFrom('stored_file').select('_id').where('path', '=', key).executeTakeFirst();
  if (record) return true;
  const profile = await trx
    .selectFrom('user')
    .select('id')
    .where('image', '=', storage.publicUrl(key))
    .executeTakeFirst();
  return profile !== undefined;
}

/**
 * Deletes the bytes of every file released at least `graceMs` before `now`, and its file_release
 * row; never a file something references. Each key in a transaction of its own, which first
 * deletes the key's file_release row (only if it is still old enough), then the bytes, then
 * commits:
 * - several instances may sweep at once: one deletes the row, the others find none and do nothing;
 * - an upload of the same content (reclaimFile) deletes the same row first in its own transaction:
 *   on PostgreSQL whichever comes second waits for the first to commit; if the sweep was first, the
 *   upload then writes the bytes anew; if the upload was first, the sweep finds no row. SQLite runs
 *   one transaction at a time;
 * - FILE_STORAGE=database deletes the file_content row in the same transaction; on disk the file
 *   is removed before the commit, so a failed commit leaves a row whose file is already gone, which
 *   the next sweep clears (removing a missing file is not an error).
 * With FILE_STORAGE=disk the sweep removes files from this instance's DATA_DIR/files: disk storage
 * is for one instance (or a folder every instance shares).
 */
export async function sweepReleasedFiles(
  db: Kysely<Database>,
  storage: FileStorage,
  now: Date = new Date(),
  graceMs: number = RELEASED_FILE_GRACE_MS,
): Promise<SweepResult> {
  const cutoff = new Date(now.getTime() - graceMs).toISOString();
  const result: SweepResult = { removed: [], kept: [] };
  const seen = new Set<string>();
  for (;;) {
    const candidates = await db
      .selectFrom('file_release')
      .select('key')
      .where('released_at', '<=', cutoff)
      .orderBy('released_at')
      .orderBy('key')
      .limit(SWEEP_BATCH)
      .execute();
    const fresh = candidates.map((row) => row.key).filter((key) => !seen.has(key));
    if (fresh.length === 0) return result;
    for (const key of fresh) {
      seen.add(key);
      const outcome = await db.transaction().execute(async (trx) => {
        const claimed = await trx
          .deleteFrom('file_release')
          .where('key', '=', key)
          .where('released_at', '<=', cutoff)
          .executeTakeFirst();
        if (Number(claimed.numDeletedRows) === 0) return 'gone' as const;
        // a key the server could not have made (a row written by hand) names no file it may delete
        if (!isSafeKey(key)) return 'kept' as const;
        // the row said nothing names it; a file that is named after all is left (and off the list)
        if (await isReferenced(trx, storage, key)) return 'kept' as const;
        await storage.remove(key, trx);
        return 'removed' as const;
      });
      if (outcome === 'removed') result.removed.push(key);
      else if (outcome === 'kept') result.kept.push(key);
    }
  }
}

export type FileSweeper = { stop: () => void; running: () => Promise<void> };

/**
 * Sweeps a minute after start, then every hour, on every instance (sweepReleasedFiles is safe to
 * run on several at once). Timers do not keep the process alive; `stop` ends them, and `running`
 * answers once a sweep under way has finished (the app waits for it before closing the database).
 */
export function startFileSweeper(options: {
  db: Kysely<Database>;
  storage: FileStorage;
  log: FastifyBaseLogger;
}): FileSweeper {
  let current: Promise<void> = Promise.resolve();
  let stopped = false;
  const sweep = () => {
    if (stopped) return;
    current = sweepReleasedFiles(options.db, options.storage)
      .then(({ removed, kept }) => {
        if (removed.length > 0 || kept.length > 0) {
          options.log.info({ removed: removed.length, kept: kept.length }, 'released files swept');
        }
      })
      .catch((error: unknown) => options.log.warn({ err: error }, 'the sweep of released files failed'));
  };
  const first = setTimeout(sweep, FIRST_SWEEP_DELAY_MS);
  const every = setInterval(sweep, FILE_SWEEP_INTERVAL_MS);
  first.unref();
  every.unref();
  return {
    stop: () => {
      stopped = true;
      clearTimeout(first);
      clearInterval(every);
    },
    running: () => current,
  };
}
