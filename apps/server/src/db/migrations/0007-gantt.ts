import type { Kysely } from 'kysely';
import type { MigrationTypes } from './types';

/**
 * The Gantt (issue 7). `project.gantt_version` grows on every write of the Gantt (a save, or a
 * load whose merge with the EDP/EDC added or removed tasks): the stale-save check, like
 * `edp_version`. `project.gantt_work_week` is the per-project calendar option ('mon-fri' or
 * 'mon-sat'). Tasks are `gantt_task` rows in list order (`position`); `source_key` names the EDP
 * or EDC item a task was built from (null for a task the user added) and `start_date` is a
 * YYYY-MM-DD "start no earlier than". Links are `gantt_link` rows between two tasks of the same
 * project, gone with either task. `gantt_removed_source` keeps the source keys of built tasks the
 * user deleted, so a later load does not bring them back. Everything goes with the project
 * (ON DELETE CASCADE).
 */
export function ganttMigration(types: MigrationTypes) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // one column per ALTER: SQLite adds one at a time
      await db.schema
        .alterTable('project')
        .addColumn('gantt_version', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('project')
        .addColumn('gantt_work_week', 'text', (c) => c.notNull().defaultTo('mon-fri'))
        .execute();

      await db.schema
        .createTable('gantt_task')
        .addColumn('project_id', 'text', (c) => c.notNull().references('project._id').onDelete('cascade'))
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addColumn('source_key', 'text')
        .addColumn('parent_id', 'bigint')
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('start_date', 'text', (c) => c.notNull())
        .addColumn('duration', 'integer', (c) => c.notNull())
        .addColumn('progress', types.double, (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('gantt_task_pk', ['project_id', 'id'])
        .execute();

      await db.schema
        .createTable('gantt_link')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('from_id', 'bigint', (c) => c.notNull())
        .addColumn('to_id', 'bigint', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('lag', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('gantt_link_pk', ['project_id', 'from_id', 'to_id'])
        .addForeignKeyConstraint(
          'gantt_link_from_fk',
          ['project_id', 'from_id'],
          'gantt_task',
          ['project_id', 'id'],
          (c) => c.onDelete('cascade'),
        )
        .addForeignKeyConstraint('gantt_link_to_fk', ['project_id', 'to_id'], 'gantt_task', ['project_id', 'id'], (c) =>
          c.onDelete('cascade'),
        )
        .execute();
      // deleting a task looks its incoming links up by (project_id, to_id): without this index each
      // deleted task would scan the project's links
      await db.schema.createIndex('gantt_link_to_idx').on('gantt_link').columns(['project_id', 'to_id']).execute();

      await db.schema
        .createTable('gantt_removed_source')
        .addColumn('project_id', 'text', (c) => c.notNull().references('project._id').onDelete('cascade'))
        .addColumn('source_key', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('gantt_removed_source_pk', ['project_id', 'source_key'])
        .execute();
    },
  };
}
