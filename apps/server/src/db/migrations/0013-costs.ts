import type { Kysely } from 'kysely';
import type { MigrationTypes } from './types';

/**
 * Costs (issue 16; docs/COSTS.md). Exact decimals everywhere (`types.decimal`: text on SQLite,
 * numeric(22, 4) on PostgreSQL, read back as strings).
 *
 * - `edp_item.unit` / `quantity` / `unit_price`: an EDP item's price (NULL: not set).
 * - `uf_value`: CLP per UF by date ('Valores UF'), the country's, shared by every project.
 * - `gantt_baseline_cost`: what each baseline task was to cost when the baseline was fixed, per EDP
 *   item its amount came from, so the planned curve stays as frozen as the baseline's dates.
 * - `gantt_cutoff.actual_cost`: the actual cost to date entered at a cut-off (AC), or NULL.
 * - `project.ep_*`: the contract's payment terms for its estados de pago (NULL: the defaults).
 * - `estado_pago`: one per EP, N° unique per project and one per cut-off; `document` is the whole
 *   EP as computed (lines, totals, terms, UF value) in JSON, frozen once `status` is 'approved'.
 */
export function costsMigration(types: MigrationTypes) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // one column per ALTER: SQLite adds one at a time
      await db.schema.alterTable('edp_item').addColumn('unit', 'text').execute();
      await db.schema.alterTable('edp_item').addColumn('quantity', types.decimal).execute();
      await db.schema.alterTable('edp_item').addColumn('unit_price', types.decimal).execute();

      await db.schema
        .createTable('uf_value')
        .addColumn('date', 'text', (c) => c.primaryKey())
        .addColumn('value', types.decimal, (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('updated_by', 'text')
        .execute();

      await db.schema
        .createTable('gantt_baseline_cost')
        .addColumn('baseline_id', 'text', (c) => c.notNull().references('gantt_baseline._id').onDelete('cascade'))
        .addColumn('task_id', 'bigint', (c) => c.notNull())
        .addColumn('edp_item_id', 'bigint', (c) => c.notNull())
        .addColumn('amount', types.decimal, (c) => c.notNull())
        .addPrimaryKeyConstraint('gantt_baseline_cost_pk', ['baseline_id', 'task_id', 'edp_item_id'])
        .execute();

      await db.schema.alterTable('gantt_cutoff').addColumn('actual_cost', types.decimal).execute();

      await db.schema.alterTable('project').addColumn('ep_contract', 'text').execute();
      await db.schema.alterTable('project').addColumn('ep_contractor', 'text').execute();
      await db.schema.alterTable('project').addColumn('ep_retention_percent', types.decimal).execute();
      await db.schema.alterTable('project').addColumn('ep_retention_cap_percent', types.decimal).execute();
      await db.schema.alterTable('project').addColumn('ep_advance_amount', types.decimal).execute();
      await db.schema.alterTable('project').addColumn('ep_vat_percent', types.decimal).execute();

      await db.schema
        .createTable('estado_pago')
        .addColumn('_id', 'text', (c) => c.primaryKey())
        .addColumn('project_id', 'text', (c) => c.notNull().references('project._id').onDelete('cascade'))
        .addColumn('number', 'integer', (c) => c.notNull())
        .addColumn('cutoff', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('created_by', 'text')
        .addColumn('created_by_name', 'text', (c) => c.notNull())
        .addColumn('approved_at', 'text')
        .addColumn('approved_by', 'text')
        .addColumn('approved_by_name', 'text')
        .addColumn('document', 'text', (c) => c.notNull())
        .addUniqueConstraint('estado_pago_project_number_uq', ['project_id', 'number'])
        .addUniqueConstraint('estado_pago_project_cutoff_uq', ['project_id', 'cutoff'])
        .execute();
    },
  };
}
