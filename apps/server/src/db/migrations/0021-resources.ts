import type { Kysely } from 'kysely';

/**
 * Issue 35: the catalogues of trades ('oficios': capataz, carpintero, enfierrador…) and resources
 * ('recursos': labour crews, equipment, materials, subcontracts). A resource keeps its type, unit,
 * the most units available at once, its cost per day or per unit in CLP, UF or USD (decimal text),
 * its crew (trades × count, labour only) and date ranges with another maximum. Codes are unique
 * per collection, case-insensitively, as in the other catalogues. A trade in a crew cannot be
 * deleted (RESTRICT: removeObject says where it is); a resource's rows go with it.
 */
export function resourcesMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('catalogue_trade')
        .addColumn('_id', 'text', (c) => c.primaryKey())
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('code_key', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('priority', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('catalogue_resource')
        .addColumn('_id', 'text', (c) => c.primaryKey())
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('code_key', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('priority', 'integer', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('unit', 'text', (c) => c.notNull())
        .addColumn('max_units', 'double precision', (c) => c.notNull())
        .addColumn('cost_per_day', 'text')
        .addColumn('cost_per_unit', 'text')
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('catalogue_resource_crew')
        .addColumn('resource_id', 'text', (c) => c.notNull().references('catalogue_resource._id').onDelete('cascade'))
        .addColumn('trade_id', 'text', (c) => c.notNull().references('catalogue_trade._id').onDelete('restrict'))
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('catalogue_resource_crew_pk', ['resource_id', 'trade_id'])
        .execute();
      await db.schema
        .createIndex('catalogue_resource_crew_trade_idx')
        .on('catalogue_resource_crew')
        .column('trade_id')
        .execute();
      await db.schema
        .createTable('catalogue_resource_availability')
        .addColumn('resource_id', 'text', (c) => c.notNull().references('catalogue_resource._id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('from_date', 'text', (c) => c.notNull())
        .addColumn('to_date', 'text', (c) => c.notNull())
        .addColumn('max_units', 'double precision', (c) => c.notNull())
        .addPrimaryKeyConstraint('catalogue_resource_availability_pk', ['resource_id', 'position'])
        .execute();
      // an activity's unit of work, productivity (units per crew-day, decimal text), default resource
      // (kept from deletion: removeObject says where it is used) and crews (NULL: 1)
      await db.schema.alterTable('catalogue_activity').addColumn('work_unit', 'text').execute();
      await db.schema.alterTable('catalogue_activity').addColumn('productivity', 'text').execute();
      await db.schema
        .alterTable('catalogue_activity')
        .addColumn('resource_id', 'text', (c) => c.references('catalogue_resource._id').onDelete('restrict'))
        .execute();
      await db.schema.alterTable('catalogue_activity').addColumn('crews', 'integer').execute();
    },
  };
}
