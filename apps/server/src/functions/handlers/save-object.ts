import { saveObjectContract } from '@cimiento/domain';
import { catalogueWords, saveCatalogueObject } from '../../catalogues/catalogue-store';
import { defineHandler } from '../define-handler';

/** Creates (no `_id`) or updates a catalogue record with its children; open to every signed-in user. */
export const handleSaveObject = defineHandler(saveObjectContract, async (input, { db }) => ({
  object: await saveCatalogueObject(db, input),
  message: catalogueWords[input.collection].saved,
}));
