import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/**
 * What a project holds (loadProjectHoldings, issue 30), for 'Eliminar proyecto''s confirmation.
 * Read afresh each time the dialog opens; a failure leaves the confirmation without the counts.
 */
export function projectHoldingsQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['loadProjectHoldings', id],
    queryFn: ({ signal }) => call('loadProjectHoldings', { id }, { signal }),
    staleTime: 0,
    gcTime: 0,
    meta: { showErrorToast: false, showGlobalSpinner: false },
  });
}
