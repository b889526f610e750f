import type { EdpItem, LoadedProject, ProjectSummary } from '@cimiento/domain';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { AppProvider } from '@/app/provider';
import { sessionQueryKey } from '@/lib/auth';
import type { Session, SessionUser } from '@/lib/auth';

/**
 * A project as loadProject answers it: 'Hospital de Talca' (HT) with the given EDP items (the root
 * only by default); edpItemCount follows the items unless given. `version` is the EDP's,
 * `projectVersion` the project's own (updateProject's).
 */
export function buildLoadedProject(
  options: { items?: EdpItem[]; version?: number; projectVersion?: number } & Partial<
    Omit<LoadedProject, 'edp' | 'version'>
  > = {},
): LoadedProject {
  const {
    items = [{ id: 1, code: 'HT', name: 'Hospital de Talca' }],
    version = 1,
    projectVersion = 1,
    ...overrides
  } = options;
  return {
    _id: 'p-1',
    id: 'p-1',
    name: 'Hospital de Talca',
    code: 'HT',
    priority: '0',
    template: 'generica',
    startYear: '2023',
    endYear: '2025',
    currency: 'CLP',
    budget: '1234567',
    tiposArea: [],
    date: { _seconds: 1_700_000_000 },
    edpItemCount: items.length,
    workWeek: 'mon-fri',
    sequencing: 'train',
    version: projectVersion,
    ...overrides,
    edp: { items, version },
  };
}

/** A project as loadProjects lists it ('Hospital de Talca', p-1), with the caller's role (issue 36). */
export function buildProjectSummary(overrides: Partial<ProjectSummary> = {}): ProjectSummary {
  return {
    _id: 'p-1',
    id: 'p-1',
    name: 'Hospital de Talca',
    code: 'HT',
    currency: 'CLP',
    budget: '1234567',
    date: { _seconds: 1_700_000_000 },
    mine: true,
    priority: '0',
    startYear: '2023',
    endYear: '2025',
    workWeek: 'mon-fri',
    version: 1,
    role: 'planificador',
    ...overrides,
  };
}

export function buildSessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 'user-1',
    name: 'Ana Pérez',
    email: 'ana@constructora.cl',
    image: null,
    role: 'user',
    banned: false,
    ...overrides,
  };
}

export function buildSession(overrides: Partial<SessionUser> = {}): Session {
  return {
    user: buildSessionUser(overrides),
    session: { id: 'session-1', expiresAt: new Date(Date.now() + 86_400_000).toISOString() },
  };
}

export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

export function setWindowWidth(width: number): void {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
}

/** Renders inside the app's real providers and a memory router; `session` null means signed out. */
export function renderWithApp(
  ui: ReactNode,
  options: {
    path?: string;
    routePath?: string;
    /** The route's handle (what the shell reads: its title, whether it is a project route). */
    handle?: unknown;
    session?: Session | null;
    queryClient?: QueryClient;
  } = {},
) {
  const queryClient = options.queryClient ?? createTestQueryClient();
  if (options.session !== undefined) queryClient.setQueryData(sessionQueryKey, options.session);
  const routes: RouteObject[] = [{ path: options.routePath ?? '*', element: ui, handle: options.handle }];
  const router = createMemoryRouter(routes, { initialEntries: [options.path ?? '/'] });
  const result = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router, queryClient };
}

/** Answers JSON like a server would; for fetch stubs that stand in for the transport only. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}
