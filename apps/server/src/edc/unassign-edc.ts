import { unassignEdcContract } from '@cimiento/domain';
import { unassignEdc } from './edc-bulk-queries';
import { defineHandler } from '../core/define-handler';
import { bulkEdcMessage } from './bulk-edc-message';

/** 'Quitar de los seleccionados': removes a main component (and its Gantt tasks) from many EDP items at once. */
export const handleUnassignEdc = defineHandler(unassignEdcContract, async ({ id, ...input }, { db, caller }) => {
  const { items, skipped } = await unassignEdc(db, id, input, { caller, functionName: 'unassignEdc' });
  return { items, skipped, message: bulkEdcMessage('Componente quitado de', items.length, skipped.length, 'omitido') };
});
