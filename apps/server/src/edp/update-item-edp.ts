import { formatNumber, updateItemEdpContract } from '@cimiento/domain';
import { updateEdpItem } from './edp-queries';
import { defineHandler } from '../core/define-handler';

/** One EDP item added, changed or deleted (with its subtree), based on the version the editor loaded. */
export const handleUpdateItemEdp = defineHandler(
  updateItemEdpContract,
  async ({ id, item, action, version }, { db, caller }) => {
    const { edp, affected } = await updateEdpItem(
      db,
      id,
      { item, action, version },
      { caller, functionName: 'updateItemEdp' },
    );
    const code = affected[0]?.code ?? '';
    let message: string;
    if (action === 'add') message = `Ítem ${code} agregado`;
    else if (action === 'update') message = `Ítem ${code} actualizado`;
    else if (affected.length > 1) {
      const below = affected.length - 1;
      message = `Ítem ${code} eliminado junto con ${formatNumber(below)} ${below === 1 ? 'ítem' : 'ítems'} bajo él`;
    } else message = `Ítem ${code} eliminado`;
    return { edp, message };
  },
);
