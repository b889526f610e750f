import type { Kysely } from 'kysely';

/**
 * 'Editar proyecto' (issue 12): `project.version` grows on every edit of the project's own fields
 * (updateProject) and when the Gantt changes the work week, the project's option; an edit based
 * on an older version is refused as stale, like `edp_version` and `gantt_version`. Existing
 * projects start at 1.
 */
export function projectVersionMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('project')
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
    },
  };
}
