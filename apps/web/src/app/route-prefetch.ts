import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { sessionQueryOptions } from '@/lib/auth';
import { projectQueryOptions } from '@/lib/project-api/load-project';
import { projectsQueryOptions } from '@/lib/projects-query';
import { useProjectStore } from '@/stores/project-store';
import { CURRENT_PROJECT_ID } from '@/hooks/use-project-route';

/** The project screens: each sits behind the route gate, whose first query is loadProject. */
const projectRoutePatterns = [
  '/projects/:id',
  '/projects/:id/edp',
  '/projects/:id/edc',
  '/projects/:id/gantt',
  '/projects/:id/curva-s',
  '/projects/:id/estados-pago',
];

/** The project a project route's path stands for ('current': the stored current project), or null. */
export function projectIdOfPath(pathname: string): string | null {
  for (const pattern of projectRoutePatterns) {
    const id = matchPath(pattern, pathname)?.params.id;
    if (id === undefined) continue;
    if (id === 'new') return null;
    if (id !== CURRENT_PROJECT_ID) return id;
    // the store keeps whose choice it is; the gate checks it against the session once it is known
    return useProjectStore.getState().currentProject?.id ?? null;
  }
  return null;
}

/**
 * Sends the first page's requests before its screen's chunk has loaded: the session check, and for
 * a signed-in screen the queries its hooks start first, with the very options those hooks use, so
 * they find the answer (or the request on its way) in the cache. Before, nothing was sent until the
 * route's lazy chunk had been fetched and the session had answered (issue 18: ~1.2 s of a 1.6 s boot).
 *
 * Nothing here decides anything: the session watcher (routes/root.tsx) still sends a signed-out
 * visitor to /login, and a request refused for want of a session is one the screen would have made.
 */
export function prefetchRouteData(queryClient: QueryClient, pathname: string): void {
  void queryClient.prefetchQuery(sessionQueryOptions());
  if (pathname === '/login') return;
  // the sidebar's 'Mis proyectos', drawn on every signed-in screen
  void queryClient.prefetchQuery(projectsQueryOptions());
  const projectId = projectIdOfPath(pathname);
  if (projectId !== null) void queryClient.prefetchQuery(projectQueryOptions(projectId));
}
