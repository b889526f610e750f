import { formatNumber, saveEdpContract } from '@cimiento/domain';
import { defineHandler } from '../core/define-handler';
import type { LoadedEdp } from '@cimiento/domain';
import type { Kysely } from 'kysely';
import type { ChangeAuthor } from '../collab/history-queries';
import type { Database } from '../db/schema';
import type { ItemInput } from './edp-queries';
import { toItem, refuseInvalid, claimNextVersion, recordEdpChange, writeDifference, answerEdp } from './edp-queries';

/** saveEdp: replaces the whole EDP after checking it (issue 5's rules); refused saves write nothing. */
export async function saveEdp(
  db: Kysely<Database>,
  projectId: string,
  edp: { items: readonly ItemInput[]; version: number },
  author: ChangeAuthor,
): Promise<LoadedEdp> {
  const items = edp.items.map(toItem);
  refuseInvalid(items);
  return db.transaction().execute(async (trx) => {
    const version = await claimNextVersion(trx, projectId, edp.version);
    await recordEdpChange(trx, projectId, author, await writeDifference(trx, projectId, items));
    return answerEdp(trx, projectId, version);
  });
}

/** Replaces a project's whole EDP, based on the version the editor loaded (stale → ABORTED). */
export const handleSaveEdp = defineHandler(saveEdpContract, async ({ id, edp }, { db, caller }) => {
  const saved = await saveEdp(db, id, edp, { caller, functionName: 'saveEdp' });
  const count = saved.items.length;
  return {
    edp: saved,
    message: `EDP grabado: ${formatNumber(count)} ${count === 1 ? 'ítem' : 'ítems'}`,
  };
});
