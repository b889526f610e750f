import type { Kysely } from 'kysely';
import type { MigrationTypes } from './types';

/**
 * Issue 17: uploaded files in the database (FILE_STORAGE=database), so several instances on one
 * PostgreSQL serve the same files. One row per storage key, as `/files/<key>` names it.
 */
export function fileContentMigration(types: MigrationTypes) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('file_content')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('bytes', types.binary, (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
