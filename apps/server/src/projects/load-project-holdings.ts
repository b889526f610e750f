import { loadProjectHoldingsContract } from '@cimiento/domain';
import { loadProjectHoldings } from './trash-queries';
import { defineHandler } from '../core/define-handler';

/** What a project holds (counts and money), for 'Eliminar proyecto''s confirmation (issue 30); in the trash → NOT_FOUND. */
export const handleLoadProjectHoldings = defineHandler(loadProjectHoldingsContract, async ({ id }, { db }) => ({
  holdings: await loadProjectHoldings(db, id),
  message: 'Contenido del proyecto cargado',
}));
