import { queryOptions } from '@tanstack/react-query';
import { loadLoginOptions } from '@/lib/auth';

/** What /login offers: the first-account form while no user exists, and Google when configured. */
export function loginOptionsQueryOptions() {
  return queryOptions({
    queryKey: ['login-options'],
    queryFn: loadLoginOptions,
    staleTime: 0,
    meta: { showErrorToast: false },
  });
}
