import type { Kysely } from 'kysely';
import type { MigrationTypes } from './types';

/**
 * Issue 30, nothing destroyed without a trace.
 *
 * - `project.deleted_at` / `deleted_by_id` / `deleted_by_name`: 'Eliminar proyecto' moves a project to
 *   the 'Papelera' instead of deleting it: the row, its history and its notifications stay; every
 *   function but the trash's own treats it as not found. An administrator restores it or purges it;
 *   30 days after `deleted_at` it is purged. The code stays taken while it is in the trash.
 * - `change_log`: the 'Registro de cambios' under Administración: one row per change to the catalogues,
 *   the UF values and the trash (who, when, what), written in the change's own transaction. It hangs
 *   from nothing, so purging a project or deleting a user keeps it.
 */
export function trashAndChangeLogMigration(types: MigrationTypes) {
  const serialKey = types.binary === 'blob' ? 'integer' : 'serial';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('project').addColumn('deleted_at', 'text').execute();
      await db.schema.alterTable('project').addColumn('deleted_by_id', 'text').execute();
      await db.schema.alterTable('project').addColumn('deleted_by_name', 'text').execute();
      await db.schema.createIndex('project_deleted_at_idx').on('project').column('deleted_at').execute();

      await db.schema
        .createTable('change_log')
        .addColumn('id', serialKey, (c) => (types.binary === 'blob' ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text')
        .addColumn('user_name', 'text', (c) => c.notNull())
        .addColumn('area', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('record', 'text', (c) => c.notNull())
        .addColumn('summary', 'text', (c) => c.notNull())
        .addColumn('detail', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('change_log_area_idx').on('change_log').columns(['area', 'id']).execute();
    },
  };
}
