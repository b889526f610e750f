import type { Activity, AreaType, CatalogueCollection, CatalogueSystem, Component } from '@cimiento/domain';
import type { CatalogueResource, Trade } from '@cimiento/domain/resources';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** What each collection's loadObjects returns, record by record. */
export type CatalogueRecordByCollection = {
  'tipos-area': AreaType;
  actividades: Activity;
  sistemas: CatalogueSystem;
  componentes: Component;
  oficios: Trade;
  recursos: CatalogueResource;
};

export function catalogueQueryKey(collection: CatalogueCollection) {
  return ['loadObjects', collection] as const;
}

/** One catalogue's list, sorted by priority by the server (the screen announces the first load). */
export function catalogueQueryOptions<C extends CatalogueCollection>(collection: C) {
  return queryOptions({
    queryKey: catalogueQueryKey(collection),
    queryFn: ({ signal }) => call('loadObjects', { collection }, { signal }),
    select: (result) => result.objects as CatalogueRecordByCollection[C][],
  });
}

export function useCatalogue<C extends CatalogueCollection>(collection: C) {
  return useQuery(catalogueQueryOptions(collection));
}
