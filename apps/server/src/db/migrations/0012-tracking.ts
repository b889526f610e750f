import type { Kysely } from 'kysely';
import type { MigrationTypes } from './types';

/**
 * Tracking (issue 15): baselines, actual dates and progress at cut-off dates.
 *
 * - `gantt_task.actual_start` / `actual_finish`: YYYY-MM-DD or NULL, a leaf's 'Inicio real' and
 *   'Fin real'; `gantt_task.progress` is its physical progress ('Avance físico', 0–100).
 * - `gantt_baseline`: up to 11 named, dated, read-only snapshots per project ('Fijar línea base');
 *   `gantt_baseline_task` holds each task's start, finish, duration (and cost, once costs exist) as
 *   the baseline froze them, with its code and name so a task deleted later still reads.
 *   `project.gantt_baseline_id` is the baseline shown and compared (NULL: none).
 * - `gantt_cutoff`: one row per cut-off date recorded ('Cortes de avance'), who recorded it and the
 *   project's progress then; `gantt_cutoff_task` the progress and actual dates of each leaf with
 *   any progress at that date (the S-curve's history). Recording the same date again replaces its rows.
 *
 * Everything goes with the project (ON DELETE CASCADE), a baseline's and a cut-off's tasks with them.
 */
export function trackingMigration(types: MigrationTypes) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // one column per ALTER: SQLite adds one at a time
      await db.schema.alterTable('gantt_task').addColumn('actual_start', 'text').execute();
      await db.schema.alterTable('gantt_task').addColumn('actual_finish', 'text').execute();
      await db.schema.alterTable('project').addColumn('gantt_baseline_id', 'text').execute();

      await db.schema
        .createTable('gantt_baseline')
        .addColumn('_id', 'text', (c) => c.primaryKey())
        .addColumn('project_id', 'text', (c) => c.notNull().references('project._id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('created_by', 'text')
        .addColumn('created_by_name', 'text', (c) => c.notNull())
        .addColumn('task_count', 'integer', (c) => c.notNull())
        .addColumn('project_start', 'text', (c) => c.notNull())
        .addColumn('project_finish', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('gantt_baseline_project_idx').on('gantt_baseline').column('project_id').execute();

      await db.schema
        .createTable('gantt_baseline_task')
        .addColumn('baseline_id', 'text', (c) => c.notNull().references('gantt_baseline._id').onDelete('cascade'))
        .addColumn('task_id', 'bigint', (c) => c.notNull())
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('start_date', 'text', (c) => c.notNull())
        .addColumn('finish_date', 'text', (c) => c.notNull())
        .addColumn('duration', 'integer', (c) => c.notNull())
        .addColumn('cost', types.double)
        .addPrimaryKeyConstraint('gantt_baseline_task_pk', ['baseline_id', 'task_id'])
        .execute();

      await db.schema
        .createTable('gantt_cutoff')
        .addColumn('_id', 'text', (c) => c.primaryKey())
        .addColumn('project_id', 'text', (c) => c.notNull().references('project._id').onDelete('cascade'))
        .addColumn('cutoff', 'text', (c) => c.notNull())
        .addColumn('recorded_at', 'text', (c) => c.notNull())
        .addColumn('recorded_by', 'text')
        .addColumn('recorded_by_name', 'text', (c) => c.notNull())
        .addColumn('progress', types.double, (c) => c.notNull())
        .addUniqueConstraint('gantt_cutoff_project_date_uq', ['project_id', 'cutoff'])
        .execute();

      await db.schema
        .createTable('gantt_cutoff_task')
        .addColumn('cutoff_id', 'text', (c) => c.notNull().references('gantt_cutoff._id').onDelete('cascade'))
        .addColumn('task_id', 'bigint', (c) => c.notNull())
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('progress', types.double, (c) => c.notNull())
        .addColumn('actual_start', 'text')
        .addColumn('actual_finish', 'text')
        .addPrimaryKeyConstraint('gantt_cutoff_task_pk', ['cutoff_id', 'task_id'])
        .execute();
    },
  };
}
