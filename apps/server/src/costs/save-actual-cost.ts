import { saveActualCostContract } from '@cimiento/domain';
import { saveActualCost } from './s-curve-queries';
import { defineHandler } from '../core/define-handler';

/** 'Costo real' at a recorded cut-off (issue 16): the AC the S-curve's CPI divides by; null clears it. */
export const handleSaveActualCost = defineHandler(
  saveActualCostContract,
  async ({ id, cutoff, amount }, { db, caller }) =>
    saveActualCost(db, id, cutoff, amount, { caller, functionName: 'saveActualCost' }),
);
