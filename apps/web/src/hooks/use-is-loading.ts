import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useNoticesStore } from '@/lib/stores/notices-store';

/**
 * Whether the global spinner should cover the page: a screen's data loading for the first time,
 * a mutation that asked for it, or the notices' loading flag. Background refreshes stay silent, and
 * so do queries that opt out (a check made while typing must not cover the field).
 */
export function useIsLoading(): boolean {
  const firstLoads = useIsFetching({
    predicate: (query) => query.state.data === undefined && query.meta?.showGlobalSpinner !== false,
  });
  const blockingMutations = useIsMutating({ predicate: (mutation) => mutation.meta?.showGlobalSpinner === true });
  const isFlagSet = useNoticesStore((state) => state.loading);
  return firstLoads > 0 || blockingMutations > 0 || isFlagSet;
}
