import type { Kysely } from 'kysely';
import type { MigrationTypes } from './types';

/**
 * Projects (issue 4). `project.code_key` (the code lower-cased) is UNIQUE, so project codes stay
 * unique case-insensitively even when two wizards save at once. The budget is an exact decimal:
 * numeric(22, 4) on PostgreSQL, canonical text on SQLite (whose NUMERIC affinity would turn it
 * into a float). `edp_version` grows on every EDP save (issue 5's stale-save check). The area types
 * a project was created with are copies (code, name, priority, quantity and the sub-areas as JSON),
 * never references to the catalogue. Everything under a project goes with it (ON DELETE CASCADE);
 * later tables (EDC, Gantt) hang from `project` or `edp_item` the same way.
 */
export function projectsMigration(types: MigrationTypes) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('project')
        .addColumn('_id', 'text', (c) => c.primaryKey())
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('code_key', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('priority', 'integer', (c) => c.notNull())
        .addColumn('template', 'text', (c) => c.notNull())
        .addColumn('start_year', 'integer', (c) => c.notNull())
        .addColumn('end_year', 'integer', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('budget', types.decimal, (c) => c.notNull())
        .addColumn('edp_version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_by', 'text', (c) => c.references('user.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('project_created_by_idx').on('project').column('created_by').execute();

      await db.schema
        .createTable('project_area_type')
        .addColumn('project_id', 'text', (c) => c.notNull().references('project._id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        // the catalogue record it was copied from; not a foreign key (the catalogue may change)
        .addColumn('area_type_id', 'text', (c) => c.notNull())
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('priority', 'integer', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('sectores', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('project_area_type_pk', ['project_id', 'position'])
        .execute();

      await db.schema
        .createTable('edp_item')
        .addColumn('project_id', 'text', (c) => c.notNull().references('project._id').onDelete('cascade'))
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addColumn('parent_id', 'bigint')
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('edp_item_pk', ['project_id', 'id'])
        .execute();
    },
  };
}
