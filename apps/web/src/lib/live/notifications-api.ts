import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useLiveStore } from './live-store';

export const NOTIFICATIONS_KEY = 'loadNotifications';

export type NotificationsPage = { offset: number; limit: number; unreadOnly?: boolean };

/** loadNotifications for one page (the bell asks for the first 10); the live stream refreshes it. */
export function notificationsQueryOptions(page: NotificationsPage) {
  return queryOptions({
    queryKey: [NOTIFICATIONS_KEY, page] as const,
    queryFn: async ({ signal }) => {
      const result = await call('loadNotifications', page, { signal });
      useLiveStore.getState().setUnread(result.unread);
      return result;
    },
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    meta: { showGlobalSpinner: false },
  });
}

export function invalidateNotifications(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: [NOTIFICATIONS_KEY] });
}

/** Marks some notifications read ({ids}) or all of them ({all: true}); the bell's count follows the answer. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { ids: number[] } | { all: true }) => call('markNotificationsRead', input),
    onSuccess: async (result) => {
      useLiveStore.getState().setUnread(result.unread);
      await invalidateNotifications(queryClient);
    },
  });
}
