import { assignEdcContract } from '@cimiento/domain';
import { assignEdc } from './edc-bulk-queries';
import { defineHandler } from '../core/define-handler';
import { bulkEdcMessage } from './bulk-edc-message';

/** Drops a main component on a system for many EDP items at once (atomic; items that have it are skipped). */
export const handleAssignEdc = defineHandler(assignEdcContract, async ({ id, ...input }, { db, caller }) => {
  const { items, skipped } = await assignEdc(db, id, input, { caller, functionName: 'assignEdc' });
  return { items, skipped, message: bulkEdcMessage('Componente asignado a', items.length, skipped.length, 'omitido') };
});
