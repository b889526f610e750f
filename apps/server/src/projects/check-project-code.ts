import { checkProjectCodeContract } from '@cimiento/domain';
import { checkProjectCode } from './project-queries';
import { defineHandler } from '../core/define-handler';

/** Whether a project code is free (case-insensitive), for the wizard's step 1; saveProject still decides. */
export const handleCheckProjectCode = defineHandler(checkProjectCodeContract, async ({ code, exceptId }, { db }) =>
  checkProjectCode(db, code, exceptId),
);
