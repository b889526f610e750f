import { render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { projectIdOfPath, prefetchRouteData } from '@/app/route-prefetch';
import { routes } from '@/app/router';
import { sessionQueryKey } from '@/lib/auth';
import { projectQueryKey } from '@/lib/project-api/load-project';
import { createQueryClient } from '@/lib/react-query';
import { useProjectStore } from '@/stores/project-store';
import { buildLoadedProject, buildSession, jsonResponse, setWindowWidth } from '@/testing/test-utils';

// the first visit of each screen loads its chunk
const slow = { timeout: 5000 };

const project = buildLoadedProject({ _id: 'p-1', id: 'p-1' });

/** The server for these tests: every request it received (path and body), signed in or not. */
function stubServer(isSignedIn: boolean) {
  const requests: { path: string; body: unknown }[] = [];
  const unauthenticated = () =>
    jsonResponse(401, { error: { status: 'UNAUTHENTICATED', message: 'Tu sesión expiró o no has iniciado sesión' } });
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const path = new URL(input, 'http://localhost').pathname;
    requests.push({ path, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
    if (path === '/api/auth/get-session') return jsonResponse(200, isSignedIn ? buildSession() : null);
    if (path === '/api/login-options') return jsonResponse(200, { needsFirstAccount: false, googleEnabled: false });
    if (!isSignedIn) return unauthenticated();
    if (path === '/api/functions/loadProjects') {
      return jsonResponse(200, { result: { projects: [], message: 'Proyectos cargados' } });
    }
    if (path === '/api/functions/loadProject') {
      return jsonResponse(200, { result: { project, message: 'Proyecto cargado' } });
    }
    if (path === '/api/functions/loadEdpUsage') return jsonResponse(200, { result: { usage: [], message: 'ok' } });
    return jsonResponse(404, { error: { status: 'NOT_FOUND', message: 'no' } });
  });
  return requests;
}

function paths(requests: { path: string }[]): string[] {
  return requests.map((request) => request.path);
}

/** As main.tsx boots: the requests leave first, then the app renders on the same query client. */
function bootApp(path: string) {
  setWindowWidth(1400);
  const queryClient = createQueryClient();
  prefetchRouteData(queryClient, path);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { router, queryClient };
}

describe('projectIdOfPath', () => {
  it('reads the project of every project screen, and of no other path', () => {
    for (const screenPath of ['', '/edp', '/edc', '/gantt', '/curva-s', '/estados-pago']) {
      expect(projectIdOfPath(`/projects/p-9${screenPath}`)).toBe('p-9');
    }
    expect(projectIdOfPath('/projects')).toBeNull();
    expect(projectIdOfPath('/projects/new')).toBeNull();
    expect(projectIdOfPath('/home')).toBeNull();
    expect(projectIdOfPath('/projects/p-9/otra-cosa')).toBeNull();
  });

  it("takes 'current' as the stored current project, and as nothing when there is none", () => {
    expect(projectIdOfPath('/projects/current/edp')).toBeNull();
    useProjectStore.getState().setCurrentProject({ id: 'p-7', name: 'Torre' }, 'user-1');
    expect(projectIdOfPath('/projects/current/edp')).toBe('p-7');
  });
});

describe('prefetchRouteData', () => {
  it("sends the session check at once, then the project list and the screen's loadProject once it names a user", async () => {
    const requests = stubServer(true);
    prefetchRouteData(createQueryClient(), '/projects/p-1/edp');
    expect(paths(requests)).toEqual(['/api/auth/get-session']);
    await waitFor(() => expect(requests).toHaveLength(3));
    expect(paths(requests)).toEqual([
      '/api/auth/get-session',
      '/api/functions/loadProjects',
      '/api/functions/loadProject',
    ]);
    expect(requests[2]?.body).toEqual({ data: { id: 'p-1' } });
  });

  it('calls no function for a signed-out visitor: only the session check leaves', async () => {
    const requests = stubServer(false);
    const queryClient = createQueryClient();
    prefetchRouteData(queryClient, '/projects/p-1/edp');
    await waitFor(() => expect(queryClient.getQueryState(sessionQueryKey)?.status).toBe('success'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(paths(requests)).toEqual(['/api/auth/get-session']);
  });

  it('sends only the session check for /login', () => {
    const requests = stubServer(false);
    prefetchRouteData(createQueryClient(), '/login');
    expect(paths(requests)).toEqual(['/api/auth/get-session']);
  });

  it('keeps the answers under the keys the screens read', async () => {
    stubServer(true);
    const queryClient = createQueryClient();
    prefetchRouteData(queryClient, '/projects/p-1/edp');
    await waitFor(() => expect(queryClient.getQueryData(projectQueryKey('p-1'))).toBeTruthy());
    expect(queryClient.getQueryData<{ user: unknown }>(sessionQueryKey)?.user).toEqual(buildSession().user);
  });
});

describe('a boot with the requests sent early', () => {
  it('opens the EDP screen with one loadProject and one session check: the screen takes the early answers', async () => {
    const requests = stubServer(true);
    const { router } = bootApp('/projects/p-1/edp');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hospital de Talca' }, slow)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/projects/p-1/edp');
    expect(paths(requests).filter((path) => path === '/api/functions/loadProject')).toHaveLength(1);
    expect(paths(requests).filter((path) => path === '/api/auth/get-session')).toHaveLength(1);
  });

  it('still sends a signed-out visitor of a project screen to /login, without the chrome', async () => {
    stubServer(false);
    const { router } = bootApp('/projects/p-1/edp');
    expect(await screen.findByRole('button', { name: 'Ingresar' }, slow)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByRole('button', { name: 'Cerrar sesión' })).toBeNull();
  });
});
