import type { LoadedProject } from '@cimiento/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/react-query';
import { useProjectStore } from '@/lib/stores/project-store';
import { buildLoadedProject, buildSession, jsonResponse, renderWithApp } from '@/testing/test-utils';
import { ProjectEdp } from '@/features/edp/components/project-edp';
import { ProjectHome } from '@/features/projects/components/project-home';

function loadedProject(overrides: Partial<Omit<LoadedProject, 'edp'>> = {}): LoadedProject {
  return buildLoadedProject({
    tiposArea: [
      { _id: 'urg', id: 'urg', code: 'URG', name: 'Urgencia', priority: 2, sectores: [], quantity: 2 },
      { _id: 'adm', id: 'adm', code: 'ADM', name: 'Administración', priority: 3, sectores: [], quantity: 0 },
      { _id: 'pab', id: 'pab', code: 'PAB', name: 'Pabellones', priority: 1, sectores: [], quantity: 1 },
    ],
    edpItemCount: 1234,
    items: [
      { id: 1, code: 'HT', name: 'Hospital de Talca' },
      { id: 2, parentId: 1, code: 'HT.1', name: 'Pabellones' },
      { id: 3, parentId: 2, code: 'HT.1.1', name: 'Quirófano' },
    ],
    ...overrides,
  });
}

const NOT_A_MEMBER = 'No eres miembro de este proyecto: pide a un Planificador del proyecto que te agregue';

/**
 * loadProject answering these projects by id (NOT_FOUND for the others; issue 36: PERMISSION_DENIED
 * for `denied`), recording the ids asked for; loadProjects answers them with the caller's `role`.
 */
function stubLoadProject(
  projects: LoadedProject[],
  options: { denied?: string[]; role?: 'planificador' | 'terreno' | 'subcontratista' | 'lector' | null } = {},
) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    if (input === '/api/functions/loadProjects' && options.role !== undefined) {
      const summaries = projects.map(({ edp: _edp, tiposArea: _tiposArea, edpItemCount: _count, ...rest }) => ({
        ...rest,
        mine: false,
        role: options.role,
      }));
      return jsonResponse(200, { result: { projects: summaries, message: 'Proyectos cargados' } });
    }
    if (input === '/api/functions/loadProject') {
      const { data } = JSON.parse(String(init?.body)) as { data: { id: string } };
      asked.push(data.id);
      if (options.denied?.includes(data.id)) {
        return jsonResponse(403, { error: { status: 'PERMISSION_DENIED', message: NOT_A_MEMBER } });
      }
      const project = projects.find((candidate) => candidate._id === data.id);
      if (!project) {
        return jsonResponse(404, { error: { status: 'NOT_FOUND', message: `No existe el proyecto ${data.id}` } });
      }
      return jsonResponse(200, { result: { project, message: 'Proyecto cargado' } });
    }
    return jsonResponse(404, { error: { status: 'NOT_FOUND', message: 'no' } });
  });
  return asked;
}

function renderAt(ui: React.ReactNode, path: string, routePath: string) {
  return renderWithApp(ui, {
    path,
    routePath,
    session: buildSession({ id: 'user-1' }),
    queryClient: createQueryClient(),
  });
}

describe('project routes: resolving the project', () => {
  afterEach(() => {
    useProjectStore.setState({ currentProject: null, userId: null });
  });

  it("'current' with no project selected says so and links to the project list, asking the server nothing", async () => {
    const asked = stubLoadProject([]);
    renderAt(<ProjectHome />, '/projects/current', '/projects/:id');
    expect(await screen.findByRole('heading', { name: 'No hay un proyecto seleccionado' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir a la lista de proyectos' }).getAttribute('href')).toBe('/projects');
    expect(asked).toEqual([]);
  });

  it("'current' loads the selected project", async () => {
    const asked = stubLoadProject([loadedProject()]);
    useProjectStore.setState({ currentProject: { id: 'p-1', name: 'Hospital de Talca' }, userId: 'user-1' });
    renderAt(<ProjectEdp />, '/projects/current/edp', '/projects/:id/edp');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hospital de Talca' })).toBeTruthy();
    expect(asked).toEqual(['p-1']);
  });

  it('an unknown id shows Proyecto no encontrado in the screen, without an error toast, and is forgotten', async () => {
    stubLoadProject([]);
    useProjectStore.setState({ currentProject: { id: 'p-gone', name: 'Borrado' }, userId: 'user-1' });
    renderAt(<ProjectHome />, '/projects/p-gone', '/projects/:id');
    expect(await screen.findByRole('heading', { name: 'Proyecto no encontrado' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir a la lista de proyectos' }).getAttribute('href')).toBe('/projects');
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(useProjectStore.getState().currentProject).toBeNull());
  });

  it("issue 36: a project the caller is not a member of shows the server's refusal, without an error toast, and is forgotten", async () => {
    const asked = stubLoadProject([], { denied: ['p-other'] });
    useProjectStore.setState({ currentProject: { id: 'p-other', name: 'Ajeno' }, userId: 'user-1' });
    renderAt(<ProjectHome />, '/projects/p-other', '/projects/:id');
    expect(await screen.findByRole('heading', { name: 'Sin acceso a este proyecto' })).toBeTruthy();
    expect(screen.getByText(NOT_A_MEMBER)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir a la lista de proyectos' }).getAttribute('href')).toBe('/projects');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reintentar' })).toBeNull();
    await waitFor(() => expect(useProjectStore.getState().currentProject).toBeNull());
    expect(asked).toEqual(['p-other']);
  });

  it("issue 36: the project home shows the caller's role with a link to the members", async () => {
    stubLoadProject([loadedProject()], { role: 'terreno' });
    renderAt(<ProjectHome />, '/projects/p-1', '/projects/:id');
    await screen.findByRole('heading', { level: 1, name: 'Hospital de Talca' });
    await screen.findByText('Terreno');
    const terms = screen.getAllByRole('term').map((entry) => entry.textContent);
    expect(terms).toContain('Tu rol');
    expect(screen.getByRole('link', { name: 'Ver miembros' }).getAttribute('href')).toBe('/projects/p-1/miembros');
  });

  it("issue 36: the project home links to the Last Planner's screens", async () => {
    stubLoadProject([loadedProject()], { role: 'terreno' });
    renderAt(<ProjectHome />, '/projects/p-1', '/projects/:id');
    const links = within(await screen.findByRole('navigation', { name: 'Last Planner' })).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Intermedia', '/projects/p-1/intermedia'],
      ['Plan semanal', '/projects/p-1/plan-semanal'],
      ['PPC', '/projects/p-1/ppc'],
    ]);
  });

  it('a loaded project becomes the current project when it differs', async () => {
    stubLoadProject([loadedProject()]);
    useProjectStore.setState({ currentProject: { id: 'p-9', name: 'Otro' }, userId: 'user-1' });
    renderAt(<ProjectHome />, '/projects/p-1', '/projects/:id');
    await screen.findByRole('heading', { level: 1, name: 'Hospital de Talca' });
    await waitFor(() =>
      expect(useProjectStore.getState()).toMatchObject({
        currentProject: { id: 'p-1', name: 'Hospital de Talca' },
        userId: 'user-1',
      }),
    );
  });

  it('the project home shows its data, the chosen area types by priority and links to its screens', async () => {
    stubLoadProject([loadedProject()]);
    renderAt(<ProjectHome />, '/projects/p-1', '/projects/:id');
    await screen.findByRole('heading', { level: 1, name: 'Hospital de Talca' });
    const terms = screen.getAllByRole('term').map((term) => term.textContent);
    const values = screen.getAllByRole('definition').map((value) => value.textContent);
    expect(Object.fromEntries(terms.map((term, index) => [term, values[index]]))).toEqual({
      Código: 'HT',
      'Last Planner': 'IntermediaPlan semanalPPC',
      Prioridad: '0',
      'Plantilla EDP': 'generica',
      Presupuesto: '$1.234.567',
      'Período de ejecución': '2023 - 2025',
      'Semana laboral': 'Lunes a viernes',
      'Tipos de área': 'Pabellones: 1Urgencia: 2',
      'Ítems del EDP': '1.234',
    });
    expect(screen.getByRole('link', { name: 'Abrir EDP' }).getAttribute('href')).toBe('/projects/p-1/edp');
    expect(screen.getByRole('link', { name: 'Abrir EDC' }).getAttribute('href')).toBe('/projects/p-1/edc');
    expect(screen.getByRole('link', { name: 'Abrir Gantt' }).getAttribute('href')).toBe('/projects/p-1/gantt');
  });

  it("says 'Sin tipos de área' when no area type was chosen", async () => {
    stubLoadProject([loadedProject({ tiposArea: [] })]);
    renderAt(<ProjectHome />, '/projects/p-1', '/projects/:id');
    expect(await screen.findByText('Sin tipos de área')).toBeTruthy();
  });
});
