import { TRASH_RETENTION_DAYS, formatDate, removeProjectContract } from '@cimiento/domain';
import { trashProject } from './trash-queries';
import { defineHandler } from '../core/define-handler';

/**
 * 'Eliminar proyecto' (issue 30): moves the project to the 'Papelera' (projects/trash-queries.ts),
 * where an administrator can restore it for TRASH_RETENTION_DAYS days; unknown or already in the
 * trash → NOT_FOUND. Open to every signed-in user, as before: nothing is lost by it.
 */
export const handleRemoveProject = defineHandler(removeProjectContract, async ({ id }, { db, caller }) => {
  const { name, purgeAt } = await trashProject(db, id, { caller, functionName: 'removeProject' });
  return {
    message: `Proyecto «${name}» enviado a la Papelera. Un administrador puede restaurarlo dentro de ${TRASH_RETENTION_DAYS} días (hasta el ${formatDate(purgeAt)})`,
  };
});
