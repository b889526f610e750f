import type { EdpUsage } from '@cimiento/domain';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export function edpUsageQueryKey(projectId: string) {
  return ['loadEdpUsage', projectId] as const;
}

/**
 * loadEdpUsage: what each saved EDP item carries (EDC rows, Gantt tasks and links), for the EDP
 * editor's deletion questions. Fetched when the editor opens and again after every save or reload;
 * a deletion question uses it while it is fresh and asks again when it is not.
 */
export function edpUsageQueryOptions(projectId: string) {
  return queryOptions({
    queryKey: edpUsageQueryKey(projectId),
    queryFn: async ({ signal }) => (await call('loadEdpUsage', { id: projectId }, { signal })).usage,
    // the editor says so itself when a deletion question cannot be asked
    meta: { showErrorToast: false },
  });
}

/** Nothing known yet: the editor's placeholder, dated 0 so that any question fetches the real answer. */
export const UNKNOWN_EDP_USAGE: EdpUsage = {
  items: [],
  crossLinks: [],
};
