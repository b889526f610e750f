import type { Kysely } from 'kysely';

/**
 * Issue 34, 'Duración restante': the working days left of a task under way as recorded (typed, or
 * read from MS Project's RemainingDuration / P6's remaining duration), scheduled from the cut-off
 * instead of what its progress leaves. NULL (every task before this migration): the progress
 * decides, ⌈duration × (1 − avance)⌉, as before; nothing stored changes meaning.
 */
export function remainingDurationMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('gantt_task').addColumn('remaining_duration', 'integer').execute();
    },
  };
}
