import type { GanttOutput } from '@cimiento/domain';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/**
 * The current project's tasks for the board, the calendar and the task table: loadGantt's answer
 * (scheduled dates, progress, float, the calendar and its holidays), kept apart from the Gantt
 * screen's own query, which holds no cache. Read-only here.
 */
export function projectTasksQueryOptions(projectId: string) {
  return queryOptions({
    queryKey: ['taskViews', 'loadGantt', projectId] as const,
    queryFn: ({ signal }): Promise<GanttOutput> => call('loadGantt', { id: projectId }, { signal }),
    staleTime: 30_000,
    // the screen shows a failure itself
    meta: { showErrorToast: false },
  });
}
