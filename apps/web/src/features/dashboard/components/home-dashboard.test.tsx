import { santiagoToday } from '@cimiento/domain';
import type { DashboardProject, DashboardTask, HistoryEntry } from '@cimiento/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildSession, jsonResponse, renderWithApp } from '@/testing/test-utils';
import type { DashboardData } from '../types';
import { HomeDashboard } from './home-dashboard';
import { MyProjects } from './my-projects';

const emptyDashboard: DashboardData = {
  projects: [],
  upcoming: [],
  recent: [],
  catalogues: { tiposArea: 3, actividades: 12, sistemas: 4, componentes: 7 },
};

const hospital: DashboardProject = {
  id: 'p-1',
  name: 'Hospital de Talca',
  code: 'HT',
  mine: true,
  start: '2026-03-02',
  finish: '2027-01-29',
  taskCount: 1234,
  criticalCount: 56,
  progress: 37.5,
  overdueConstraints: 2,
};
const school: DashboardProject = {
  id: 'p-2',
  name: 'Liceo Linares',
  code: 'LL',
  mine: false,
  start: null,
  finish: null,
  taskCount: 0,
  criticalCount: 0,
  progress: null,
  overdueConstraints: 0,
};
const excavation: DashboardTask = {
  projectId: 'p-1',
  projectName: 'Hospital de Talca',
  taskId: 9,
  code: 'HT.1.1',
  name: 'Excavación',
  start: '2026-03-02',
  finish: '2026-03-13',
  event: 'finish',
  date: '2026-03-13',
  critical: true,
};
const change: HistoryEntry = {
  id: 41,
  projectId: 'p-1',
  projectName: 'Hospital de Talca',
  userId: 'u-2',
  userName: 'Carla Planificadora',
  functionName: 'saveGantt',
  area: 'gantt',
  summary: 'Gantt: 5 tareas cambiadas',
  at: '2026-03-10T13:05:00.000Z',
};

function stubDashboard(data: DashboardData) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (input: string) => {
    const name = input.replace('/api/functions/', '');
    calls.push(name);
    if (name === 'loadDashboard') return jsonResponse(200, { result: { ...data, message: 'Panel cargado' } });
    return jsonResponse(500, { error: { status: 'INTERNAL', message: 'sin respuesta' } });
  });
  return calls;
}

function renderHome() {
  return renderWithApp(
    <HomeDashboard importAction={<button type="button">Importar programa (MS Project o Primavera P6)</button>} />,
    {
      path: '/home',
      session: buildSession({ id: 'user-1', name: 'Ana Pérez' }),
    },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('HomeDashboard', () => {
  it("with no project, invites to create one ('Crear proyecto' to the wizard) or import it, and still counts the catalogues", async () => {
    const calls = stubDashboard(emptyDashboard);
    renderHome();
    const empty = await screen.findByTestId('dashboard-empty');
    expect(within(empty).getByRole('heading', { name: 'Aún no hay proyectos' })).toBeTruthy();
    const create = within(empty).getByRole('link', { name: 'Crear proyecto' });
    expect(create.getAttribute('href')).toBe('/projects/new');
    expect(within(empty).getByRole('button', { name: 'Importar programa (MS Project o Primavera P6)' })).toBeTruthy();
    // the only 'Crear proyecto' is the empty state's
    expect(screen.getAllByRole('link', { name: 'Crear proyecto' })).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Hola, Ana Pérez', level: 1 })).toBeTruthy();

    const catalogues = screen.getByRole('group', { name: 'Catálogos' });
    expect(within(catalogues).getByText('26')).toBeTruthy();
    expect(within(catalogues).getByText('Actividades').nextElementSibling?.textContent).toBe('12');
    expect(screen.getByText('Ninguna tarea empieza ni termina en las próximas dos semanas.')).toBeTruthy();
    expect(screen.getByText(/Aún no hay cambios registrados/)).toBeTruthy();
    expect(calls).toEqual(['loadDashboard']);
  });

  it('shows a card per project with its span, counts and progress, the next two weeks and the recent changes', async () => {
    stubDashboard({
      ...emptyDashboard,
      projects: [hospital, school],
      upcoming: [
        excavation,
        {
          ...excavation,
          taskId: 10,
          code: 'HT.1.2',
          name: 'Moldaje',
          event: 'start',
          date: santiagoToday(),
          critical: false,
        },
      ],
      recent: [change],
    });
    renderHome();
    const cards = await screen.findAllByTestId('dashboard-project');
    expect(cards).toHaveLength(2);

    const first = cards[0] as HTMLElement;
    expect(within(first).getByRole('link', { name: 'Hospital de Talca' }).getAttribute('href')).toBe('/projects/p-1');
    expect(within(first).getByText('02-03-2026 – 29-01-2027')).toBeTruthy();
    expect(within(first).getByText('1.234')).toBeTruthy();
    expect(within(first).getByText('56')).toBeTruthy();
    expect(within(first).getByText('Tuyo')).toBeTruthy();
    const bar = within(first).getByRole('progressbar', { name: 'Avance físico de Hospital de Talca' });
    expect(bar.getAttribute('aria-valuenow')).toBe('38');
    expect(within(first).getByText('37,5 %')).toBeTruthy();
    // issue 36: the overdue constraints, to the project's look-ahead
    expect(within(first).getByTestId('dashboard-overdue-constraints').getAttribute('href')).toBe(
      '/projects/p-1/intermedia',
    );
    expect(within(first).getByText('2 restricciones vencidas')).toBeTruthy();

    const second = cards[1] as HTMLElement;
    expect(within(second).getByText('Sin tareas en el Gantt')).toBeTruthy();
    expect(within(second).getByText('Sin avance registrado')).toBeTruthy();
    expect(within(second).queryByRole('progressbar')).toBeNull();
    expect(within(second).queryByText('Tuyo')).toBeNull();
    expect(within(second).queryByTestId('dashboard-overdue-constraints')).toBeNull();

    // KPI: projects (one mine), tasks and critical tasks across projects
    expect(within(screen.getByRole('group', { name: 'Proyectos' })).getByText('1 creado por ti')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Tareas' })).getByText('1.234')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Tareas críticas' })).getByText('56')).toBeTruthy();
    // with projects, the greeting has its own 'Crear proyecto'
    expect(screen.getByRole('link', { name: 'Crear proyecto' }).getAttribute('href')).toBe('/projects/new');
    expect(screen.queryByTestId('dashboard-empty')).toBeNull();

    const upcoming = screen.getAllByTestId('dashboard-upcoming');
    expect(upcoming).toHaveLength(2);
    expect(upcoming[0]?.textContent).toContain('13-03-2026');
    expect(upcoming[0]?.textContent).toContain('Termina');
    expect(within(upcoming[0] as HTMLElement).getByText('Crítica')).toBeTruthy();
    expect(
      within(upcoming[0] as HTMLElement)
        .getByRole('link', { name: 'Hospital de Talca' })
        .getAttribute('href'),
    ).toBe('/projects/p-1/gantt');
    expect(upcoming[1]?.textContent).toContain('Hoy');
    expect(upcoming[1]?.textContent).toContain('Inicia');
    expect(within(upcoming[1] as HTMLElement).queryByText('Crítica')).toBeNull();

    const [recent] = screen.getAllByTestId('dashboard-recent');
    expect(recent?.textContent).toContain('Carla Planificadora');
    expect(recent?.textContent).toContain('Gantt: 5 tareas cambiadas');
    expect(recent?.textContent).toContain('10-03-2026 10:05');
    expect(
      within(recent as HTMLElement)
        .getByRole('link', { name: 'Hospital de Talca' })
        .getAttribute('href'),
    ).toBe('/projects/p-1');
  });

  it('says so, with Reintentar, when the dashboard cannot be loaded', async () => {
    vi.stubGlobal('fetch', async () => jsonResponse(500, { error: { status: 'INTERNAL', message: 'Falla interna' } }));
    renderHome();
    expect(await screen.findByText(/No se pudo cargar el panel/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });
});

describe('MyProjects', () => {
  it("lists only the caller's own projects, and invites to create one when there is none", async () => {
    const { unmount } = renderWithApp(<MyProjects data={{ ...emptyDashboard, projects: [hospital, school] }} />, {
      session: buildSession(),
    });
    expect(screen.getAllByTestId('dashboard-project')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Hospital de Talca' })).toBeTruthy();
    expect(screen.queryByText('Liceo Linares')).toBeNull();
    expect(screen.getByText('1 proyecto creado por ti')).toBeTruthy();
    unmount();

    renderWithApp(<MyProjects data={{ ...emptyDashboard, projects: [school] }} />, { session: buildSession() });
    expect(screen.getByText('Aún no has creado proyectos.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Crear proyecto' }).getAttribute('href')).toBe('/projects/new');
  });
});
