import type { EdpItem, LoadedEdp } from '@cimiento/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import type { FunctionOutput } from '@/lib/api-client';
import { notifyMessage } from '@/stores/notices-store';
import { edpUsageQueryKey } from './load-edp-usage';
import { projectQueryKey } from '@/lib/project-api/load-project';

export type SaveEdpVariables = { projectId: string; items: readonly EdpItem[]; version: number };

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
          items: items.map(({ id, parentId, code, name }) =>
            parentId === undefined ? { id, code, name } : { id, parentId, code, name },
          ),
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
