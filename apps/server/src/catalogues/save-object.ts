import { saveObjectContract } from '@cimiento/domain';
import { catalogueWords, saveCatalogueObject } from './catalogue-queries';
import { defineHandler } from '../core/define-handler';

/**
 * Creates (no `_id`) or updates a catalogue record with its children; open to every signed-in user
 * (the catalogues are kept by whoever plans). Each change is in the 'Registro de cambios' (issue 30).
 */
export const handleSaveObject = defineHandler(saveObjectContract, async (input, { db, caller }) => ({
  object: await saveCatalogueObject(db, input, caller),
  message: catalogueWords[input.collection].saved,
}));
