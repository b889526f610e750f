import { formatNumber, saveEdcContract } from '@cimiento/domain';
import { saveEdc } from './edc-queries';
import { defineHandler } from '../core/define-handler';

/** Replaces one EDP item's EDC list, based on the version the screen loaded (stale → ABORTED). */
export const handleSaveEdc = defineHandler(saveEdcContract, async ({ id, edc }, { db, caller }) => {
  const saved = await saveEdc(db, id, edc, { caller, functionName: 'saveEdc' });
  const count = saved.componentesEdc.length;
  return { edc: saved, message: `EDC grabado: ${formatNumber(count)} ${count === 1 ? 'ítem' : 'ítems'}` };
});
