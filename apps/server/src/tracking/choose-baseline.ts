import { chooseBaselineContract } from '@cimiento/domain';
import { chooseBaseline } from './baseline-queries';
import { defineHandler } from '../core/define-handler';

/** Which baseline the Gantt shows and compares (null: none), with its dates per task; the Gantt's version stays. */
export const handleChooseBaseline = defineHandler(chooseBaselineContract, async ({ id, baselineId }, { db, caller }) =>
  chooseBaseline(db, id, baselineId, { caller, functionName: 'chooseBaseline' }),
);
