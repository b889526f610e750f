import { restoreProjectContract } from '@cimiento/domain';
import { restoreProject } from './trash-queries';
import { defineHandler } from '../core/define-handler';
import { refuseUnlessAdmin } from './trash-admin';

/** Brings a project back from the 'Papelera' with everything it held (issue 30); administrators only. */
export const handleRestoreProject = defineHandler(restoreProjectContract, async ({ id }, { db, caller }) => {
  refuseUnlessAdmin(caller);
  const { name, code } = await restoreProject(db, id, { caller, functionName: 'restoreProject' });
  return { message: `Proyecto «${name}» (${code}) restaurado: vuelve a estar en la lista de proyectos` };
});
