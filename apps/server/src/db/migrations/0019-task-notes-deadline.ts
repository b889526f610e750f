import type { Kysely } from 'kysely';

/**
 * Issue 34, a task's 'Notas' (plain text, MS Project's Notes) and 'Fecha límite' (YYYY-MM-DD, MS
 * Project's Deadline: a marker on the chart, red when the task finishes after it; it does not move
 * the task). NULL: none, as every task before this migration.
 */
export function taskNotesDeadlineMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // one column per ALTER: SQLite adds one at a time
      await db.schema.alterTable('gantt_task').addColumn('notes', 'text').execute();
      await db.schema.alterTable('gantt_task').addColumn('deadline', 'text').execute();
    },
  };
}
