import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Issue 30: stored files are never deleted in place while a backup may be running. A file that
 * nothing references any more is written down in `file_release` (in the transaction that stopped
 * referencing it), and the sweep (file-sweep.ts) deletes its bytes once that is older than the
 * grace period. A key written down here is referenced by no `stored_file` row, and the other way
 * round: every transaction that changes one keeps the other in step.
 */

/** The keys, which the caller's transaction stops referencing, wait for the sweep from `now`. */
export async function releaseFiles(trx: Kysely<Database>, keys: readonly string[], now: Date): Promise<void> {
  if (keys.length === 0) return;
  const releasedAt = now.toISOString();
  await trx
    .insertInto('file_release')
    .values(keys.map((key) => ({ key, released_at: releasedAt })))
    // released again (it was referenced in between): the grace period starts anew
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ released_at: releasedAt }))
    .execute();
}

/**
 * The key is referenced again (the same content uploaded anew): the sweep must leave it. On
 * PostgreSQL this waits for a sweep deleting the same key to commit (the row is locked), after
 * which the caller writes the bytes again, so they are there whichever came first.
 */
export async function reclaimFile(trx: Kysely<Database>, key: string): Promise<void> {
  await trx.deleteFrom('file_release').where('key', '=', key).execute();
}
