import { formatCount, loadProjectHistoryContract } from '@cimiento/domain';
import { loadProjectHistory } from './history-queries';
import { defineHandler } from '../core/define-handler';

/** 'Historial' (issue 19): the project's saves, newest first, a page at a time; unknown project → NOT_FOUND. */
export const handleLoadProjectHistory = defineHandler(
  loadProjectHistoryContract,
  async ({ id, offset, limit }, { db, caller }) => {
    const history = await loadProjectHistory(db, id, caller.userId, { offset, limit });
    return {
      ...history,
      message:
        history.total === 0
          ? 'El proyecto aún no tiene cambios registrados'
          : `Historial: ${formatCount(history.total, 'cambio', 'cambios')}`,
    };
  },
);
