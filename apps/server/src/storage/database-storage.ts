import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { FileStorage } from './file-storage';
import { assertSafeKey, publicUrlOf } from './file-storage';

/**
 * Files in the database's `file_content` table, so every instance on one PostgreSQL serves what
 * any of them stored. Meant for small files (avatars, at most 2 MB each). Writes and deletions
 * happen in the caller's transaction, with the rows that name the file.
 */
export function createDatabaseStorage(db: Kysely<Database>): FileStorage {
  return {
    async put(key, bytes, contentType, trx) {
      assertSafeKey(key);
      const row = { content_type: contentType, bytes, size: bytes.length, created_at: new Date().toISOString() };
      await trx
        .insertInto('file_content')
        .values({ key, ...row })
        .onConflict((conflict) => conflict.column('key').doUpdateSet(row))
        .execute();
    },
    async read(key) {
      assertSafeKey(key);
      const row = await db
        .selectFrom('file_content')
        .select(['bytes', 'content_type'])
        .where('key', '=', key)
        .executeTakeFirst();
      return row && { bytes: Buffer.from(row.bytes), contentType: row.content_type };
    },
    async remove(key, trx) {
      assertSafeKey(key);
      await trx.deleteFrom('file_content').where('key', '=', key).execute();
    },
    publicUrl: publicUrlOf,
  };
}
