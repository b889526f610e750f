import type { AreaType } from '@cimiento/domain';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/**
 * The 'tipos-area' catalogue for the wizard's quantity table. Same key and same call as the
 * catalogue screen's query (features do not import each other), so a list loaded there is reused
 * here and the other way round.
 */
export const areaTypesQueryKey = ['loadObjects', 'tipos-area'] as const;

export function areaTypesQueryOptions() {
  return queryOptions({
    queryKey: areaTypesQueryKey,
    queryFn: ({ signal }) => call('loadObjects', { collection: 'tipos-area' }, { signal }),
    select: (result) => result.objects as AreaType[],
  });
}
