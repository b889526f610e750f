import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { describeError, isFunctionError, isNetworkError, onUnauthenticated } from '@/lib/api-client';
import { sessionQueryKey } from '@/lib/auth';
import { notifyError } from '@/lib/stores/notices-store';
import { keepDraftsForSignIn } from '@/lib/stores/unsaved-work-store';

declare module '@tanstack/react-query' {
  // TanStack Query's typed meta needs interface merging here
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface Register {
    queryMeta: {
      /** false: the screen shows its own error instead of the error toast. */
      showErrorToast?: boolean;
      /** false: even a first load leaves the page usable (a check made while the user types). */
      showGlobalSpinner?: boolean;
    };
    mutationMeta: {
      showErrorToast?: boolean;
      /** true: the global spinner covers the page while it runs. */
      showGlobalSpinner?: boolean;
    };
  }
}

function isUnauthenticated(error: unknown): boolean {
  return isFunctionError(error) && error.code === 'UNAUTHENTICATED';
}

/** 4xx answers mean the request itself is refused: asking again gives the same answer. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isFunctionError(error) && error.httpStatus >= 400 && error.httpStatus < 500) return false;
  return failureCount < 2;
}

/**
 * A read that got no answer while the browser says it is offline. A boot made offline (the field
 * screen opened from a phone without signal) runs the shell's reads, because TanStack Query's
 * onlineManager starts 'online' and only learns from the 'offline' event; they fail and would toast
 * 'No se pudo conectar…' over a screen that already says 'Sin conexión', while the same reads pause
 * quietly when the connection drops after the boot. Such a read shows no toast; a failed save does.
 */
function isOfflineRead(error: unknown): boolean {
  return isNetworkError(error) && typeof navigator !== 'undefined' && !navigator.onLine;
}

/**
 * Failed calls show the error toast (spec §8) unless the caller handles them; an expired session
 * is not an error to show: the api client reports it and the app goes to /login. A read that found
 * no connection while offline is not one either (isOfflineRead).
 */
export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (isUnauthenticated(error) || isOfflineRead(error) || query.meta?.showErrorToast === false) return;
        notifyError(describeError(error));
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (isUnauthenticated(error) || mutation.meta?.showErrorToast === false) return;
        notifyError(describeError(error));
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
  return queryClient;
}

/** Forgets every cached answer and the session: the session watcher then shows /login. */
export function forgetSession(queryClient: QueryClient): void {
  void queryClient.cancelQueries();
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
  queryClient.setQueryData(sessionQueryKey, null);
}

/**
 * Wires the api client's UNAUTHENTICATED report to this query client; returns the unsubscribe.
 * Unsaved edits are written as drafts first, while their screens are still there, and the way
 * to /login is not held by the leave question.
 */
export function watchUnauthenticated(queryClient: QueryClient): () => void {
  return onUnauthenticated(() => {
    keepDraftsForSignIn();
    forgetSession(queryClient);
  });
}
