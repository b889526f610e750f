import type { Kysely } from 'kysely';
import type { MigrationTypes } from './types';

/**
 * Issue 35, durations from quantities: an EDC activity's quantity typed in the EDC grid
 * (`edc_item.quantity`, an exact decimal: text on SQLite, numeric on PostgreSQL; NULL: none, then
 * its EDP item's quantity when the units match), and a Gantt task's duration typed by hand over
 * that quantity's formula (`gantt_task.duration_by_hand` = 1: it wins, a load does not recompute it;
 * NULL: the formula's, when the task has one).
 */
export function edcQuantityMigration(types: MigrationTypes) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // one column per ALTER: SQLite adds one at a time
      await db.schema.alterTable('edc_item').addColumn('quantity', types.decimal).execute();
      await db.schema.alterTable('gantt_task').addColumn('duration_by_hand', 'integer').execute();
    },
  };
}
