import type { CatalogueResource } from '@cimiento/domain/resources';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/**
 * issue 35: the resources catalogue as the Gantt reads it (the 'Recursos' column, the task editor's
 * picker): loadObjects 'recursos', cached under the same key as Administración › Recursos.
 */
export function ganttResourcesQueryOptions() {
  return queryOptions({
    queryKey: ['loadObjects', 'recursos'] as const,
    queryFn: ({ signal }) => call('loadObjects', { collection: 'recursos' }, { signal }),
    select: (result) => result.objects as CatalogueResource[],
    // the column still reads without it: names are shown once it arrives
    meta: { showErrorToast: false },
  });
}

export function useGanttResources() {
  return useQuery(ganttResourcesQueryOptions());
}

export type LevelResourcesVariables = {
  projectId: string;
  version: number;
  dryRun: boolean;
  order: 'totalFloat' | 'lateStart' | 'priority' | 'edpOrder';
  withinSlack: boolean;
};

/** 'Redistribuir recursos' (levelResources): a dry run says what would move; applying answers the Gantt. */
export function useLevelResources() {
  return useMutation({
    mutationFn: ({ projectId, ...rest }: LevelResourcesVariables) => call('levelResources', { id: projectId, ...rest }),
    meta: { showGlobalSpinner: true },
  });
}
