import { sortByPriority } from '@cimiento/domain';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/**
 * The catalogue code and name beside each generated EDC item (issue 12: "the EDC grid shows each
 * generated row's catalogue code and name beside the spec's generated code"). `edc_item` gets two
 * nullable columns, copies like `source_id`: null for an item typed by hand.
 *
 * Rows saved before this migration are filled with what can be known from today's catalogue:
 * - a main item from the component its `source_id` names, an activity from the activity its
 *   `source_id` names (the record's current code and name; nothing when the record is gone);
 * - a subcomponent (generated without a `source_id`) from its main item's component: the one
 *   subcomponent with the item's name, or, when several share that name, the one at the item's
 *   running number k (`{main}.k` counts the subcomponents in priority order). A renamed item, a
 *   component that no longer has such a subcomponent, or an item typed by hand stays blank.
 */

type SubcomponentRow = { component_id: string; code: string; name: string; priority: number };

/** The tables this migration reads and writes, as they are at its time (not today's schema.ts). */
type MigrationSchema = {
  edc_item: {
    project_id: string;
    edp_item_id: number | string;
    position: number | string;
    code: string;
    name: string;
    parent_code: string;
    kind: string;
    source_id: string | null;
    source_code: string | null;
    source_name: string | null;
  };
  catalogue_subcomponent: { component_id: string; code: string; name: string; priority: number | string };
};

/** The running number k of `{main}.k`, or null when the code is not that shape. */
function runningNumber(code: string, mainCode: string): number | null {
  const prefix = `${mainCode.trim().toLowerCase()}.`;
  const key = code.trim().toLowerCase();
  if (!key.startsWith(prefix)) return null;
  const rest = key.slice(prefix.length);
  return /^\d+$/.test(rest) ? Number(rest) : null;
}

export function edcSourceMigration() {
  return {
    async up(unknownDb: Kysely<unknown>): Promise<void> {
      const db = unknownDb as Kysely<MigrationSchema>;
      // one column per ALTER: SQLite adds one at a time
      await db.schema.alterTable('edc_item').addColumn('source_code', 'text').execute();
      await db.schema.alterTable('edc_item').addColumn('source_name', 'text').execute();

      for (const [kind, table] of [
        ['main', 'catalogue_component'],
        ['activity', 'catalogue_activity'],
      ] as const) {
        await sql`
          update edc_item
          set source_code = (select c.code from ${sql.table(table)} c where c._id = edc_item.source_id),
              source_name = (select c.name from ${sql.table(table)} c where c._id = edc_item.source_id)
          where kind = ${kind} and source_id is not null
        `.execute(db);
      }

      const mains = await db
        .selectFrom('edc_item')
        .select(['project_id', 'edp_item_id', 'code', 'source_id'])
        .where('kind', '=', 'main')
        .where('source_id', 'is not', null)
        .$narrowType<{ source_id: string }>()
        .execute();
      if (mains.length === 0) return;
      const listKey = (projectId: string, edpItemId: number | string, code: string) =>
        `${projectId}\u0000${String(edpItemId)}\u0000${code.trim().toLowerCase()}`;
      const mainByKey = new Map(mains.map((main) => [listKey(main.project_id, main.edp_item_id, main.code), main]));

      const catalogue = await db
        .selectFrom('catalogue_subcomponent')
        .select(['component_id', 'code', 'name', 'priority'])
        .execute();
      const byComponent = new Map<string, SubcomponentRow[]>();
      for (const row of catalogue) {
        const entry = { ...row, priority: Number(row.priority) };
        const list = byComponent.get(row.component_id);
        if (list) list.push(entry);
        else byComponent.set(row.component_id, [entry]);
      }
      // in the order generateEdc numbered them (the domain's priority order)
      const subcomponentsOf = new Map([...byComponent].map(([id, list]) => [id, sortByPriority(list)]));

      const subs = await db
        .selectFrom('edc_item')
        .select(['project_id', 'edp_item_id', 'position', 'code', 'name', 'parent_code'])
        .where('kind', '=', 'sub')
        .execute();
      for (const sub of subs) {
        const main = mainByKey.get(listKey(sub.project_id, sub.edp_item_id, sub.parent_code));
        const ordered = main ? subcomponentsOf.get(main.source_id) : undefined;
        if (!main || !ordered) continue;
        const sameName = ordered.filter((candidate) => candidate.name.trim() === sub.name.trim());
        const k = runningNumber(sub.code, main.code);
        const atK = k === null ? undefined : ordered[k - 1];
        const source = sameName.length === 1 ? sameName[0] : sameName.find((candidate) => candidate === atK);
        if (!source) continue;
        await db
          .updateTable('edc_item')
          .set({ source_code: source.code, source_name: source.name })
          .where('project_id', '=', sub.project_id)
          .where('edp_item_id', '=', sub.edp_item_id)
          .where('position', '=', sub.position)
          .execute();
      }
    },
  };
}
