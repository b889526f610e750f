import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { getSession, sessionQueryKey, useSession } from '@/lib/auth';
import { openLiveConnection } from './live-connection';
import type { LiveConnectionOptions } from './live-connection';
import { useLiveStore } from './live-store';
import { invalidateNotifications } from './notifications-api';

/** The history's query keys start with this (features/history's loadProjectHistory and the dashboard's). */
const HISTORY_KEYS = ['loadProjectHistory', 'loadDashboard'];

/**
 * The tab's one live stream, open while someone is signed in (the shell calls it once). A
 * project-change by another user is kept for the banner; any project-change refreshes that
 * project's history; a notification sets the bell's count and refreshes the notification lists.
 * A browser without EventSource (the unit tests' jsdom) has no stream.
 */
export function useLiveEvents(options: LiveConnectionOptions = {}): void {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const userId = user?.id ?? null;
  // read when the stream opens: new options alone do not open another one
  const optionsRef = useRef(options);
  optionsRef.current = options;

  useEffect(() => {
    if (userId === null) return;
    const connectionOptions = optionsRef.current;
    if (connectionOptions.createSource === undefined && typeof EventSource === 'undefined') return;
    const store = useLiveStore.getState();
    let readyCount = 0;
    const refreshHistory = (projectId?: string) =>
      queryClient.invalidateQueries({
        predicate: (query) =>
          typeof query.queryKey[0] === 'string' &&
          HISTORY_KEYS.includes(query.queryKey[0]) &&
          (projectId === undefined || query.queryKey[0] !== 'loadProjectHistory' || query.queryKey[1] === projectId),
      });
    const stop = openLiveConnection(
      {
        onConnection: (connection) => useLiveStore.getState().setConnection(connection),
        onReady: (unread) => {
          if (unread !== null) useLiveStore.getState().setUnread(unread);
          // a fresh connection after a lost one: whatever happened meanwhile is asked for again
          // (the first one comes with the screen's own first loads)
          if (readyCount > 0) {
            void invalidateNotifications(queryClient);
            void refreshHistory();
          }
          readyCount += 1;
        },
        onProjectChange: (entry) => {
          if (entry.userId !== userId) useLiveStore.getState().receiveChange(entry);
          void refreshHistory(entry.projectId);
        },
        onNotification: ({ unread }) => {
          useLiveStore.getState().setUnread(unread);
          void invalidateNotifications(queryClient);
        },
        shouldReconnect: async () => {
          // the stream ends with 401 once signed out: the session check tells the app too
          const session = await getSession().catch(() => undefined);
          if (session === null) {
            queryClient.setQueryData(sessionQueryKey, null);
            return false;
          }
          return true;
        },
      },
      connectionOptions,
    );
    return () => {
      stop();
      store.reset();
    };
  }, [queryClient, userId]);
}
