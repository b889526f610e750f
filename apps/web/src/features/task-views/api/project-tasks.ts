import { ganttActivityCodes } from '@cimiento/domain';
import type { GanttOutput } from '@cimiento/domain';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/**
 * The current project's tasks for the board, the calendar and the task table: loadGantt's answer
 * (scheduled dates, progress, float, the calendar and its holidays), kept apart from the Gantt
 * screen's own query, which holds no cache. Read-only here.
 */
/**
 * issue 32: each task named by its code unique in the project ('ELA.1.2.ACT3'), as the Gantt, the
 * workbooks and the MS Project export name it, not by its code in its EDC item ('ACT3' on every floor).
 */
export function withUniqueCodes(gantt: GanttOutput): GanttOutput {
  const codes = ganttActivityCodes(gantt.activities);
  return {
    ...gantt,
    activities: gantt.activities.map((task) => ({ ...task, TaskCode: codes.get(task.TaskID) ?? task.TaskCode })),
  };
}

export function projectTasksQueryOptions(projectId: string) {
  return queryOptions({
    queryKey: ['taskViews', 'loadGantt', projectId] as const,
    queryFn: ({ signal }): Promise<GanttOutput> => call('loadGantt', { id: projectId }, { signal }),
    select: withUniqueCodes,
    staleTime: 30_000,
    // the screen shows a failure itself
    meta: { showErrorToast: false },
  });
}
