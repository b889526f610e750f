import { afterAll, beforeAll, describe, it } from 'vitest';
import { CatalogueApi, describeSimpleCatalogue } from '../support/catalogues';
import type { SignedInSession } from '../support/signed-in';
import { openAsFirstAdmin } from '../support/signed-in';

describe('Sistemas', () => {
  let session: SignedInSession;
  let api: CatalogueApi;
  const seed = [
    { code: 'AP', name: 'Agua potable', priority: 1 },
    { code: 'ALC', name: 'Alcantarillado', priority: 2 },
    { code: 'ELE', name: 'Electricidad', priority: 3 },
  ];

  beforeAll(async () => {
    session = await openAsFirstAdmin('sistemas');
    api = await CatalogueApi.forSession(session);
    for (const record of seed) await api.save('sistemas', record);
  });

  afterAll(async () => {
    await session?.close();
  });

  describeSimpleCatalogue(
    {
      collection: 'sistemas',
      path: '/admin/sistemas',
      title: 'Sistemas',
      modalTitle: 'Sistema',
      addLabel: 'Agregar sistema',
      removeText: 'Confirma que deseas eliminar este sistema',
      seed,
      added: { code: 'CLI', name: 'Climatización', priority: 4 },
      screenshotName: 'catalogues-sistemas',
    },
    { it, session: () => session, api: () => api },
  );
});
