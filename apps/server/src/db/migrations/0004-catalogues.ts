import type { Kysely } from 'kysely';

/**
 * The catalogues (issue 3): area types with their sub-areas (sectores), activities, systems, and
 * main components with subcomponents and the activities ticked for each. Top-level records have a
 * UUIDv7 `_id`, and `code_key` (the code lower-cased) is UNIQUE so codes stay unique per collection,
 * case-insensitively, even when two saves race. Children carry a numeric id unique within their
 * parent and go when the parent goes. Projects never reference these tables (they hold copies).
 */
export function cataloguesMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      for (const table of ['catalogue_area_type', 'catalogue_activity', 'catalogue_system', 'catalogue_component']) {
        await db.schema
          .createTable(table)
          .addColumn('_id', 'text', (c) => c.primaryKey())
          .addColumn('code', 'text', (c) => c.notNull())
          .addColumn('code_key', 'text', (c) => c.notNull().unique())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('priority', 'integer', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .execute();
      }

      await db.schema
        .createTable('catalogue_sector')
        .addColumn('area_type_id', 'text', (c) => c.notNull().references('catalogue_area_type._id').onDelete('cascade'))
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('priority', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('catalogue_sector_pk', ['area_type_id', 'id'])
        .execute();

      await db.schema
        .createTable('catalogue_subcomponent')
        .addColumn('component_id', 'text', (c) => c.notNull().references('catalogue_component._id').onDelete('cascade'))
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('priority', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('catalogue_subcomponent_pk', ['component_id', 'id'])
        .execute();

      // deleting an activity removes it from every subcomponent that lists it (ON DELETE CASCADE)
      await db.schema
        .createTable('catalogue_subcomponent_activity')
        .addColumn('component_id', 'text', (c) => c.notNull())
        .addColumn('subcomponent_id', 'bigint', (c) => c.notNull())
        .addColumn('activity_id', 'text', (c) => c.notNull().references('catalogue_activity._id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('catalogue_subcomponent_activity_pk', [
          'component_id',
          'subcomponent_id',
          'activity_id',
        ])
        .addForeignKeyConstraint(
          'catalogue_subcomponent_activity_subcomponent_fk',
          ['component_id', 'subcomponent_id'],
          'catalogue_subcomponent',
          ['component_id', 'id'],
          (c) => c.onDelete('cascade'),
        )
        .execute();
      await db.schema
        .createIndex('catalogue_subcomponent_activity_activity_idx')
        .on('catalogue_subcomponent_activity')
        .column('activity_id')
        .execute();
    },
  };
}
