import { afterAll, beforeAll, describe, it } from 'vitest';
import { CatalogueApi, describeSimpleCatalogue } from '../support/catalogues';
import type { SignedInSession } from '../support/signed-in';
import { openAsFirstAdmin } from '../support/signed-in';

describe('Actividades', () => {
  let session: SignedInSession;
  let api: CatalogueApi;
  const seed = [
    { code: 'ACT-01', name: 'Excavación', priority: 1 },
    { code: 'ACT-02', name: 'Hormigonado', priority: 2 },
    { code: 'ACT-03', name: 'Pintura', priority: 3 },
  ];

  beforeAll(async () => {
    session = await openAsFirstAdmin('actividades');
    api = await CatalogueApi.forSession(session);
    for (const record of seed) await api.save('actividades', record);
  });

  afterAll(async () => {
    await session?.close();
  });

  describeSimpleCatalogue(
    {
      collection: 'actividades',
      path: '/admin/actividades',
      title: 'Actividades',
      modalTitle: 'Tipo de área',
      addLabel: 'Agregar actividad',
      removeText: 'Confirma que deseas eliminar esta actividad',
      seed,
      added: { code: 'ACT-04', name: 'Instalación de faenas', priority: 4 },
      screenshotName: 'catalogues-actividades',
    },
    { it, session: () => session, api: () => api },
  );
});
