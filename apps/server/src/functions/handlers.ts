import type { RegisteredHandler } from './define-handler';
import { handleLoadObjects } from './handlers/load-objects';
import { handleLoadProfile } from './handlers/load-profile';
import { handleLoadUsers } from './handlers/load-users';
import { handleRemoveObject } from './handlers/remove-object';
import { handleSaveObject } from './handlers/save-object';
import { handleSaveProfile } from './handlers/save-profile';
import { handleSaveUser } from './handlers/save-user';
import { handleSeedCatalogues } from './handlers/seed-catalogues';
import { handleUploadFile } from './handlers/upload-file';

/** One handler per contract in @cimiento/domain's functionContracts; handlers.test.ts checks none is missing. */
export const functionHandlers: RegisteredHandler[] = [
  handleLoadProfile,
  handleSaveProfile,
  handleUploadFile,
  handleLoadUsers,
  handleSaveUser,
  handleSaveObject,
  handleRemoveObject,
  handleLoadObjects,
  handleSeedCatalogues,
];
