import type { Kysely } from 'kysely';

/**
 * Issue 36: the site's photos of a Gantt task (the field screen), their bytes in the configured file
 * storage under `projects/<project>/photos/`. `client_id` is the phone's own id for the photo, unique
 * in the project, so a photo sent twice (offline, then the answer lost) is stored once.
 */
export function taskPhotosMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('task_photo')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('project_id', 'text', (c) => c.notNull().references('project._id').onDelete('cascade'))
        .addColumn('task_id', 'bigint', (c) => c.notNull())
        .addColumn('client_id', 'text', (c) => c.notNull())
        .addColumn('path', 'text', (c) => c.notNull())
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('caption', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('created_by', 'text')
        .addColumn('created_by_name', 'text', (c) => c.notNull())
        .addUniqueConstraint('task_photo_client_unique', ['project_id', 'client_id'])
        .execute();
      await db.schema.createIndex('task_photo_task_idx').on('task_photo').columns(['project_id', 'task_id']).execute();
    },
  };
}
