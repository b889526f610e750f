import { formatCount, loadChangeLogContract } from '@cimiento/domain';
import { loadChangeLog } from './change-log-queries';
import { defineHandler } from '../core/define-handler';

/**
 * loadChangeLog (issue 30): the 'Registro de cambios', newest first, a page at a time, of one area or
 * all. Every signed-in user may read it (the route has already refused anyone else): the catalogues
 * are kept by whoever plans, not only by administrators, and every user sees every project already,
 * so the log shows nobody anything they could not see; it only says who changed what.
 */
export const handleLoadChangeLog = defineHandler(loadChangeLogContract, async (input, { db }) => {
  const page = await loadChangeLog(db, { area: input?.area, before: input?.before, limit: input?.limit });
  const message =
    page.entries.length === 0 && input?.before === undefined
      ? 'Aún no hay cambios registrados'
      : `${formatCount(page.entries.length, 'cambio cargado', 'cambios cargados')}`;
  return { ...page, message };
});
