import { edcChange } from '@cimiento/domain/history';
import {
  EDC_STALE_MESSAGE,
  canonicalDecimal,
  deletedSourceMatcher,
  droppedEdcCodes,
  formatNumber,
  saveEdcContract,
  validateEdcList,
  validateEdcStructure,
} from '@cimiento/domain';
import { defineHandler } from '../core/define-handler';
import type { Edc, EdcItem, EdcItemInput } from '@cimiento/domain';
import type { Kysely, Transaction } from 'kysely';
import { chunks, isForeignKeyViolation } from '../db/db-helpers';
import { recordChange } from '../collab/history-queries';
import type { ChangeAuthor } from '../collab/history-queries';
import type { Database } from '../db/schema';
import { HttpsError } from '../core/https-error';
import { lockGantt, purgeGanttSources } from '../edp/gantt-purge';
import {
  canonicalQuantities,
  withActivityUnits,
  findEdpItem,
  toEdcItem,
  edcItemRow,
  itemNotFound,
} from './edc-queries';

/** The list's rules (validateEdcList) and then its generated structure (validateEdcStructure). */
function refuseInvalid(items: readonly EdcItem[], edpItemCode: string): void {
  const listErrors = validateEdcList(items, edpItemCode, 5);
  const errors = listErrors.length > 0 ? listErrors : validateEdcStructure(items, edpItemCode, 5);
  if (errors.length > 0) throw new HttpsError('INVALID_ARGUMENT', errors.join('; '));
}

/** Moves the list's version on (0 creates the list), or says why it cannot: item gone (NOT_FOUND) or stale (ABORTED). */
async function claimNextVersion(
  trx: Transaction<Database>,
  projectId: string,
  edpItemId: number,
  basedOn: number,
): Promise<number> {
  const now = new Date().toISOString();
  let claimed: boolean;
  if (basedOn === 0) {
    // "no EDC yet": whoever creates the row first wins; the other finds it there (DO NOTHING)
    const result = await trx
      .insertInto('edc_list')
      .values({ project_id: projectId, edp_item_id: edpItemId, version: 1, updated_at: now })
      .onConflict((conflict) => conflict.columns(['project_id', 'edp_item_id']).doNothing())
      .executeTakeFirst();
    claimed = Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  } else {
    const result = await trx
      .updateTable('edc_list')
      .set({ version: basedOn + 1, updated_at: now })
      .where('project_id', '=', projectId)
      .where('edp_item_id', '=', edpItemId)
      .where('version', '=', basedOn)
      .executeTakeFirst();
    claimed = Number(result.numUpdatedRows) === 1;
  }
  if (claimed) return basedOn + 1;
  // the EDP item (and with it the list) may have been deleted since it was read
  await findEdpItem(trx, projectId, edpItemId);
  throw new HttpsError('ABORTED', EDC_STALE_MESSAGE);
}

/**
 * saveEdc: replaces the EDP item's EDC list, based on the version the screen loaded. The EDP item
 * and the list are checked before the first write, so a refused save writes nothing.
 */
export async function saveEdc(
  db: Kysely<Database>,
  projectId: string,
  edc: { id: number; componentesEdc: readonly EdcItemInput[]; version: number },
  author: ChangeAuthor,
): Promise<Edc> {
  const typed = edc.componentesEdc.map(toEdcItem);
  try {
    return await db.transaction().execute(async (trx) => {
      const edpItem = await findEdpItem(trx, projectId, edc.id);
      refuseInvalid(typed, edpItem.code);
      const items = canonicalQuantities(typed);
      // the rows the save replaces are those of the version it is based on whenever its claim
      // succeeds (a concurrent save moves the version on), so they can be read before it
      const before = (
        await trx
          .selectFrom('edc_item')
          .select(['code', 'name', 'quantity'])
          .where('project_id', '=', projectId)
          .where('edp_item_id', '=', edc.id)
          .execute()
      ).map((row) => ({ ...row, quantity: row.quantity === null ? null : canonicalDecimal(row.quantity) }));
      const dropped = droppedEdcCodes(
        before.map((row) => row.code),
        items.map((item) => item.code),
      );
      if (dropped.length > 0) await lockGantt(trx, projectId);
      const version = await claimNextVersion(trx, projectId, edc.id, edc.version);
      await trx.deleteFrom('edc_item').where('project_id', '=', projectId).where('edp_item_id', '=', edc.id).execute();
      // the Gantt tasks of removed items go now, before a new item with the same code can take them
      if (dropped.length > 0) {
        const edcItems = dropped.map((code) => ({ edpItemId: edc.id, code }));
        await purgeGanttSources(trx, projectId, deletedSourceMatcher({ edcItems }));
      }
      const rows = items.map((item, position) => edcItemRow(projectId, edc.id, position, item));
      for (const part of chunks(rows)) {
        await trx.insertInto('edc_item').values(part).execute();
      }
      const change = edcChange([{ edpItem, before, after: items }]);
      await recordChange(trx, projectId, author, 'edc', change);
      return {
        ...edpItem,
        componentesEdc: await withActivityUnits(
          trx,
          items.map((item) => ({ ...item })),
        ),
        version,
      };
    });
  } catch (error) {
    // the EDP item deleted between reading it and creating its list
    if (isForeignKeyViolation(error)) throw itemNotFound(edc.id);
    throw error;
  }
}

/** Replaces one EDP item's EDC list, based on the version the screen loaded (stale → ABORTED). */
export const handleSaveEdc = defineHandler(saveEdcContract, async ({ id, edc }, { db, caller }) => {
  const saved = await saveEdc(db, id, edc, { caller, functionName: 'saveEdc' });
  const count = saved.componentesEdc.length;
  return { edc: saved, message: `EDC grabado: ${formatNumber(count)} ${count === 1 ? 'ítem' : 'ítems'}` };
});
