import type { ProjectSummary } from '@cimiento/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { useProjectStore } from '@/lib/stores/project-store';

export const projectsQueryKey = ['loadProjects'] as const;

/**
 * The project list (loadProjects), shared by the sidebar's 'Mis proyectos' and the project list
 * screen, which cannot import each other. The server sorts it by name.
 */
export function projectsQueryOptions() {
  return queryOptions({
    queryKey: projectsQueryKey,
    queryFn: ({ signal }) => call('loadProjects', null, { signal }),
  });
}

/**
 * Issue 36: the caller's role on a project, as the project list says it (null: an administrator who
 * is not a member); undefined while the list loads or when it lacks the project.
 */
export function useMyProjectRole(projectId: string): ProjectSummary['role'] | undefined {
  const { user } = useSession();
  // what the list already has (the sidebar keeps it loaded): a screen that asks for the role does not
  // fetch the list again as it opens; it fetches only when there is no list yet
  const query = useQuery({
    ...projectsQueryOptions(),
    enabled: user !== null && user !== undefined,
    refetchOnMount: false,
  });
  return query.data?.projects.find((project) => project._id === projectId)?.role;
}

const collator = new Intl.Collator('es-CL', { sensitivity: 'base', numeric: true });

/** 'Mis proyectos': the caller's own projects, sorted by name. */
export function selectMyProjects(projects: readonly ProjectSummary[]): ProjectSummary[] {
  return projects.filter((project) => project.mine).sort((a, b) => collator.compare(a.name, b.name));
}

/**
 * The project list while someone is signed in (product-spec.md §4: "When the logged-in user
 * appears, projects load"). It also keeps the current project honest: forgotten when another user
 * signs in, or when the list no longer has it (deleted by someone else).
 */
export function useSignedInProjects() {
  const { user } = useSession();
  const userId = user?.id ?? null;
  const query = useQuery({ ...projectsQueryOptions(), enabled: userId !== null });
  const data = query.data;

  useEffect(() => {
    if (userId !== null) useProjectStore.getState().keepOnlyFor(userId);
  }, [userId]);

  // only a new answer counts: a project selected since then may not be in the previous one
  useEffect(() => {
    if (!data) return;
    const current = useProjectStore.getState().currentProject;
    if (current && !data.projects.some((project) => project._id === current.id)) {
      useProjectStore.getState().forgetProject(current.id);
    }
  }, [data]);

  return query;
}
