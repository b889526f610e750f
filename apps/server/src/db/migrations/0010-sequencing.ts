import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { MigrationTypes } from './types';

/**
 * The generated schedule (issue 13; docs/SEQUENCING.md):
 * - `catalogue_activity.duration`: an activity's default duration in working days (5; 0 a milestone);
 * - `edc_item.priority` and `edc_item.duration`: copies of the catalogue record's priority and the
 *   activity's duration, made when the item is generated; rows saved before are filled from
 *   today's catalogue where their `source_id` names a record (main items and activities);
 * - `project.sequencing`: 'none' | 'priority' | 'train'. Projects created before keep the schedule
 *   they have ('none': no links appear by surprise); new projects get the wizard's choice;
 * - `gantt_link.generated`: a link the sequencing made (false: the user's);
 * - `gantt_removed_link`: generated links the user deleted, by their tasks' source keys, so a
 *   later load does not make them again.
 */
export function sequencingMigration(types: MigrationTypes) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // one column per ALTER: SQLite adds one at a time
      await db.schema
        .alterTable('catalogue_activity')
        .addColumn('duration', 'integer', (c) => c.notNull().defaultTo(5))
        .execute();
      await db.schema.alterTable('edc_item').addColumn('priority', 'integer').execute();
      await db.schema.alterTable('edc_item').addColumn('duration', 'integer').execute();
      await sql`
        update edc_item
        set priority = (select a.priority from catalogue_activity a where a._id = edc_item.source_id),
            duration = (select a.duration from catalogue_activity a where a._id = edc_item.source_id)
        where kind = 'activity' and source_id is not null
      `.execute(db);
      await sql`
        update edc_item
        set priority = (select c.priority from catalogue_component c where c._id = edc_item.source_id)
        where kind = 'main' and source_id is not null
      `.execute(db);
      await db.schema
        .alterTable('project')
        .addColumn('sequencing', 'text', (c) => c.notNull().defaultTo('none'))
        .execute();
      await db.schema
        .alterTable('gantt_link')
        .addColumn('generated', types.boolean, (c) => c.notNull().defaultTo(types.boolean === 'boolean' ? false : 0))
        .execute();
      await db.schema
        .createTable('gantt_removed_link')
        .addColumn('project_id', 'text', (c) => c.notNull().references('project._id').onDelete('cascade'))
        .addColumn('from_key', 'text', (c) => c.notNull())
        .addColumn('to_key', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('gantt_removed_link_pk', ['project_id', 'from_key', 'to_key'])
        .execute();
    },
  };
}
