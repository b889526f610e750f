import { emptyTrashContract, formatCount } from '@cimiento/domain';
import { emptyTrash } from './trash-queries';
import { defineHandler } from '../core/define-handler';
import { refuseUnlessAdmin } from './trash-admin';

/** 'Vaciar papelera' (issue 30): purgeProject of every project in the trash, each logged; administrators only. */
export const handleEmptyTrash = defineHandler(emptyTrashContract, async (_input, { db, caller }) => {
  refuseUnlessAdmin(caller);
  const purged = await emptyTrash(db, caller);
  return {
    purged,
    message:
      purged === 0
        ? 'La Papelera ya estaba vacía'
        : `Papelera vaciada: ${formatCount(purged, 'proyecto eliminado', 'proyectos eliminados')} definitivamente`,
  };
});
