import { saveUfValuesContract } from '@cimiento/domain';
import { UF_ADMIN_ONLY_MESSAGE, saveUfValues, ufCount } from './uf-queries';
import { defineHandler } from '../core/define-handler';
import { HttpsError } from '../core/https-error';

/**
 * saveUfValues (issue 16, 'Valores UF'): upserts the values by date and deletes `remove`, in one
 * transaction; the same date twice (or saved and removed at once) is refused and nothing changes.
 * The UF is the country's and every UF project's estados de pago depend on it: only administrators
 * change it (issue 30; loadUfValues stays open to every signed-in user), and each change is an entry
 * of the 'Registro de cambios'.
 */
export const handleSaveUfValues = defineHandler(
  saveUfValuesContract,
  async ({ values, remove }, { db, dialect, caller }) => {
    if (!caller.isAdmin) throw new HttpsError('PERMISSION_DENIED', UF_ADMIN_ONLY_MESSAGE);
    const { saved, removed } = await saveUfValues(db, { values, remove }, { caller, dialect });
    const parts = [
      ...(saved > 0 || removed === 0 ? [`${ufCount(saved)} ${saved === 1 ? 'grabado' : 'grabados'}`] : []),
      ...(removed > 0 ? [`${ufCount(removed)} ${removed === 1 ? 'eliminado' : 'eliminados'}`] : []),
    ];
    return { saved, removed, message: `${parts.join(', ')}` };
  },
);
