import type { Kysely } from 'kysely';

/**
 * Issue 34, a task's 'Debe comenzar el' (must_start_on = 1: its start_date is a must-start-on, MS
 * Project's Must Start On; NULL: a start no earlier than, as every task before this migration) and
 * 'Reanudar' (resume, YYYY-MM-DD: where the remaining work of a task under way resumes, MS Project's
 * Resume; NULL: at the cut-off).
 */
export function mustStartResumeMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // one column per ALTER: SQLite adds one at a time
      await db.schema.alterTable('gantt_task').addColumn('must_start_on', 'integer').execute();
      await db.schema.alterTable('gantt_task').addColumn('resume', 'text').execute();
    },
  };
}
