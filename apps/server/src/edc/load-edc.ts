import { loadEdcContract } from '@cimiento/domain';
import { defineHandler } from '../core/define-handler';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { LoadedEdc } from './edc-queries';
import { findEdpItem, EDC_ITEM_COLUMNS, edcItemOfRow, withActivityUnits } from './edc-queries';

/**
 * loadEdc: the EDP item and its saved EDC (null when it has none yet). Read in one repeatable-read
 * transaction so the items and the version belong together; SQLite's single connection gives the
 * same guarantee.
 */
export async function loadEdc(db: Kysely<Database>, projectId: string, id: number): Promise<LoadedEdc> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const edpItem = await findEdpItem(trx, projectId, id);
      const list = await trx
        .selectFrom('edc_list')
        .select('version')
        .where('project_id', '=', projectId)
        .where('edp_item_id', '=', id)
        .executeTakeFirst();
      if (!list) return { edpItem, edc: null };
      const rows = await trx
        .selectFrom('edc_item')
        .select(EDC_ITEM_COLUMNS)
        .where('project_id', '=', projectId)
        .where('edp_item_id', '=', id)
        .orderBy('position')
        .execute();
      const componentesEdc = await withActivityUnits(
        trx,
        rows.map((row) => edcItemOfRow(row, edpItem.code)),
      );
      return { edpItem, edc: { ...edpItem, componentesEdc, version: Number(list.version) } };
    });
}

/** One EDP item's EDC with its version; `edc: null` when it has none yet; unknown project or item → NOT_FOUND. */
export const handleLoadEdc = defineHandler(loadEdcContract, async ({ projectId, id }, { db }) => {
  const { edpItem, edc } = await loadEdc(db, projectId, id);
  return { edc, message: edc ? 'EDC cargado' : `El ítem ${edpItem.code} aún no tiene EDC` };
});
