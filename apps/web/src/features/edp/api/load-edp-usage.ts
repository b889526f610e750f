import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export function edpUsageQueryKey(projectId: string) {
  return ['loadEdpUsage', projectId] as const;
}

/**
 * loadEdpUsage: what each saved EDP item carries (EDC rows, Gantt tasks and links), for the EDP
 * editor's deletion questions. Fetched in the background when the editor opens and again after
 * every save or reload (the global spinner stays off: the screen is usable meanwhile); a deletion
 * question uses it while it is fresh and asks again when it is not.
 */
export function edpUsageQueryOptions(projectId: string) {
  return queryOptions({
    queryKey: edpUsageQueryKey(projectId),
    queryFn: async ({ signal }) => (await call('loadEdpUsage', { id: projectId }, { signal })).usage,
    // the editor says so itself when a deletion question cannot be asked, and shows its own progress
    meta: { showErrorToast: false, showGlobalSpinner: false },
  });
}
