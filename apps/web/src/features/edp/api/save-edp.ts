import type { LoadedEdp, PricedEdpItem } from '@cimiento/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import type { FunctionOutput } from '@/lib/api-client';
import { notifyMessage } from '@/lib/stores/notices-store';
import { edpUsageQueryKey } from './load-edp-usage';
import { projectQueryKey } from '@/lib/project-api/load-project';

export type SaveEdpVariables = { projectId: string; items: readonly PricedEdpItem[]; version: number };

/**
 * An item as saveEdp takes it. Issue 16: the editor holds each item's whole price, so every field
 * goes, null when not set (the server keeps a field only when it is absent).
 */
export function edpSaveItem({ id, parentId, code, name, unit, quantity, unitPrice }: PricedEdpItem) {
  const prices = { unit: unit ?? null, quantity: quantity ?? null, unitPrice: unitPrice ?? null };
  return parentId === undefined ? { id, code, name, ...prices } : { id, parentId, code, name, ...prices };
}

type LoadProjectResult = FunctionOutput<'loadProject'>;

/** Keeps the cached project in step with the EDP the server now holds (its items and version). */
export function rememberEdp(queryClient: ReturnType<typeof useQueryClient>, projectId: string, edp: LoadedEdp): void {
  queryClient.setQueryData<LoadProjectResult>(projectQueryKey(projectId), (old) =>
    old ? { ...old, project: { ...old.project, edp, edpItemCount: edp.items.length } } : old,
  );
}

/**
 * 'Grabar EDP' (saveEdp): the whole list with the version it was based on. The global spinner
 * covers the page while it runs; success shows the server's message. A stale version answers
 * ABORTED: the error toast shows its message and the caller keeps the local edits.
 */
export function useSaveEdp(options: { onSuccess?: (edp: LoadedEdp) => void } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess } = options;
  return useMutation({
    mutationFn: ({ projectId, items, version }: SaveEdpVariables) =>
      call('saveEdp', {
        id: projectId,
        edp: {
          items: items.map(edpSaveItem),
          version,
        },
      }),
    meta: { showGlobalSpinner: true },
    onSuccess: (result, { projectId }) => {
      notifyMessage(result.message);
      rememberEdp(queryClient, projectId, result.edp);
      // a save deletes items (and their EDC and Gantt tasks): what the rest carry is asked again
      void queryClient.invalidateQueries({ queryKey: edpUsageQueryKey(projectId) });
      onSuccess?.(result.edp);
    },
  });
}

/** 'Recargar' after a stale save: the server's EDP now, replacing the cached project too. */
export function useReloadEdp(options: { onSuccess?: (edp: LoadedEdp) => void } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess } = options;
  return useMutation({
    mutationFn: (projectId: string) => call('loadProject', { id: projectId }),
    meta: { showGlobalSpinner: true },
    onSuccess: (result, projectId) => {
      queryClient.setQueryData<LoadProjectResult>(projectQueryKey(projectId), result);
      void queryClient.invalidateQueries({ queryKey: edpUsageQueryKey(projectId) });
      onSuccess?.(result.project.edp);
    },
  });
}
