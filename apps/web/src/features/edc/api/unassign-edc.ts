import type { BulkEdcOutput } from '@cimiento/domain';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { notifyMessage } from '@/lib/stores/notices-store';
import type { AssignEdcVariables } from './assign-edc';
import { useInvalidateEdpUsage } from './assign-edc';

export type UnassignEdcVariables = AssignEdcVariables;

/**
 * unassignEdc (issue 13): 'Quitar de los seleccionados' removes the main item a component dropped
 * on a system made, with everything under it (and its Gantt tasks), from every ticked item.
 */
export function useUnassignEdc() {
  const invalidateUsage = useInvalidateEdpUsage();
  return useMutation({
    mutationFn: ({
      projectId,
      itemIds,
      componentId,
      systemId,
      versions,
    }: UnassignEdcVariables): Promise<BulkEdcOutput> =>
      call('unassignEdc', {
        id: projectId,
        itemIds: [...itemIds],
        componentId,
        systemId,
        ...(versions && versions.length > 0 ? { versions: [...versions] } : {}),
      }),
    meta: { showGlobalSpinner: false },
    onSuccess: (result, { projectId }) => {
      notifyMessage(result.message);
      void invalidateUsage(projectId);
    },
  });
}
