import { describeProjectHoldings, purgeProjectContract } from '@cimiento/domain';
import { purgeProject } from './trash-queries';
import { defineHandler } from '../core/define-handler';
import { refuseUnlessAdmin } from './trash-admin';

/** Deletes a project of the 'Papelera' for good (issue 30); the change log keeps what it took. Administrators only. */
export const handlePurgeProject = defineHandler(purgeProjectContract, async ({ id }, { db, caller }) => {
  refuseUnlessAdmin(caller);
  const { name, code, holdings } = await purgeProject(db, id, caller);
  return {
    message: `Proyecto «${name}» (${code}) eliminado definitivamente, con ${describeProjectHoldings(holdings)}`,
  };
});
