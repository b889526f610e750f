import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { notifyMessage } from '@/lib/stores/notices-store';

/** How many entries the timeline asks for at a time ('Cargar más' asks for the next ones). */
export const HISTORY_PAGE_SIZE = 20;

export function projectHistoryQueryKey(projectId: string) {
  return ['loadProjectHistory', projectId] as const;
}

/**
 * loadProjectHistory, newest first, a page at a time. The live stream refreshes it when anyone
 * saves the project (lib/live/use-live-events).
 */
export function projectHistoryQueryOptions(projectId: string) {
  return infiniteQueryOptions({
    queryKey: projectHistoryQueryKey(projectId),
    queryFn: ({ pageParam, signal }) =>
      call('loadProjectHistory', { id: projectId, offset: pageParam, limit: HISTORY_PAGE_SIZE }, { signal }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.entries.length, 0);
      return last.entries.length > 0 && loaded < last.total ? loaded : undefined;
    },
    meta: { showErrorToast: false, showGlobalSpinner: false },
  });
}

/** loadHistoryEntry: one save with its detail (items added, removed, renamed; tasks changed). */
export function historyEntryQueryOptions(projectId: string, entryId: number) {
  return queryOptions({
    queryKey: ['loadHistoryEntry', projectId, entryId] as const,
    queryFn: ({ signal }) => call('loadHistoryEntry', { id: projectId, entryId }, { signal }),
    select: (result) => result.entry,
    staleTime: Infinity,
    meta: { showErrorToast: false, showGlobalSpinner: false },
  });
}

/** 'Seguir proyecto' / 'Dejar de seguir' (followProject); the history's `following` follows the answer. */
export function useFollowProject(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) => call('followProject', { id: projectId, follow }),
    onSuccess: async (result) => {
      notifyMessage(result.message);
      queryClient.setQueryData(projectHistoryQueryOptions(projectId).queryKey, (data) =>
        data ? { ...data, pages: data.pages.map((page) => ({ ...page, following: result.following })) } : data,
      );
      await queryClient.invalidateQueries({ queryKey: projectHistoryQueryKey(projectId) });
    },
  });
}
