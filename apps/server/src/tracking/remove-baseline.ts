import { removeBaselineContract } from '@cimiento/domain';
import { removeBaseline } from './baseline-queries';
import { defineHandler } from '../core/define-handler';

/** Deletes one baseline; when it was the chosen one, the newest remaining is chosen (or none). */
export const handleRemoveBaseline = defineHandler(removeBaselineContract, async ({ id, baselineId }, { db, caller }) =>
  removeBaseline(db, id, baselineId, { caller, functionName: 'removeBaseline' }),
);
