import type { ProjectSummary, ProjectUpdateInput } from '@cimiento/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FunctionError, call } from '@/lib/api-client';
import type { FunctionOutput } from '@/lib/api-client';
import { i18next } from '@/lib/i18n/i18n';
import { projectsQueryKey, projectsQueryOptions } from '@/lib/projects-query';
import { notifyMessage } from '@/lib/stores/notices-store';
import { useProjectStore } from '@/lib/stores/project-store';
import { projectQueryKey } from '@/lib/project-api/load-project';

export type UpdateProjectVariables = { id: string; project: ProjectUpdateInput; version: number };

type LoadProjectResult = FunctionOutput<'loadProject'>;

/**
 * 'Editar proyecto' (updateProject) with the version the dialog started from. Success shows the
 * server's message, puts the new fields into the cached project (its EDP is unchanged), renames the
 * current project in the sidebar and reloads the list. A stale version answers ABORTED: the error
 * toast shows its message and the dialog keeps what the user typed.
 */
export function useUpdateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, project, version }: UpdateProjectVariables) => call('updateProject', { id, project, version }),
    onSuccess: async (result, { id }) => {
      notifyMessage(result.message);
      queryClient.setQueryData<LoadProjectResult>(projectQueryKey(id), (old) =>
        old ? { ...old, project: { ...old.project, ...result.project } } : old,
      );
      useProjectStore.getState().renameProject(id, result.project.name);
      await queryClient.invalidateQueries({ queryKey: projectsQueryKey });
    },
  });
}

/**
 * 'Recargar' after a stale save: the project as stored now, from a fresh project list (it carries
 * every field the dialog edits, without the EDP). The cached project is refreshed too.
 */
export function useReloadEditableProject(options: { onSuccess: (project: ProjectSummary) => void }) {
  const queryClient = useQueryClient();
  const { onSuccess } = options;
  return useMutation({
    mutationFn: async (id: string) => {
      const list = await queryClient.fetchQuery({ ...projectsQueryOptions(), staleTime: 0 });
      const project = list.projects.find((candidate) => candidate._id === id);
      if (!project) throw new FunctionError('NOT_FOUND', i18next.t('projects.notFound'));
      return project;
    },
    onSuccess: async (project) => {
      onSuccess(project);
      await queryClient.invalidateQueries({ queryKey: projectQueryKey(project._id) });
    },
  });
}
