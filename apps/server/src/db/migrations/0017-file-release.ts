import type { Kysely } from 'kysely';

/**
 * Issue 30, backups hold every file they name. Stored files are never deleted in place: an avatar
 * that is replaced is written down here, in the replacement's own transaction, with when it stopped
 * being referenced, and the sweep (storage/file-sweep.ts) deletes its bytes only once that is older
 * than the grace period (24 hours, longer than any backup). One row per storage key; a key that is
 * referenced again (the same picture uploaded anew) leaves the table in that upload's transaction.
 */
export function fileReleaseMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('file_release')
        .addColumn('key', 'text', (c) => c.primaryKey())
        // ISO 8601 in UTC (Date#toISOString), so text order is time order on both databases
        .addColumn('released_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('file_release_released_at_idx').on('file_release').column('released_at').execute();
    },
  };
}
