import type { Kysely } from 'kysely';
import type { MigrationTypes } from './types';

/**
 * Working together (issue 19).
 *
 * - `project_history`: one row per save of a project, written in the save's own transaction (a
 *   refused save leaves none): who, when, which function, the one-line summary and the detail
 *   (JSON, collaboration-contracts.ts historyDetailSchema). `id` grows with every entry; it is the
 *   history's order, its page cursor and the live stream's high-water mark.
 * - `notification`: one row per recipient; `read_at` NULL while unread. `kind` is 'project-change'
 *   (a save by someone else of a project the recipient created or follows), 'account-created' or
 *   'made-admin'. `history_id` points at the change it tells of (NULL for account notices).
 * - `project_follow`: who follows which project (the creator is always told; followers too).
 *
 * Everything goes with the project (ON DELETE CASCADE); a user's notifications and follows with the user.
 */
export function collaborationMigration(types: MigrationTypes) {
  const serialKey = types.binary === 'blob' ? 'integer' : 'serial';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('project_history')
        .addColumn('id', serialKey, (c) => (types.binary === 'blob' ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('project_id', 'text', (c) => c.notNull().references('project._id').onDelete('cascade'))
        .addColumn('user_id', 'text')
        .addColumn('user_name', 'text', (c) => c.notNull())
        .addColumn('function_name', 'text', (c) => c.notNull())
        .addColumn('area', 'text', (c) => c.notNull())
        .addColumn('summary', 'text', (c) => c.notNull())
        .addColumn('detail', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('project_history_project_idx')
        .on('project_history')
        .columns(['project_id', 'id'])
        .execute();

      await db.schema
        .createTable('notification')
        .addColumn('id', serialKey, (c) => (types.binary === 'blob' ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('project_id', 'text', (c) => c.references('project._id').onDelete('cascade'))
        .addColumn('history_id', 'integer', (c) => c.references('project_history.id').onDelete('cascade'))
        .addColumn('actor_id', 'text')
        .addColumn('actor_name', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('read_at', 'text')
        .execute();
      await db.schema.createIndex('notification_user_idx').on('notification').columns(['user_id', 'id']).execute();

      await db.schema
        .createTable('project_follow')
        .addColumn('project_id', 'text', (c) => c.notNull().references('project._id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('project_follow_pk', ['project_id', 'user_id'])
        .execute();
    },
  };
}
