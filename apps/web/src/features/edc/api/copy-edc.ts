import type { BulkEdcOutput } from '@cimiento/domain';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { notifyMessage } from '@/lib/stores/notices-store';
import type { KnownEdcVersion } from './assign-edc';
import { useInvalidateEdpUsage } from './assign-edc';

export type CopyEdcVariables = {
  projectId: string;
  fromItemId: number;
  toItemIds: readonly number[];
  versions?: readonly KnownEdcVersion[];
};

/** copyEdc (issue 13): 'Copiar EDC a…' appends the shown item's whole EDC to every ticked item. */
export function useCopyEdc() {
  const invalidateUsage = useInvalidateEdpUsage();
  return useMutation({
    mutationFn: ({ projectId, fromItemId, toItemIds, versions }: CopyEdcVariables): Promise<BulkEdcOutput> =>
      call('copyEdc', {
        id: projectId,
        fromItemId,
        toItemIds: [...toItemIds],
        ...(versions && versions.length > 0 ? { versions: [...versions] } : {}),
      }),
    meta: { showGlobalSpinner: false },
    onSuccess: (result, { projectId }) => {
      notifyMessage(result.message);
      void invalidateUsage(projectId);
    },
  });
}
