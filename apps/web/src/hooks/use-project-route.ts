import type { LoadedProject } from '@cimiento/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { describeError, isFunctionError } from '@/lib/api-client';
import { notifyError } from '@/lib/stores/notices-store';
import { useCurrentProject, useProjectStore, useSelectProject } from '@/lib/stores/project-store';
import { projectQueryOptions } from '@/lib/project-api/load-project';

/** The word that stands for the selected project in /projects/current/… (product-spec.md §2). */
export const CURRENT_PROJECT_ID = 'current';

export type ProjectRouteState =
  /** 'current' with no project selected. */
  | { status: 'none' }
  | { status: 'loading'; id: string }
  | { status: 'not-found'; id: string }
  /** issue 36: the caller is not a member (the server's Spanish reason) */
  | { status: 'denied'; id: string; message: string }
  | { status: 'error'; id: string; retry: () => void }
  | { status: 'ready'; id: string; project: LoadedProject };

/**
 * The project of a project route (/projects/:id, :id/edp, :id/edc, :id/gantt): 'current' stands
 * for the selected project. A loaded project becomes the current one if it differs ("Selects the
 * project if the current project differs from the id"); an unknown id is answered on the screen.
 */
/** The project id a project route stands for: the :id, or the current project's for 'current' (null: none). */
export function useProjectRouteId(): string | null {
  const { id: param = CURRENT_PROJECT_ID } = useParams();
  const currentProject = useCurrentProject();
  return param === CURRENT_PROJECT_ID ? (currentProject?.id ?? null) : param;
}

export function useProjectRoute(): ProjectRouteState {
  const currentProject = useCurrentProject();
  const selectProject = useSelectProject();
  const id = useProjectRouteId();
  const query = useQuery({ ...projectQueryOptions(id ?? ''), enabled: id !== null });
  const project = query.data;
  const error = query.error;
  const isNotFound = isFunctionError(error) && error.code === 'NOT_FOUND';
  const isDenied = isFunctionError(error) && error.code === 'PERMISSION_DENIED';

  useEffect(() => {
    if (!project) return;
    if (currentProject?.id !== project.id || currentProject.name !== project.name) {
      selectProject({ id: project.id, name: project.name });
    }
  }, [project, currentProject, selectProject]);

  useEffect(() => {
    if (!error) return;
    // a deleted project is no longer anyone's current project, nor one the caller may no longer see
    if ((isNotFound || isDenied) && id !== null) useProjectStore.getState().forgetProject(id);
    // the query's own toast is off so NOT_FOUND and PERMISSION_DENIED (issue 36: not a member) can be
    // shown in-screen; any other failure still gets it
    else if (!(isFunctionError(error) && error.code === 'UNAUTHENTICATED')) notifyError(describeError(error));
  }, [error, isNotFound, isDenied, id]);

  if (id === null) return { status: 'none' };
  if (project) return { status: 'ready', id, project };
  if (isNotFound) return { status: 'not-found', id };
  if (isDenied) return { status: 'denied', id, message: describeError(error) };
  if (error) return { status: 'error', id, retry: () => void query.refetch() };
  return { status: 'loading', id };
}
