import type { Kysely } from 'kysely';
import type { MigrationTypes } from './types';

/**
 * Issue 36, the Last Planner System (docs/LAST-PLANNER.md).
 *
 * - `project_last_planner`: a project's settings: the look-ahead's weeks (3–6) and where it starts
 *   ('cutoff' or 'today'), and its own lists of constraint types and causes of non-fulfilment (JSON
 *   arrays). No row: the defaults.
 * - `task_company`: which of the project's companies does a Gantt task (a task with no row has none).
 *   RESTRICT: a company doing tasks is not deleted (removeCompany counts them).
 * - `lp_constraint`: 'Restricciones', per task; `version` counts its saves (a stale save is refused).
 * - `lp_commitment`: the weekly plan's commitments, one per task and week; the task's code and name
 *   as they were, so the PPC's history keeps them if the task goes; `transferred_cutoff` the cut-off
 *   'Pasar al avance' recorded it at.
 *
 * Task ids are the Gantt's (`gantt_task.id`) without a foreign key: a task deleted in the Gantt
 * leaves its commitments in the PPC's history; the screens list only the tasks that are there.
 */
export function lastPlannerMigration(types: MigrationTypes) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('project_last_planner')
        .addColumn('project_id', 'text', (c) => c.primaryKey().references('project._id').onDelete('cascade'))
        .addColumn('look_ahead_weeks', 'integer', (c) => c.notNull())
        .addColumn('look_ahead_from', 'text', (c) => c.notNull())
        .addColumn('constraint_types', 'text', (c) => c.notNull())
        .addColumn('causes', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('task_company')
        .addColumn('project_id', 'text', (c) => c.notNull().references('project._id').onDelete('cascade'))
        .addColumn('task_id', 'bigint', (c) => c.notNull())
        .addColumn('company_id', 'text', (c) => c.notNull().references('project_company.id').onDelete('restrict'))
        .addPrimaryKeyConstraint('task_company_pk', ['project_id', 'task_id'])
        .execute();
      await db.schema.createIndex('task_company_company_idx').on('task_company').columns(['company_id']).execute();

      await db.schema
        .createTable('lp_constraint')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('project_id', 'text', (c) => c.notNull().references('project._id').onDelete('cascade'))
        .addColumn('task_id', 'bigint', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('responsible', 'text', (c) => c.notNull())
        .addColumn('responsible_company_id', 'text', (c) => c.references('project_company.id').onDelete('set null'))
        .addColumn('responsible_user_id', 'text', (c) => c.references('user.id').onDelete('set null'))
        .addColumn('due_date', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('created_by', 'text')
        .addColumn('created_by_name', 'text', (c) => c.notNull())
        .addColumn('released_at', 'text')
        .addColumn('released_by_name', 'text')
        .execute();
      await db.schema
        .createIndex('lp_constraint_task_idx')
        .on('lp_constraint')
        .columns(['project_id', 'task_id'])
        .execute();

      await db.schema
        .createTable('lp_commitment')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('project_id', 'text', (c) => c.notNull().references('project._id').onDelete('cascade'))
        .addColumn('task_id', 'bigint', (c) => c.notNull())
        .addColumn('task_code', 'text', (c) => c.notNull())
        .addColumn('task_name', 'text', (c) => c.notNull())
        .addColumn('company_id', 'text', (c) => c.references('project_company.id').onDelete('restrict'))
        .addColumn('week', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('percent', types.double)
        .addColumn('quantity', types.double)
        .addColumn('description', 'text')
        .addColumn('outcome', 'text')
        .addColumn('cause', 'text')
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('created_by', 'text')
        .addColumn('created_by_name', 'text', (c) => c.notNull())
        .addColumn('closed_at', 'text')
        .addColumn('closed_by_name', 'text')
        .addColumn('transferred_cutoff', 'text')
        .addUniqueConstraint('lp_commitment_task_week_unique', ['project_id', 'task_id', 'week'])
        .execute();
      await db.schema
        .createIndex('lp_commitment_week_idx')
        .on('lp_commitment')
        .columns(['project_id', 'week'])
        .execute();
      await db.schema.createIndex('lp_commitment_company_idx').on('lp_commitment').columns(['company_id']).execute();
    },
  };
}
