import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export function projectQueryKey(id: string) {
  return ['loadProject', id] as const;
}

/**
 * One project with its EDP items (loadProject). An unknown id is shown on the screen ('Proyecto
 * no encontrado'), not as an error toast.
 */
export function projectQueryOptions(id: string) {
  return queryOptions({
    queryKey: projectQueryKey(id),
    queryFn: ({ signal }) => call('loadProject', { id }, { signal }),
    select: (result) => result.project,
    meta: { showErrorToast: false },
  });
}
