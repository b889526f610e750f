import { formatNumber, saveEdpContract } from '@cimiento/domain';
import { saveEdp } from './edp-queries';
import { defineHandler } from '../core/define-handler';

/** Replaces a project's whole EDP, based on the version the editor loaded (stale → ABORTED). */
export const handleSaveEdp = defineHandler(saveEdpContract, async ({ id, edp }, { db, caller }) => {
  const saved = await saveEdp(db, id, edp, { caller, functionName: 'saveEdp' });
  const count = saved.items.length;
  return {
    edp: saved,
    message: `EDP grabado: ${formatNumber(count)} ${count === 1 ? 'ítem' : 'ítems'}`,
  };
});
