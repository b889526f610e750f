import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { sessionQueryOptions } from '@/lib/auth';
import { projectQueryOptions } from '@/lib/project-api/load-project';
import { projectsQueryOptions } from '@/lib/projects-query';
import { useProjectStore } from '@/lib/stores/project-store';
import { CURRENT_PROJECT_ID } from '@/hooks/use-project-route';
import { sendEarlyField } from '@/features/field/api/early-field';
import { sendEarlyGantt } from '@/features/gantt/api/early-gantt';

/** The project screens: each sits behind the route gate, whose first query is loadProject. */
const projectRoutePatterns = [
  '/projects/:id',
  '/projects/:id/edp',
  '/projects/:id/edc',
  '/projects/:id/gantt',
  '/projects/:id/linea-de-balance',
  '/projects/:id/curva-s',
  '/projects/:id/histograma',
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
 * Sends the first page's requests before its screen's chunk has loaded: the session check, and once
 * it answers with a user, the queries a signed-in screen's hooks start first, with the very options
 * those hooks use, so they find the answer (or the request on its way) in the cache. Before, nothing
 * was sent until the route's lazy chunk had been fetched (issue 18: most of a 1.6 s boot).
 *
 * The data waits for the session's answer (one short round trip, still far ahead of the chunks): a
 * signed-out visitor makes no call that would answer UNAUTHENTICATED, whose handling clears the cache
 * while /login is drawn. Nothing here decides anything: the session watcher (routes/root.tsx) still
 * sends a signed-out visitor to /login, and the server still refuses what the session may not read.
 *
 * The Gantt's loadGantt (its first bar waits for it, and it is the largest answer) leaves as soon as
 * the screen's chunk is in, whatever the session check says by then: it is a quiet request outside
 * the query cache (early-gantt.ts), so a signed-out visitor's UNAUTHENTICATED answer reaches no
 * handler, and the screen takes a good answer once, asking again otherwise.
 */
export function prefetchRouteData(queryClient: QueryClient, pathname: string): void {
  const session = queryClient.fetchQuery(sessionQueryOptions());
  if (pathname === '/login') {
    session.catch(() => undefined);
    return;
  }
  const ganttProjectId = matchPath('/projects/:id/gantt', pathname) ? projectIdOfPath(pathname) : null;
  if (ganttProjectId !== null) {
    // the screen's chunk first, then loadGantt as soon as it is in (before the route renders): sent at
    // once, loadGantt's server work held the chunk's download back by as long (measured, issue 18)
    import('@/features/gantt/screen/gantt-screen').then(
      () => sendEarlyGantt(ganttProjectId),
      // the router reports a chunk that fails to load; the screen then asks for its data itself
      () => undefined,
    );
  }
  // 'Terreno' on a phone (issue 36): the week's plan and the members leave now, beside the session
  // check, quiet as the Gantt's (a signed-out visitor's UNAUTHENTICATED reaches no handler): waiting
  // for the session's answer held them back behind the first chunk's run, by ~400 ms on a slow phone
  const fieldProjectId = matchPath('/projects/:id/terreno', pathname)?.params.id;
  if (fieldProjectId !== undefined && fieldProjectId !== CURRENT_PROJECT_ID) sendEarlyField(fieldProjectId);
  session
    .then((answer) => {
      if (!answer?.user) return;
      // the sidebar's 'Mis proyectos', drawn on every signed-in screen
      void queryClient.prefetchQuery(projectsQueryOptions());
      const projectId = projectIdOfPath(pathname);
      if (projectId !== null) void queryClient.prefetchQuery(projectQueryOptions(projectId));
    })
    // a failed session check counts as signed out: the session watcher shows /login
    .catch(() => undefined);
}
