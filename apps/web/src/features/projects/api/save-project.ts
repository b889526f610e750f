import type { Project, ProjectInput } from '@cimiento/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { projectsQueryKey } from '@/lib/projects-query';
import { notifyMessage } from '@/lib/stores/notices-store';

/**
 * Creates the project (spec §4 "Saving a project"): the global spinner while it runs, the
 * server's message on success; a failure shows the error toast and leaves the draft as it was.
 */
export function useSaveProject(options: { onSuccess?: (project: Project) => void } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess } = options;
  return useMutation({
    mutationFn: (project: ProjectInput) => call('saveProject', { project }),
    meta: { showGlobalSpinner: true },
    onSuccess: async (result) => {
      notifyMessage(result.message);
      onSuccess?.(result.project);
      await queryClient.invalidateQueries({ queryKey: projectsQueryKey });
    },
  });
}
