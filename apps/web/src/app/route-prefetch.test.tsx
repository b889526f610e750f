import { santiagoToday } from '@cimiento/domain';
import type { GanttOutput } from '@cimiento/domain';
import { addDays, weekOf } from '@cimiento/domain/last-planner';
import { act, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { projectIdOfPath, prefetchRouteData } from '@/app/route-prefetch';
import { routes } from '@/app/router';
import { takeEarlyField } from '@/features/field/api/early-field';
import { EARLY_GANTT_TTL_MS, forgetEarlyGantt, takeEarlyGantt } from '@/features/gantt/api/early-gantt';
import { ganttQueryKey } from '@/features/gantt/api/gantt';
import { onUnauthenticated } from '@/lib/api-client';
import { sessionQueryKey } from '@/lib/auth';
import { projectQueryKey } from '@/lib/project-api/load-project';
import { createQueryClient } from '@/lib/react-query';
import { useNoticesStore } from '@/lib/stores/notices-store';
import { useProjectStore } from '@/lib/stores/project-store';
import { buildLoadedProject, buildSession, jsonResponse, setWindowWidth } from '@/testing/test-utils';

// the SVAR chart needs a real layout; these tests are about which requests leave and when
vi.mock('@/features/gantt/chart/gantt-chart', async () => {
  const { forwardRef } = await import('react');
  return { GanttChart: forwardRef(() => <div data-testid="gantt-chart" />) };
});

// the first visit of each screen loads its chunk
// a whole boot in jsdom: about 1 s alone, several on a loaded 2-core machine (it timed out at 5 s beside the e2e tier)
const slow = { timeout: 10_000 };
// the Gantt screen's chunk is the largest (the SVAR chart's parts load even with the chart mocked)
const gantt = { timeout: 12_000 };

const project = buildLoadedProject({ _id: 'p-1', id: 'p-1' });

/** A one-task Gantt, as loadGantt answers it; `name` tells the answers apart. */
function ganttOutput(name: string): GanttOutput {
  return {
    activities: [
      {
        TaskID: 1,
        TaskCode: 'A1',
        TaskName: name,
        StartDate: '2026-03-02',
        StartNoEarlierThan: '2026-03-02',
        EndDate: '2026-03-06',
        Duration: 5,
        Progress: 0,
        Predecessor: '',
        totalFloat: 0,
        critical: true,
        isSummary: false,
      },
    ],
    version: 1,
    calendar: {
      workWeek: 'mon-fri',
      firstYear: 2026,
      holidays: [],
      workingWeekdays: [1, 2, 3, 4, 5],
      chileHolidays: false,
      exceptions: [],
    },
    projectStart: '2026-03-02',
    projectFinish: '2026-03-06',
    sequencing: 'none',
    message: 'Gantt cargado',
  };
}

/** loadWeeklyPlan's answer for a week with no tasks. */
function emptyPlan(week: string) {
  return {
    settings: { lookAheadWeeks: 4, lookAheadFrom: 'today', constraintTypes: [], causes: [] },
    today: santiagoToday(),
    cutoff: null,
    week,
    weekEnd: addDays(week, 6),
    ganttVersion: 1,
    candidates: [],
    commitments: [],
    companies: [],
    ppc: { fulfilled: 0, closed: 0, notClosed: 0, ppc: null },
    message: 'Plan semanal cargado',
  };
}

// a test's early loadGantt (or field answers) that no screen took must not reach the next test
afterEach(() => {
  forgetEarlyGantt();
  takeEarlyField('', '');
  vi.useRealTimers();
});

/** The server for these tests: every request it received (path and body), signed in or not. */
function stubServer(isSignedIn: boolean, ganttAnswers: (() => Response)[] = []) {
  const requests: { path: string; body: unknown }[] = [];
  let ganttCount = 0;
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
    if (path === '/api/functions/loadGantt') {
      ganttCount += 1;
      const answer = ganttAnswers[ganttCount - 1];
      return answer ? answer() : jsonResponse(200, { result: ganttOutput(`Tarea de la carga ${ganttCount}`) });
    }
    if (path === '/api/functions/loadEdpUsage') return jsonResponse(200, { result: { usage: [], message: 'ok' } });
    if (path === '/api/functions/loadWeeklyPlan') {
      const week = (init?.body === undefined ? {} : JSON.parse(String(init.body))).data?.week as string;
      return jsonResponse(200, { result: emptyPlan(week) });
    }
    if (path === '/api/functions/loadMembers') {
      return jsonResponse(200, { result: { members: [], companies: [], message: 'Miembros cargados' } });
    }
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
    for (const screenPath of [
      '',
      '/edp',
      '/edc',
      '/gantt',
      '/linea-de-balance',
      '/curva-s',
      '/histograma',
      '/estados-pago',
    ]) {
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

describe("the Gantt's early loadGantt (issue 18)", () => {
  it("leaves once the screen's chunk is in, before the screen renders, outside the query cache", async () => {
    const requests = stubServer(true);
    const queryClient = createQueryClient();
    prefetchRouteData(queryClient, '/projects/p-1/gantt');
    // the session check first: loadGantt waits for the chunk, not for the session's answer
    expect(paths(requests)).toEqual(['/api/auth/get-session']);
    await waitFor(() => expect(paths(requests)).toContain('/api/functions/loadGantt'), gantt);
    await waitFor(() => expect(requests).toHaveLength(4));
    expect(requests.find((request) => request.path === '/api/functions/loadGantt')?.body).toEqual({
      data: { id: 'p-1' },
    });
    expect(queryClient.getQueryState(ganttQueryKey('p-1'))).toBeUndefined();
    expect((await takeEarlyGantt('p-1'))?.activities[0]?.TaskName).toBe('Tarea de la carga 1');
  });

  it('is sent for the Gantt only', async () => {
    const requests = stubServer(true);
    prefetchRouteData(createQueryClient(), '/projects/p-1/edp');
    prefetchRouteData(createQueryClient(), '/projects/p-1');
    await waitFor(() => expect(requests).toHaveLength(6));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(paths(requests).filter((path) => path === '/api/functions/loadGantt')).toEqual([]);
  });

  it("signs no one out: a signed-out visitor's UNAUTHENTICATED answer reaches no handler, toast or cache", async () => {
    const requests = stubServer(false);
    const unauthenticated = vi.fn();
    const stop = onUnauthenticated(unauthenticated);
    useNoticesStore.getState().clearError();
    try {
      const queryClient = createQueryClient();
      prefetchRouteData(queryClient, '/projects/p-1/gantt');
      await waitFor(
        () => expect(paths(requests)).toEqual(['/api/auth/get-session', '/api/functions/loadGantt']),
        gantt,
      );
      // the failed answer is kept as nothing: the screen would ask again
      expect(await takeEarlyGantt('p-1')).toBeUndefined();
      expect(unauthenticated).not.toHaveBeenCalled();
      expect(useNoticesStore.getState().error).toBeNull();
      expect(queryClient.getQueryState(ganttQueryKey('p-1'))).toBeUndefined();
      await waitFor(() => expect(queryClient.getQueryState(sessionQueryKey)?.status).toBe('success'));
      expect(queryClient.getQueryData(sessionQueryKey)).toBeNull();
      expect(unauthenticated).not.toHaveBeenCalled();
    } finally {
      stop();
    }
  });

  it('is taken once, for its project only, and not after its time', async () => {
    const requests = stubServer(true);
    const sent = async (count: number) =>
      waitFor(
        () => expect(paths(requests).filter((path) => path === '/api/functions/loadGantt')).toHaveLength(count),
        gantt,
      );
    prefetchRouteData(createQueryClient(), '/projects/p-1/gantt');
    await sent(1);
    expect(takeEarlyGantt('p-2')).toBeUndefined();
    // the other project's question used it up
    expect(takeEarlyGantt('p-1')).toBeUndefined();
    // once the screen has asked, a late early request is not even sent (it could never be taken fresh)
    prefetchRouteData(createQueryClient(), '/projects/p-1/gantt');
    await new Promise((resolve) => setTimeout(resolve, 300));
    await waitFor(() =>
      expect(requests.filter((request) => request.path === '/api/functions/loadProject')).toHaveLength(2),
    );
    await sent(1);

    forgetEarlyGantt();
    prefetchRouteData(createQueryClient(), '/projects/p-1/gantt');
    await sent(2);
    const sentAt = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(sentAt + EARLY_GANTT_TTL_MS + 1000);
    expect(takeEarlyGantt('p-1')).toBeUndefined();
    vi.restoreAllMocks();

    forgetEarlyGantt();
    prefetchRouteData(createQueryClient(), '/projects/p-1/gantt');
    await sent(3);
    expect(await takeEarlyGantt('p-1')).toBeDefined();
    expect(takeEarlyGantt('p-1')).toBeUndefined();
  });

  it('opens the Gantt with one loadGantt, the early one; a later visit asks again', async () => {
    const requests = stubServer(true);
    const { router, queryClient } = bootApp('/projects/p-1/gantt');
    expect(await screen.findByTestId('gantt-chart', {}, gantt)).toBeTruthy();
    const loads = () => paths(requests).filter((path) => path === '/api/functions/loadGantt');
    expect(loads()).toHaveLength(1);
    expect(queryClient.getQueryData<GanttOutput>(ganttQueryKey('p-1'))?.activities[0]?.TaskName).toBe(
      'Tarea de la carga 1',
    );
    // away (a light page), then back
    await act(() => router.navigate('/no-existe'));
    // the Gantt's query keeps no cache: the answer is gone with the screen
    await waitFor(() => expect(queryClient.getQueryState(ganttQueryKey('p-1'))).toBeUndefined(), gantt);
    await act(() => router.navigate('/projects/p-1/gantt'));
    expect(await screen.findByTestId('gantt-chart', {}, gantt)).toBeTruthy();
    await waitFor(() => expect(loads()).toHaveLength(2), gantt);
    await waitFor(
      () =>
        expect(queryClient.getQueryData<GanttOutput>(ganttQueryKey('p-1'))?.activities[0]?.TaskName).toBe(
          'Tarea de la carga 2',
        ),
      gantt,
    );
    // two visits of the Gantt, each loading its chunk's parts on a first render
  }, 30_000);

  it('asks again when the early request failed, and shows that answer without an error', async () => {
    const requests = stubServer(true, [
      () => jsonResponse(500, { error: { status: 'INTERNAL', message: 'Falla momentánea' } }),
    ]);
    useNoticesStore.getState().clearError();
    const { queryClient } = bootApp('/projects/p-1/gantt');
    expect(await screen.findByTestId('gantt-chart', {}, gantt)).toBeTruthy();
    expect(paths(requests).filter((path) => path === '/api/functions/loadGantt')).toHaveLength(2);
    expect(queryClient.getQueryData<GanttOutput>(ganttQueryKey('p-1'))?.activities[0]?.TaskName).toBe(
      'Tarea de la carga 2',
    );
    expect(useNoticesStore.getState().error).toBeNull();
    expect(screen.queryByText('Falla momentánea')).toBeNull();
  });

  it('still sends a signed-out visitor of the Gantt to /login', async () => {
    stubServer(false);
    const { router } = bootApp('/projects/p-1/gantt');
    expect(await screen.findByRole('button', { name: 'Ingresar' }, slow)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe("the field screen's early requests (issue 36)", () => {
  const week = () => weekOf(santiagoToday());
  const fieldCalls = (requests: { path: string }[]) =>
    paths(requests).filter((path) => path === '/api/functions/loadWeeklyPlan' || path === '/api/functions/loadMembers');

  it("sends this week's plan and the members beside the session check, and they are taken once, for their project and week", async () => {
    const requests = stubServer(true);
    prefetchRouteData(createQueryClient(), '/projects/p-1/terreno');
    expect(paths(requests)).toEqual([
      '/api/auth/get-session',
      '/api/functions/loadWeeklyPlan',
      '/api/functions/loadMembers',
    ]);
    expect(requests.find((request) => request.path === '/api/functions/loadWeeklyPlan')?.body).toEqual({
      data: { id: 'p-1', week: week() },
    });
    expect(requests.find((request) => request.path === '/api/functions/loadMembers')?.body).toEqual({
      data: { id: 'p-1' },
    });
    // another week's question finds nothing, and uses them up
    expect(takeEarlyField('p-1', addDays(week(), 7))).toBeUndefined();
    expect(takeEarlyField('p-1', week())).toBeUndefined();

    prefetchRouteData(createQueryClient(), '/projects/p-1/terreno');
    await waitFor(() => expect(fieldCalls(requests)).toHaveLength(4));
    expect(takeEarlyField('p-2', week())).toBeUndefined();
    prefetchRouteData(createQueryClient(), '/projects/p-1/terreno');
    await waitFor(() => expect(fieldCalls(requests)).toHaveLength(6));
    const answers = await takeEarlyField('p-1', week());
    expect(answers?.plan.week).toBe(week());
    expect(answers?.members.members).toEqual([]);
    expect(takeEarlyField('p-1', week())).toBeUndefined();
  });

  it("signs no one out: a signed-out visitor's UNAUTHENTICATED answers reach no handler; nothing is sent for another screen", async () => {
    const signedOut = stubServer(false);
    const unauthenticated = vi.fn();
    const stop = onUnauthenticated(unauthenticated);
    try {
      prefetchRouteData(createQueryClient(), '/projects/p-1/terreno');
      await waitFor(() => expect(fieldCalls(signedOut)).toHaveLength(2));
      expect(await takeEarlyField('p-1', week())).toBeUndefined();
      expect(unauthenticated).not.toHaveBeenCalled();
    } finally {
      stop();
    }
    const signedIn = stubServer(true);
    prefetchRouteData(createQueryClient(), '/projects/p-1/edp');
    await waitFor(() => expect(signedIn).toHaveLength(3));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fieldCalls(signedIn)).toEqual([]);
  });

  it('opens the field screen with one loadWeeklyPlan and one loadMembers: the screen takes the early answers', async () => {
    const requests = stubServer(true);
    bootApp('/projects/p-1/terreno');
    expect(
      await screen.findByText('No hay tareas tuyas que empiecen o estén en curso esta semana', {}, slow),
    ).toBeTruthy();
    expect(fieldCalls(requests)).toEqual(['/api/functions/loadWeeklyPlan', '/api/functions/loadMembers']);
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
