import type { Kysely } from 'kysely';
import type { MigrationTypes } from './types';

/**
 * Issue 35: a Gantt task's resources ('Recursos', MS Project's assignments): one row per task and
 * resource with its units, in the task's order. The rows go with their task (and so with the
 * project); a resource a task uses is not deleted (RESTRICT: removeObject says which projects use it).
 * 'Redistribuir recursos' (levelResources) raises a task's start: `leveling_delay` keeps the working
 * days it added and `leveled_from` the start it had, which 'Quitar redistribución' puts back (NULL:
 * not levelled).
 */
export function taskResourcesMigration(types: MigrationTypes) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('gantt_task_resource')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('task_id', 'bigint', (c) => c.notNull())
        .addColumn('resource_id', 'text', (c) => c.notNull().references('catalogue_resource._id').onDelete('restrict'))
        .addColumn('units', types.double, (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('gantt_task_resource_pk', ['project_id', 'task_id', 'resource_id'])
        .addForeignKeyConstraint(
          'gantt_task_resource_task_fk',
          ['project_id', 'task_id'],
          'gantt_task',
          ['project_id', 'id'],
          (c) => c.onDelete('cascade'),
        )
        .execute();
      // one column per ALTER: SQLite adds one at a time
      await db.schema.alterTable('gantt_task').addColumn('leveling_delay', 'integer').execute();
      await db.schema.alterTable('gantt_task').addColumn('leveled_from', 'text').execute();
      // removeObject counts a resource's tasks; without this index each count scans every project's rows
      await db.schema
        .createIndex('gantt_task_resource_resource_idx')
        .on('gantt_task_resource')
        .column('resource_id')
        .execute();
    },
  };
}
