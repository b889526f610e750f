import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { projectsQueryKey } from '@/lib/projects-query';
import { notifyMessage } from '@/lib/stores/notices-store';

/** The trash's query key: every move in it reloads it. */
export const TRASH_KEY = ['loadTrash'] as const;

/** loadTrash (administrators only): the projects in the 'Papelera', the most recently deleted first. */
export function trashQueryOptions() {
  return queryOptions({
    queryKey: TRASH_KEY,
    queryFn: ({ signal }) => call('loadTrash', null, { signal }),
    staleTime: 0,
    meta: { showErrorToast: false },
  });
}

/** The trash, asked for only by an administrator (anyone else is refused, and is shown why instead). */
export function useTrash(isAdmin: boolean) {
  return useQuery({ ...trashQueryOptions(), enabled: isAdmin, refetchOnMount: 'always' });
}

/** After a move: the trash, the project list (a restored project is back) and the dashboard are read again. */
async function reloadAfterMove(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: TRASH_KEY }),
    queryClient.invalidateQueries({ queryKey: projectsQueryKey }),
    queryClient.invalidateQueries({ queryKey: ['loadDashboard'] }),
  ]);
}

/** restoreProject: the project comes back to the project list with its history. */
export function useRestoreProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call('restoreProject', { id }),
    meta: { showGlobalSpinner: true },
    onSuccess: async (result) => {
      notifyMessage(result.message);
      await reloadAfterMove(queryClient);
    },
  });
}

/** purgeProject: one project of the trash, deleted for good. */
export function usePurgeProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call('purgeProject', { id }),
    meta: { showGlobalSpinner: true },
    onSuccess: async (result) => {
      notifyMessage(result.message);
      await reloadAfterMove(queryClient);
    },
  });
}

/** emptyTrash: every project of the trash, deleted for good. */
export function useEmptyTrash() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call('emptyTrash', null),
    meta: { showGlobalSpinner: true },
    onSuccess: async (result) => {
      notifyMessage(result.message);
      await reloadAfterMove(queryClient);
    },
  });
}
