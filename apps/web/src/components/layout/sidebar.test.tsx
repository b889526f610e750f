import type { ProjectSummary } from '@cimiento/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useProjectStore } from '@/lib/stores/project-store';
import { defaultSettings, useSettingsStore } from '@/lib/stores/settings-store';
import { buildSession, jsonResponse, renderWithApp, setWindowWidth } from '@/testing/test-utils';
import { Sidebar } from './sidebar';

function summary(overrides: Partial<ProjectSummary> & { id: string; name: string }): ProjectSummary {
  return {
    _id: overrides.id,
    code: 'P1',
    currency: 'CLP',
    budget: '1000',
    date: { _seconds: 1_700_000_000 },
    mine: true,
    priority: '0',
    startYear: '2023',
    endYear: '2023',
    workWeek: 'mon-fri',
    version: 1,
    role: 'planificador',
    ...overrides,
  };
}

/** The server's loadProjects, answering this list. */
function stubProjects(projects: ProjectSummary[]) {
  vi.stubGlobal('fetch', async (input: string) => {
    if (input === '/api/functions/loadProjects') {
      return jsonResponse(200, { result: { projects, message: 'Proyectos cargados' } });
    }
    return jsonResponse(404, { error: { status: 'NOT_FOUND', message: 'no' } });
  });
}

const menuLinks: [string, string][] = [
  ['Mi perfil', '/profile/settings'],
  ['Nuevo Proyecto', '/projects/new'],
  ['Proyectos', '/projects'],
  ['Actividades', '/admin/actividades'],
  ['Tipos de área', '/admin/tipos-area'],
  ['Sistemas', '/admin/sistemas'],
  ['Componentes', '/admin/componentes'],
  ['Valores UF', '/admin/valores-uf'],
  // issue 30
  ['Registro de cambios', '/admin/registro-cambios'],
  ['Usuarios', '/usuarios/list'],
];

describe('Sidebar', () => {
  beforeEach(() => {
    setWindowWidth(1400);
    useSettingsStore.setState(defaultSettings);
    stubProjects([]);
  });

  afterEach(() => {
    useProjectStore.setState({ currentProject: null, userId: null });
  });

  it('links every menu entry to its route, with the brand going to /home', async () => {
    renderWithApp(<Sidebar />, { path: '/home', session: buildSession({ name: 'Ana Pérez' }) });
    for (const [label, path] of menuLinks) {
      expect((await screen.findByRole('link', { name: label })).getAttribute('href')).toBe(path);
    }
    expect(screen.getByRole('link', { name: 'Cimiento' }).getAttribute('href')).toBe('/home');
    expect(screen.getByText('Ana Pérez')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mis proyectos' })).toBeTruthy();
    expect(screen.getByText('Sin proyectos')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Administración' })).toBeTruthy();
  });

  // issue 30: the 'Papelera' is for administrators
  it("shows 'Papelera' under Administración to administrators only", async () => {
    const { unmount } = renderWithApp(<Sidebar />, { path: '/home', session: buildSession({ role: 'admin' }) });
    expect((await screen.findByRole('link', { name: 'Papelera' })).getAttribute('href')).toBe('/admin/papelera');
    unmount();
    renderWithApp(<Sidebar />, { path: '/home', session: buildSession({ role: 'user' }) });
    await screen.findByRole('link', { name: 'Valores UF' });
    expect(screen.queryByRole('link', { name: 'Papelera' })).toBeNull();
  });

  it('marks only the link of the current route as the current page', async () => {
    renderWithApp(<Sidebar />, { path: '/admin/sistemas', session: buildSession() });
    const active = await screen.findByRole('link', { name: 'Sistemas' });
    expect(active.getAttribute('aria-current')).toBe('page');
    for (const [label] of menuLinks.filter(([label]) => label !== 'Sistemas')) {
      expect(screen.getByRole('link', { name: label }).getAttribute('aria-current')).toBeNull();
    }
  });

  it('does not mark Proyectos while creating a new project', async () => {
    renderWithApp(<Sidebar />, { path: '/projects/new', session: buildSession() });
    expect((await screen.findByRole('link', { name: 'Nuevo Proyecto' })).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Proyectos' }).getAttribute('aria-current')).toBeNull();
  });

  it("always shows the current project group: 'Proyecto actual' with 'current' links while none is selected", async () => {
    renderWithApp(<Sidebar />, { path: '/home', session: buildSession() });
    expect(await screen.findByRole('button', { name: 'Proyecto actual' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'EDP' }).getAttribute('href')).toBe('/projects/current/edp');
    expect(screen.getByRole('link', { name: 'EDC' }).getAttribute('href')).toBe('/projects/current/edc');
    expect(screen.getByRole('link', { name: 'Gantt' }).getAttribute('href')).toBe('/projects/current/gantt');
    // issue 35: the 'Línea de balance' next to the Gantt
    expect(screen.getByRole('link', { name: 'Línea de balance' }).getAttribute('href')).toBe(
      '/projects/current/linea-de-balance',
    );
    expect(screen.getByRole('link', { name: 'Estados de pago' }).getAttribute('href')).toBe(
      '/projects/current/estados-pago',
    );
    // issue 36: 'Miembros' after 'Estados de pago'
    expect(screen.getByRole('link', { name: 'Miembros' }).getAttribute('href')).toBe('/projects/current/miembros');
    // issue 36: the Last Planner's screens after 'Miembros'
    expect(screen.getByRole('link', { name: 'Intermedia' }).getAttribute('href')).toBe('/projects/current/intermedia');
    expect(screen.getByRole('link', { name: 'Plan semanal' }).getAttribute('href')).toBe(
      '/projects/current/plan-semanal',
    );
    expect(screen.getByRole('link', { name: 'PPC' }).getAttribute('href')).toBe('/projects/current/ppc');
    // issue 16: 'Curva S' after the Gantt, on the same 'current' routing
    expect(screen.getByRole('link', { name: 'Curva S' }).getAttribute('href')).toBe('/projects/current/curva-s');
    // issue 35: the 'Histograma de recursos' next to it
    expect(screen.getByRole('link', { name: 'Histograma de recursos' }).getAttribute('href')).toBe(
      '/projects/current/histograma',
    );
  });

  it('names the current project group after the selected project and links to its screens', async () => {
    stubProjects([summary({ id: 'p-42', name: 'Hospital de Talca' })]);
    renderWithApp(<Sidebar />, { path: '/home', session: buildSession({ id: 'user-1' }) });
    await screen.findByRole('button', { name: 'Proyecto actual' });

    act(() => useProjectStore.getState().setCurrentProject({ id: 'p-42', name: 'Hospital de Talca' }, 'user-1'));
    expect(await screen.findByRole('button', { name: 'Hospital de Talca' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Proyecto actual' })).toBeNull();
    expect(screen.getByRole('link', { name: 'EDP' }).getAttribute('href')).toBe('/projects/p-42/edp');
    expect(screen.getByRole('link', { name: 'EDC' }).getAttribute('href')).toBe('/projects/p-42/edc');
    expect(screen.getByRole('link', { name: 'Gantt' }).getAttribute('href')).toBe('/projects/p-42/gantt');
    expect(screen.getByRole('link', { name: 'Línea de balance' }).getAttribute('href')).toBe(
      '/projects/p-42/linea-de-balance',
    );
    expect(screen.getByRole('link', { name: 'Estados de pago' }).getAttribute('href')).toBe(
      '/projects/p-42/estados-pago',
    );
    expect(screen.getByRole('link', { name: 'Miembros' }).getAttribute('href')).toBe('/projects/p-42/miembros');
    expect(screen.getByRole('link', { name: 'Intermedia' }).getAttribute('href')).toBe('/projects/p-42/intermedia');
    expect(screen.getByRole('link', { name: 'Curva S' }).getAttribute('href')).toBe('/projects/p-42/curva-s');
    expect(screen.getByRole('link', { name: 'Histograma de recursos' }).getAttribute('href')).toBe(
      '/projects/p-42/histograma',
    );
  });

  it('does not show a project another user selected on this browser, and forgets it', async () => {
    useProjectStore.setState({ currentProject: { id: 'p-42', name: 'Hospital de Talca' }, userId: 'user-9' });
    renderWithApp(<Sidebar />, { path: '/home', session: buildSession({ id: 'user-1' }) });
    expect(await screen.findByRole('button', { name: 'Proyecto actual' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'EDP' }).getAttribute('href')).toBe('/projects/current/edp');
    await waitFor(() => expect(useProjectStore.getState().currentProject).toBeNull());
  });

  it('forgets the current project when the project list no longer has it', async () => {
    stubProjects([summary({ id: 'p-1', name: 'Liceo de Curicó' })]);
    useProjectStore.setState({ currentProject: { id: 'p-42', name: 'Hospital de Talca' }, userId: 'user-1' });
    renderWithApp(<Sidebar />, { path: '/home', session: buildSession({ id: 'user-1' }) });
    await waitFor(() => expect(useProjectStore.getState().currentProject).toBeNull());
    expect(await screen.findByRole('button', { name: 'Proyecto actual' })).toBeTruthy();
  });

  it("lists only the user's own projects under 'Mis proyectos', sorted by name, each linking to its screen", async () => {
    stubProjects([
      summary({ id: 'p-3', name: 'Puente Maipo' }),
      summary({ id: 'p-1', name: 'Edificio Ñuñoa', mine: false }),
      summary({ id: 'p-2', name: 'Consultorio Linares' }),
    ]);
    renderWithApp(<Sidebar />, { path: '/home', session: buildSession() });
    const group = screen.getByRole('button', { name: 'Mis proyectos' });
    const list = document.getElementById(group.getAttribute('aria-controls') ?? '') as HTMLElement;
    await within(list).findByRole('link', { name: 'Consultorio Linares' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Consultorio Linares', '/projects/p-2'],
      ['Puente Maipo', '/projects/p-3'],
    ]);
    expect(screen.queryByText('Edificio Ñuñoa')).toBeNull();
    expect(within(list).queryByText('Sin proyectos')).toBeNull();
  });

  it('collapses and expands a group', async () => {
    const user = userEvent.setup();
    renderWithApp(<Sidebar />, { path: '/home', session: buildSession() });
    const group = await screen.findByRole('button', { name: 'Administración' });
    expect(group.getAttribute('aria-expanded')).toBe('true');
    await user.click(group);
    expect(group.getAttribute('aria-expanded')).toBe('false');
  });

  it('keeps link names for screen readers in the narrow sidebar', async () => {
    useSettingsStore.setState({ isSidebarMini: true });
    renderWithApp(<Sidebar />, { path: '/home', session: buildSession() });
    expect(await screen.findByRole('link', { name: 'Usuarios' })).toBeTruthy();
  });
});
