import type { Kysely } from 'kysely';

/**
 * Issue 35: a resource's own calendar (docs/RESOURCES.md "A resource's own calendar"): the weekdays
 * it works, narrowing the project's (`catalogue_resource.working_weekdays`, '1,2,3,4' with 0 =
 * Sunday; NULL: the project's), and its non-working date ranges in their own rows, like its
 * availability ranges (gone with the resource). No weekdays and no ranges: the project's calendar.
 */
export function resourceCalendarMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('catalogue_resource').addColumn('working_weekdays', 'text').execute();
      await db.schema
        .createTable('catalogue_resource_calendar')
        .addColumn('resource_id', 'text', (c) => c.notNull().references('catalogue_resource._id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('from_date', 'text', (c) => c.notNull())
        .addColumn('to_date', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('catalogue_resource_calendar_pk', ['resource_id', 'position'])
        .execute();
    },
  };
}
