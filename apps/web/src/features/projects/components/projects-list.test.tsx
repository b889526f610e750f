import type { ProjectSummary } from '@cimiento/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useProjectStore } from '@/lib/stores/project-store';
import { buildSession, jsonResponse, renderWithApp } from '@/testing/test-utils';
import { ProjectsList } from './projects-list';

function summary(index: number, overrides: Partial<ProjectSummary> = {}): ProjectSummary {
  const id = `p-${index}`;
  return {
    _id: id,
    id,
    name: `Proyecto ${String(index).padStart(2, '0')}`,
    code: `P${index}`,
    currency: 'CLP',
    budget: `${index}000000`,
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

/** loadProjects over a list that removeProject shrinks (to the Papelera); records the calls. */
function stubServer(initial: ProjectSummary[]) {
  let projects = initial;
  const calls: { name: string; data: unknown }[] = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const name = input.replace('/api/functions/', '');
    const { data } = JSON.parse(String(init?.body)) as { data: { id?: string } | null };
    calls.push({ name, data });
    if (name === 'loadProjects') return jsonResponse(200, { result: { projects, message: 'Proyectos cargados' } });
    if (name === 'loadProjectHoldings') {
      return jsonResponse(200, {
        result: {
          holdings: {
            edpItems: 120,
            edcItems: 1,
            tasks: 340,
            estadosPago: 3,
            approvedEstadosPago: 2,
            historyEntries: 9,
            amount: '12345678',
            budget: '0',
            currency: 'CLP',
          },
          message: 'Contenido del proyecto cargado',
        },
      });
    }
    if (name === 'removeProject') {
      const removed = projects.find((project) => project._id === data?.id);
      projects = projects.filter((project) => project._id !== data?.id);
      return jsonResponse(200, { result: { message: `Proyecto «${removed?.name}» enviado a la Papelera` } });
    }
    return jsonResponse(404, { error: { status: 'NOT_FOUND', message: 'no' } });
  });
  return calls;
}

function renderList() {
  return renderWithApp(<ProjectsList />, { path: '/projects', session: buildSession({ id: 'user-1' }) });
}

describe('ProjectsList', () => {
  afterEach(() => {
    useProjectStore.setState({ currentProject: null, userId: null });
  });

  it("loads on opening, announces 'Proyectos cargados' and shows name (code) and the budget in its currency", async () => {
    stubServer([
      summary(1, { name: 'Hospital de Talca', code: 'HT', currency: 'UF', budget: '1234.5' }),
      summary(2, { name: 'Liceo Curicó', code: 'LC', currency: 'CLP', budget: '250000000' }),
    ]);
    renderList();
    expect(await screen.findByRole('heading', { name: 'Lista de proyectos' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Hospital de Talca (HT)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'UF 1.234,50' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '$250.000.000' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Eliminar Liceo Curicó' })).toBeTruthy();
    expect((await screen.findByRole('status')).textContent).toContain('Proyectos cargados');
  });

  it("issue 36: shows the caller's role on each project, 'Administrador' where an administrator is not a member", async () => {
    stubServer([
      summary(1, { name: 'Hospital de Talca', code: 'HT', role: 'terreno' }),
      summary(2, { name: 'Liceo Curicó', code: 'LC', role: 'lector' }),
      summary(3, { name: 'Puente Maule', code: 'PM', role: null }),
    ]);
    renderList();
    await screen.findByRole('button', { name: 'Hospital de Talca (HT)' });
    expect(screen.getAllByRole('columnheader').some((header) => header.textContent?.includes('Tu rol'))).toBe(true);
    const row = (name: string) => screen.getByRole('button', { name }).closest('tr') as HTMLElement;
    expect(within(row('Hospital de Talca (HT)')).getByText('Terreno')).toBeTruthy();
    expect(within(row('Liceo Curicó (LC)')).getByText('Lector')).toBeTruthy();
    expect(within(row('Puente Maule (PM)')).getByText('Administrador')).toBeTruthy();
    // editing and deleting a project are the Planificador's and an administrator's
    expect(within(row('Hospital de Talca (HT)')).queryByRole('button', { name: /^(Editar|Eliminar) / })).toBeNull();
    expect(within(row('Liceo Curicó (LC)')).queryByRole('button', { name: /^(Editar|Eliminar) / })).toBeNull();
    expect(within(row('Puente Maule (PM)')).getByRole('button', { name: 'Eliminar Puente Maule' })).toBeTruthy();
  });

  it('pages by 10 and searches by name or code', async () => {
    const user = userEvent.setup();
    stubServer(Array.from({ length: 12 }, (_, index) => summary(index + 1)));
    renderList();
    await screen.findByRole('button', { name: 'Proyecto 01 (P1)' });
    expect(screen.getAllByRole('button', { name: /^Eliminar / })).toHaveLength(10);
    await user.type(screen.getByRole('textbox', { name: 'Buscar' }), 'P12');
    // the filter follows each key; on a loaded 2-core machine the grid's re-render can pass waitFor's 1 s
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Eliminar / })).toHaveLength(1), {
      timeout: 5000,
    });
    expect(screen.getByRole('button', { name: 'Proyecto 12 (P12)' })).toBeTruthy();
  });

  it("says 'No se encontraron resultados' when there are no projects", async () => {
    stubServer([]);
    renderList();
    expect(await screen.findByText('No se encontraron resultados')).toBeTruthy();
  });

  it('a name or a budget selects the project and opens it', async () => {
    const user = userEvent.setup();
    stubServer([summary(1, { name: 'Hospital de Talca', code: 'HT' })]);
    const { router } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Hospital de Talca (HT)' }));
    expect(router.state.location.pathname).toBe('/projects/p-1');
    expect(useProjectStore.getState()).toMatchObject({
      currentProject: { id: 'p-1', name: 'Hospital de Talca' },
      userId: 'user-1',
    });
    await router.navigate('/projects');
    useProjectStore.setState({ currentProject: null, userId: null });
    await user.click(await screen.findByRole('button', { name: '$1.000.000' }));
    expect(router.state.location.pathname).toBe('/projects/p-1');
    expect(useProjectStore.getState().currentProject).toEqual({ id: 'p-1', name: 'Hospital de Talca' });
  });

  it('deletes by _id only after confirmation, forgets it as the current project and reloads the list', async () => {
    const user = userEvent.setup();
    const calls = stubServer([summary(1, { name: 'Hospital de Talca' }), summary(2, { name: 'Liceo Curicó' })]);
    useProjectStore.setState({ currentProject: { id: 'p-1', name: 'Hospital de Talca' }, userId: 'user-1' });
    renderList();

    await user.click(await screen.findByRole('button', { name: 'Eliminar Hospital de Talca' }));
    let dialog = await screen.findByRole('alertdialog', { name: '¿Estás seguro?' });
    expect(within(dialog).getByText('Confirma que deseas eliminar el proyecto')).toBeTruthy();
    // issue 30: where it goes, for how long, and what it holds
    expect(within(dialog).getByTestId('remove-project-trash').textContent).toBe(
      '«Hospital de Talca» (P1) irá a la Papelera: un administrador puede restaurarlo durante 30 días; después se elimina definitivamente.',
    );
    expect((await within(dialog).findByTestId('remove-project-holdings')).textContent).toBe(
      'Contiene 120 ítems del EDP, 1 ítem de EDC, 340 tareas del Gantt, 3 estados de pago (2 aprobados) y un monto de $12.345.678.',
    );
    expect(calls.filter((entry) => entry.name === 'loadProjectHoldings')).toEqual([
      { name: 'loadProjectHoldings', data: { id: 'p-1' } },
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.filter((entry) => entry.name === 'removeProject')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Eliminar Hospital de Talca' }));
    dialog = await screen.findByRole('alertdialog', { name: '¿Estás seguro?' });
    await user.click(within(dialog).getByRole('button', { name: 'Si, estoy seguro' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Eliminar Hospital de Talca' })).toBeNull());
    expect(calls.filter((entry) => entry.name === 'removeProject')).toEqual([
      { name: 'removeProject', data: { id: 'p-1' } },
    ]);
    expect(useProjectStore.getState().currentProject).toBeNull();
    expect(screen.getByRole('button', { name: 'Eliminar Liceo Curicó' })).toBeTruthy();
    expect((await screen.findByRole('status')).textContent).toContain(
      'Proyecto «Hospital de Talca» enviado a la Papelera',
    );
  });
});
