import type { Kysely } from 'kysely';

/**
 * EDC lists (issue 6): one `edc_list` row per EDP item that has an EDC, carrying the list's
 * version (the stale-save check, like `project.edp_version`), and its items as `edc_item` rows in
 * list order. `code_key` (the code lower-cased) is UNIQUE within the list. Both hang from
 * `edp_item` by ON DELETE CASCADE, so deleting an EDP item (saveEdp, updateItemEdp, removeProject)
 * takes its EDC with it (domain.md "Deleting an item deletes its subtree…, including the
 * subtree's EDC"). `source_id` is the catalogue record an item was generated from: a copy, never a
 * foreign key (the catalogue may change).
 */
export function edcMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('edc_list')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('edp_item_id', 'bigint', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('edc_list_pk', ['project_id', 'edp_item_id'])
        .addForeignKeyConstraint(
          'edc_list_edp_item_fk',
          ['project_id', 'edp_item_id'],
          'edp_item',
          ['project_id', 'id'],
          (c) => c.onDelete('cascade'),
        )
        .execute();

      await db.schema
        .createTable('edc_item')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('edp_item_id', 'bigint', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('code_key', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('parent_code', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('source_id', 'text')
        .addPrimaryKeyConstraint('edc_item_pk', ['project_id', 'edp_item_id', 'position'])
        .addUniqueConstraint('edc_item_code_key_unique', ['project_id', 'edp_item_id', 'code_key'])
        .addForeignKeyConstraint(
          'edc_item_edc_list_fk',
          ['project_id', 'edp_item_id'],
          'edc_list',
          ['project_id', 'edp_item_id'],
          (c) => c.onDelete('cascade'),
        )
        .execute();
    },
  };
}
