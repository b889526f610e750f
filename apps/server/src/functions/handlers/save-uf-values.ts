import { saveUfValuesContract } from '@cimiento/domain';
import { saveUfValues, ufCount } from '../../projects/uf-store';
import { defineHandler } from '../define-handler';

/**
 * saveUfValues (issue 16, 'Valores UF'): upserts the values by date and deletes `remove`, in one
 * transaction; the same date twice (or saved and removed at once) is refused and nothing changes.
 * The UF is the country's: any signed-in user keeps the table.
 */
export const handleSaveUfValues = defineHandler(saveUfValuesContract, async ({ values, remove }, { db, caller }) => {
  const { saved, removed } = await saveUfValues(db, { values, remove }, caller.userId);
  const parts = [
    ...(saved > 0 || removed === 0 ? [`${ufCount(saved)} ${saved === 1 ? 'grabado' : 'grabados'}`] : []),
    ...(removed > 0 ? [`${ufCount(removed)} ${removed === 1 ? 'eliminado' : 'eliminados'}`] : []),
  ];
  return { saved, removed, message: `${parts.join(', ')}` };
});
