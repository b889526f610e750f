import type { Kysely } from 'kysely';

/**
 * The project's calendar (issue 14): `project.gantt_calendar` holds the Gantt's calendar as JSON
 * text `{workingWeekdays, chileHolidays, exceptions}` (weekdays 0 = Sunday … 6 = Saturday; the
 * project's own non-working and extra working dates). NULL, as every project made before reads it,
 * means the calendar the work week always gave: its weekdays ('mon-sat' → Monday–Saturday, anything
 * else Monday–Friday), Chile's holidays on, no exceptions. `gantt_work_week` stays beside it, kept
 * in step on every calendar write: 'mon-fri', 'mon-sat', or 'custom' for any other set of weekdays.
 */
export function projectCalendarMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('project').addColumn('gantt_calendar', 'text').execute();
    },
  };
}
