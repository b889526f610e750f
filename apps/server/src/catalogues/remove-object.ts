import { removeObjectContract } from '@cimiento/domain';
import { removeCatalogueObject } from './catalogue-queries';
import { defineHandler } from '../core/define-handler';

/**
 * Deletes a catalogue record by `_id`; saved projects keep their copies. Open to every signed-in
 * user; the deleted record, as it was, is in the 'Registro de cambios' (issue 30).
 */
export const handleRemoveObject = defineHandler(removeObjectContract, async (input, { db, caller }) => ({
  message: await removeCatalogueObject(db, input.collection, input.id, caller),
}));
