import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { projectsQueryKey } from '@/lib/projects-query';
import { notifyMessage } from '@/lib/stores/notices-store';
import { useProjectStore } from '@/lib/stores/project-store';
import { projectQueryKey } from '@/lib/project-api/load-project';

/**
 * Deletes a project by its `_id` (spec §2 "Project list", §4 "Deleting a project clears it, then
 * reloads the project list"): the server's message, the current project forgotten if it was this
 * one, then the list again.
 */
export function useRemoveProject(options: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess } = options;
  return useMutation({
    mutationFn: (id: string) => call('removeProject', { id }),
    meta: { showGlobalSpinner: true },
    onSuccess: async (result, id) => {
      notifyMessage(result.message);
      useProjectStore.getState().forgetProject(id);
      queryClient.removeQueries({ queryKey: projectQueryKey(id) });
      onSuccess?.();
      await queryClient.invalidateQueries({ queryKey: projectsQueryKey });
    },
  });
}
