import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export const profileQueryKey = ['profile'] as const;

export function profileQueryOptions() {
  return queryOptions({
    queryKey: profileQueryKey,
    queryFn: ({ signal }) => call('loadProfile', null, { signal }),
    select: (result) => result.profile,
  });
}

export function useProfile() {
  return useQuery(profileQueryOptions());
}
