import type { CatalogueSystem, Component, Edc } from '@cimiento/domain';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/**
 * The catalogues the EDC screen drags from (loadObjects): systems (the drop zones) and main
 * components, both sorted by priority by the server. They load when the screen opens; the global
 * spinner covers their first load.
 */
export function edcSystemsQueryOptions() {
  return queryOptions({
    queryKey: ['loadObjects', 'sistemas'] as const,
    queryFn: ({ signal }) => call('loadObjects', { collection: 'sistemas' }, { signal }),
    select: (result) => result.objects as CatalogueSystem[],
  });
}

export function edcComponentsQueryOptions() {
  return queryOptions({
    queryKey: ['loadObjects', 'componentes'] as const,
    queryFn: ({ signal }) => call('loadObjects', { collection: 'componentes' }, { signal }),
    select: (result) => result.objects as Component[],
  });
}

export type LoadEdcVariables = { projectId: string; id: number };

/**
 * Selecting a tree node (and 'Recargar'): loadEdc for that EDP item. `edc` is null when the item
 * has no EDC yet. The global spinner covers the page while it runs. The screen keeps the answer in
 * its own state (the local list it edits), so this is not a cached query.
 */
export function useLoadEdc() {
  return useMutation({
    mutationFn: ({ projectId, id }: LoadEdcVariables): Promise<{ edc: Edc | null; message: string }> =>
      call('loadEdc', { projectId, id }),
    meta: { showGlobalSpinner: true },
  });
}

/**
 * One EDP item's EDC as stored now, for comparing a kept draft with it (issue 12): read afresh
 * each time, and failures are the screen's to show.
 */
export function storedEdcQueryOptions(projectId: string, id: number) {
  return queryOptions({
    queryKey: ['loadEdc', projectId, id] as const,
    queryFn: ({ signal }) => call('loadEdc', { projectId, id }, { signal }),
    gcTime: 0,
    staleTime: 0,
    meta: { showErrorToast: false },
  });
}
