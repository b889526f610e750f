import { starterCatalogue, seedCataloguesContract } from '@cimiento/domain';
import { describeSeedResult, seedStarterCatalogue } from './seed-starter-catalogue';
import { defineHandler } from '../core/define-handler';
import { HttpsError } from '../core/https-error';

/** Adds the starter catalogue's records whose code is not there yet; administrators only. In the 'Registro de cambios'. */
export const handleSeedCatalogues = defineHandler(seedCataloguesContract, async (_input, { db, caller }) => {
  if (!caller.isAdmin) {
    throw new HttpsError('PERMISSION_DENIED', 'Solo un administrador puede cargar los catálogos de ejemplo');
  }
  const added = await seedStarterCatalogue(db, starterCatalogue, caller);
  return { added, message: describeSeedResult(added) };
});
