import type { BulkEdcOutput } from '@cimiento/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { notifyMessage } from '@/lib/stores/notices-store';

/** An EDC version the screen knows (0: the item had no EDC), sent so a changed item refuses the call. */
export type KnownEdcVersion = { id: number; version: number };

export type AssignEdcVariables = {
  projectId: string;
  itemIds: readonly number[];
  componentId: string;
  systemId: string;
  versions?: readonly KnownEdcVersion[];
};

/**
 * The EDP usage counts (EDC rows, Gantt tasks) change with every bulk call: the EDP editor's
 * cached answer (features/edp loadEdpUsage, key ['loadEdpUsage', project]) is read again.
 */
export function useInvalidateEdpUsage() {
  const queryClient = useQueryClient();
  return (projectId: string) => queryClient.invalidateQueries({ queryKey: ['loadEdpUsage', projectId] });
}

/**
 * assignEdc (issue 13): one main component dropped on one system for every ticked EDP item, in
 * one atomic call. Success shows the server's message; the screen shows its own progress (no
 * global spinner) and the result (what changed, what was skipped and why).
 */
export function useAssignEdc() {
  const invalidateUsage = useInvalidateEdpUsage();
  return useMutation({
    mutationFn: ({ projectId, itemIds, componentId, systemId, versions }: AssignEdcVariables): Promise<BulkEdcOutput> =>
      call('assignEdc', {
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
