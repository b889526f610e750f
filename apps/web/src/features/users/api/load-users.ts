import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export const usersQueryKey = ['users'] as const;

export function usersQueryOptions() {
  return queryOptions({
    queryKey: usersQueryKey,
    queryFn: ({ signal }) => call('loadUsers', null, { signal }),
    select: (result) => result.users,
  });
}

export function useUsers() {
  return useQuery(usersQueryOptions());
}
