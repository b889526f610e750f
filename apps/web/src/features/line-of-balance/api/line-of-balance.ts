import type { GanttOutput } from '@cimiento/domain';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/**
 * The 'Línea de balance' reads the Gantt as loadGantt answers it (the Gantt feature's own query
 * keeps its editor's copy and is not shared: a feature imports no other). Under the Gantt's key, so
 * what invalidates ['loadGantt', id] refreshes this view too.
 */
export function lineOfBalanceQueryOptions(projectId: string) {
  return queryOptions({
    queryKey: ['loadGantt', projectId, 'line-of-balance'] as const,
    queryFn: ({ signal }): Promise<GanttOutput> => call('loadGantt', { id: projectId }, { signal }),
    staleTime: 30_000,
    refetchOnWindowFocus: false,
    // the screen shows a failure itself
    meta: { showErrorToast: false },
  });
}
