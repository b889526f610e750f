import { copyEdcContract } from '@cimiento/domain';
import { copyEdc } from './edc-bulk-queries';
import { defineHandler } from '../core/define-handler';
import { bulkEdcMessage } from './bulk-edc-message';

/** Copies one EDP item's whole EDC to many items, with codes made for each (atomic; components a target has are skipped). */
export const handleCopyEdc = defineHandler(copyEdcContract, async ({ id, ...input }, { db, caller }) => {
  const { items, skipped } = await copyEdc(db, id, input, { caller, functionName: 'copyEdc' });
  return {
    items,
    skipped,
    message: bulkEdcMessage('EDC copiado a', items.length, skipped.length, 'componente omitido'),
  };
});
