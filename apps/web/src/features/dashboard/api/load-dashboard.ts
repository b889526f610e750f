import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export const dashboardQueryKey = ['loadDashboard'] as const;

/** The home dashboard (loadDashboard): projects, the next two weeks, recent changes, catalogue counts. */
export function dashboardQueryOptions() {
  return queryOptions({
    queryKey: dashboardQueryKey,
    queryFn: ({ signal }) => call('loadDashboard', null, { signal }),
  });
}

/** The dashboard, loaded again whenever a screen showing it opens (someone else may have saved meanwhile). */
export function useDashboard() {
  return useQuery({ ...dashboardQueryOptions(), refetchOnMount: 'always' });
}
