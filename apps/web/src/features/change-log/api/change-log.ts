import { CHANGE_LOG_DEFAULT_PAGE } from '@cimiento/domain';
import type { ChangeLogArea } from '@cimiento/domain';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** Every loadChangeLog query starts with this key. */
export const CHANGE_LOG_KEY = 'loadChangeLog';

/**
 * loadChangeLog, newest first, a page at a time: 'Cargar más' asks for the entries older than the
 * last one shown (the answer's `next`), so changes made meanwhile do not shift the pages. Read fresh
 * each time the screen opens: it is the record of what others just did.
 */
export function changeLogQueryOptions(area: ChangeLogArea | undefined) {
  return infiniteQueryOptions({
    queryKey: [CHANGE_LOG_KEY, area ?? 'all'] as const,
    queryFn: ({ pageParam, signal }) =>
      call(
        'loadChangeLog',
        {
          ...(area === undefined ? {} : { area }),
          ...(pageParam === undefined ? {} : { before: pageParam }),
          limit: CHANGE_LOG_DEFAULT_PAGE,
        },
        { signal },
      ),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    staleTime: 0,
    refetchOnMount: 'always',
    meta: { showErrorToast: false, showGlobalSpinner: false },
  });
}
