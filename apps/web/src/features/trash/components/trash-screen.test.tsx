import type { TrashedProject } from '@cimiento/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildSession, jsonResponse, renderWithApp, setWindowWidth } from '@/testing/test-utils';
import { TrashScreen } from './trash-screen';

type Call = { name: string; data: unknown };

/** A project in the trash; deleted on 15 January 2026 at 15:04 UTC (12:04 in Santiago, summer time). */
function trashed(index: number, overrides: Partial<TrashedProject> = {}): TrashedProject {
  return {
    id: `p-${index}`,
    name: `Edificio ${index}`,
    code: `ED${index}`,
    deletedAt: '2026-01-15T15:04:00.000Z',
    deletedBy: 'Beto Borrador',
    purgeAt: '2026-02-14T15:04:00.000Z',
    holdings: {
      edpItems: 7,
      edcItems: 4,
      tasks: 11,
      estadosPago: 2,
      approvedEstadosPago: 1,
      historyEntries: 12,
      amount: '20005',
      budget: '0',
      currency: 'CLP',
    },
    ...overrides,
  };
}

/** loadTrash over a list that restoreProject, purgeProject and emptyTrash shrink; records the calls. */
function stubServer(initial: TrashedProject[]) {
  let projects = initial;
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const name = input.replace('/api/functions/', '');
    const { data } = JSON.parse(String(init?.body ?? '{"data":null}')) as { data: { id?: string } | null };
    calls.push({ name, data });
    const without = (id: string | undefined) => {
      const found = projects.find((project) => project.id === id);
      projects = projects.filter((project) => project.id !== id);
      return found;
    };
    if (name === 'loadTrash') return jsonResponse(200, { result: { projects, message: 'Papelera' } });
    if (name === 'restoreProject') {
      const found = without(data?.id);
      return jsonResponse(200, { result: { message: `Proyecto «${found?.name}» restaurado` } });
    }
    if (name === 'purgeProject') {
      const found = without(data?.id);
      return jsonResponse(200, { result: { message: `Proyecto «${found?.name}» eliminado definitivamente` } });
    }
    if (name === 'emptyTrash') {
      const purged = projects.length;
      projects = [];
      return jsonResponse(200, { result: { purged, message: `Papelera vaciada: ${purged} proyectos` } });
    }
    if (name === 'loadProjects') return jsonResponse(200, { result: { projects: [], message: 'Proyectos cargados' } });
    return jsonResponse(404, { error: { status: 'NOT_FOUND', message: 'no' } });
  });
  return calls;
}

const named = (calls: Call[], name: string) => calls.filter((entry) => entry.name === name);

function renderScreen(role = 'admin') {
  return renderWithApp(<TrashScreen />, { path: '/admin/papelera', session: buildSession({ role }) });
}

afterEach(() => {
  vi.unstubAllGlobals();
  setWindowWidth(1024);
});

describe('TrashScreen', () => {
  it('lists each project with its code, name, when (Santiago time), by whom, its purge date and what it holds', async () => {
    setWindowWidth(1400);
    stubServer([
      trashed(1),
      trashed(2, { deletedBy: 'Ana Seguidora', holdings: { ...trashed(2).holdings, currency: 'UF', amount: '12.5' } }),
    ]);
    renderScreen();
    const table = await screen.findByRole('table', { name: 'Proyectos en la Papelera' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Código', 'Nombre', 'Eliminado el', 'Eliminado por', 'Se elimina definitivamente el', 'Acciones']);
    const row = screen.getByTestId('trash-row-p-1');
    expect(within(row).getByText('ED1')).toBeTruthy();
    expect(within(row).getByText('Edificio 1')).toBeTruthy();
    expect(within(row).getByText('15-01-2026 12:04')).toBeTruthy();
    expect(within(row).getByText('Beto Borrador')).toBeTruthy();
    expect(within(row).getByText('14-02-2026')).toBeTruthy();
    expect(
      within(row).getByText(
        '7 ítems del EDP, 4 ítems de EDC, 11 tareas del Gantt, 2 estados de pago (1 aprobado) y un monto de $20.005',
      ),
    ).toBeTruthy();
    expect(within(screen.getByTestId('trash-row-p-2')).getByText(/y un monto de UF 12,50$/)).toBeTruthy();
    expect(screen.getByText(/esperan aquí 30 días/)).toBeTruthy();
  });

  it('restores a project only after asking, saying what comes back; the list reloads', async () => {
    const user = userEvent.setup();
    const calls = stubServer([trashed(1), trashed(2)]);
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Restaurar Edificio 1' }));
    let dialog = await screen.findByRole('alertdialog', { name: '¿Estás seguro?' });
    expect(
      within(dialog).getByText(
        'Se restaurará «Edificio 1» (ED1): vuelve a la lista de proyectos con todo su contenido y su historial.',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByTestId('trash-confirm-details').textContent).toBe(
      'Contiene 7 ítems del EDP, 4 ítems de EDC, 11 tareas del Gantt, 2 estados de pago (1 aprobado) y un monto de $20.005.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(named(calls, 'restoreProject')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Restaurar Edificio 1' }));
    dialog = await screen.findByRole('alertdialog', { name: '¿Estás seguro?' });
    await user.click(within(dialog).getByRole('button', { name: 'Si, estoy seguro' }));
    await waitFor(() => expect(screen.queryByTestId('trash-row-p-1')).toBeNull());
    expect(named(calls, 'restoreProject')).toEqual([{ name: 'restoreProject', data: { id: 'p-1' } }]);
    expect(screen.getByTestId('trash-row-p-2')).toBeTruthy();
    expect((await screen.findByRole('status')).textContent).toContain('Proyecto «Edificio 1» restaurado');
  });

  it('deletes one for good only after saying what it takes, counts and money', async () => {
    const user = userEvent.setup();
    const calls = stubServer([trashed(1)]);
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Eliminar definitivamente Edificio 1' }));
    const dialog = await screen.findByRole('alertdialog', { name: '¿Estás seguro?' });
    expect(
      within(dialog).getByText('Se eliminará definitivamente «Edificio 1» (ED1). No se puede deshacer.'),
    ).toBeTruthy();
    expect(within(dialog).getByTestId('trash-confirm-details').textContent).toBe(
      'Se pierde: 7 ítems del EDP, 4 ítems de EDC, 11 tareas del Gantt, 2 estados de pago (1 aprobado) y un monto de $20.005.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Si, estoy seguro' }));
    expect(await screen.findByTestId('trash-empty')).toBeTruthy();
    expect(named(calls, 'purgeProject')).toEqual([{ name: 'purgeProject', data: { id: 'p-1' } }]);
  });

  it("'Vaciar papelera' asks first with everything it takes added up, then empties it", async () => {
    const user = userEvent.setup();
    const calls = stubServer([
      trashed(1),
      trashed(2, { holdings: { ...trashed(2).holdings, edpItems: 1, amount: '995' } }),
      trashed(3, { holdings: { ...trashed(3).holdings, currency: 'UF', amount: '10' } }),
    ]);
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Vaciar papelera' }));
    const dialog = await screen.findByRole('alertdialog', { name: '¿Estás seguro?' });
    expect(
      within(dialog).getByText('Se eliminarán definitivamente los 3 proyectos de la Papelera. No se puede deshacer.'),
    ).toBeTruthy();
    expect(within(dialog).getByTestId('trash-confirm-details').textContent).toBe(
      'Se pierde en total: 15 ítems del EDP, 12 ítems de EDC, 33 tareas del Gantt, 6 estados de pago (3 aprobados) y montos de $21.000 + UF 10,00.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Si, estoy seguro' }));
    expect(await screen.findByTestId('trash-empty')).toBeTruthy();
    expect(named(calls, 'emptyTrash')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect((screen.getByRole('button', { name: 'Vaciar papelera' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says the trash is empty, with nothing to empty', async () => {
    stubServer([]);
    renderScreen();
    const empty = await screen.findByTestId('trash-empty');
    expect(empty.textContent).toContain('La Papelera está vacía');
    expect((screen.getByRole('button', { name: 'Vaciar papelera' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows cards on a narrow screen, with the same actions', async () => {
    setWindowWidth(390);
    stubServer([trashed(1)]);
    renderScreen();
    const list = await screen.findByRole('list', { name: 'Proyectos en la Papelera' });
    expect(within(list).getByRole('heading', { name: 'Edificio 1 (ED1)' })).toBeTruthy();
    expect(within(list).getByText('15-01-2026 12:04')).toBeTruthy();
    expect(within(list).getByRole('button', { name: 'Restaurar Edificio 1' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('tells someone who is not an administrator that the trash is theirs to ask for, and loads nothing', async () => {
    const calls = stubServer([trashed(1)]);
    renderScreen('user');
    const notice = await screen.findByTestId('trash-admin-only');
    expect(notice.textContent).toContain('Solo un administrador puede ver la Papelera');
    expect(notice.textContent).toContain('pídeselo a un administrador');
    expect(screen.queryByRole('button', { name: 'Vaciar papelera' })).toBeNull();
    expect(screen.queryByText('Edificio 1')).toBeNull();
    expect(named(calls, 'loadTrash')).toEqual([]);
  });
});
