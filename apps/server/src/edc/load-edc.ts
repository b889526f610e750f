import { loadEdcContract } from '@cimiento/domain';
import { loadEdc } from './edc-queries';
import { defineHandler } from '../core/define-handler';

/** One EDP item's EDC with its version; `edc: null` when it has none yet; unknown project or item → NOT_FOUND. */
export const handleLoadEdc = defineHandler(loadEdcContract, async ({ projectId, id }, { db }) => {
  const { edpItem, edc } = await loadEdc(db, projectId, id);
  return { edc, message: edc ? 'EDC cargado' : `El ítem ${edpItem.code} aún no tiene EDC` };
});
