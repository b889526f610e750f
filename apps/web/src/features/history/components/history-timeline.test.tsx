import type { HistoryDetail, HistoryEntry } from '@cimiento/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildSession, jsonResponse, renderWithApp } from '@/testing/test-utils';
import { FollowProjectToggle, HistoryTimeline } from './history-timeline';

function entry(id: number, overrides: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    id,
    projectId: 'p-1',
    projectName: 'Hospital de Talca',
    userId: 'user-2',
    userName: 'Carla Planificadora',
    functionName: 'saveGantt',
    area: 'gantt',
    summary: `Gantt: ${id} tareas cambiadas`,
    // 24-11-2026 19:00 in Santiago
    at: '2026-11-24T22:00:00.000Z',
    ...overrides,
  };
}

const detail: HistoryDetail = {
  added: [{ code: 'HT.3', name: 'Pabellón' }],
  removed: [{ code: 'HT.4', name: 'Bodega' }],
  renamed: [{ code: 'HT.1', from: 'Obras', to: 'Obras civiles' }],
  tasks: [
    {
      code: 'HT.1.1',
      name: 'Excavación',
      changes: [
        { field: 'duration', from: '5 días', to: '8 días' },
        { field: 'links', from: '', to: 'HT.1.0 FC' },
      ],
    },
  ],
  notes: ['Calendario: lunes a sábado'],
  omitted: 3,
};

/** The server: 25 entries newest first, served a page at a time; one entry's detail; follow. */
function stubServer() {
  const entries = Array.from({ length: 25 }, (_, index) => entry(25 - index));
  let following = false;
  const calls: { name: string; data: Record<string, unknown> }[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit) => {
    const name = input.replace('/api/functions/', '');
    const data = (JSON.parse(String(init.body)) as { data: Record<string, unknown> }).data;
    calls.push({ name, data });
    if (name === 'loadProjectHistory') {
      const offset = Number(data.offset ?? 0);
      const limit = Number(data.limit ?? 20);
      return jsonResponse(200, {
        result: { entries: entries.slice(offset, offset + limit), total: entries.length, following, message: 'ok' },
      });
    }
    if (name === 'loadHistoryEntry') {
      const found = entries.find((candidate) => candidate.id === data.entryId);
      if (!found) return jsonResponse(404, { error: { status: 'NOT_FOUND', message: 'No existe ese cambio' } });
      return jsonResponse(200, { result: { entry: { ...found, detail }, message: 'ok' } });
    }
    if (name === 'followProject') {
      following = data.follow === true;
      return jsonResponse(200, {
        result: { following, message: following ? 'Sigues el proyecto' : 'Dejaste de seguirlo' },
      });
    }
    return jsonResponse(404, { error: { status: 'NOT_FOUND', message: 'no' } });
  });
  return calls;
}

function renderTimeline(path = '/projects/p-1') {
  return renderWithApp(
    <>
      <FollowProjectToggle projectId="p-1" />
      <HistoryTimeline projectId="p-1" />
    </>,
    {
      path,
      routePath: '/projects/:id',
      session: buildSession(),
    },
  );
}

describe('HistoryTimeline', () => {
  it("lists the saves newest first with who, when and the summary, then 'Cargar más' brings the rest", async () => {
    const calls = stubServer();
    renderTimeline();
    const list = await screen.findByRole('list', { name: 'Historial' });
    let items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(20);
    expect(items[0]?.textContent).toContain('Gantt: 25 tareas cambiadas');
    expect(items[0]?.textContent).toContain('Carla Planificadora');
    expect(items[0]?.textContent).toContain('24-11-2026 19:00');
    expect(items[19]?.textContent).toContain('Gantt: 6 tareas cambiadas');
    expect(screen.getByText('Mostrando 20 de 25')).toBeTruthy();
    expect(calls[0]).toEqual({ name: 'loadProjectHistory', data: { id: 'p-1', offset: 0, limit: 20 } });

    await userEvent.click(screen.getByRole('button', { name: 'Cargar más' }));
    await screen.findByText('Mostrando 25 de 25');
    items = within(screen.getByRole('list', { name: 'Historial' })).getAllByRole('listitem');
    expect(items).toHaveLength(25);
    expect(items[24]?.textContent).toContain('Gantt: 1 tareas cambiadas');
    expect(calls.at(-1)).toEqual({ name: 'loadProjectHistory', data: { id: 'p-1', offset: 20, limit: 20 } });
    expect(screen.queryByRole('button', { name: 'Cargar más' })).toBeNull();
  });

  it('opens an entry: items added, removed and renamed, tasks with each change from → to, notes, and "y N más"', async () => {
    stubServer();
    const { router } = renderTimeline();
    await userEvent.click(await screen.findByRole('button', { name: /^Gantt: 25 tareas cambiadas/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Detalle del cambio' });
    await within(dialog).findByText('Agregados');
    expect(router.state.location.search).toBe('?historial=25');
    const text = dialog.textContent ?? '';
    expect(text).toContain('por Carla Planificadora · 24-11-2026 19:00');
    expect(text).toContain('HT.3 Pabellón');
    expect(within(dialog).getByRole('region', { name: 'Eliminados' }).textContent).toContain('HT.4 Bodega');
    expect(within(dialog).getByRole('region', { name: 'Renombrados' }).textContent).toContain(
      'HT.1: Obras → Obras civiles',
    );
    const tasks = within(dialog).getByRole('region', { name: 'Tareas' }).textContent ?? '';
    expect(tasks).toContain('HT.1.1 Excavación');
    expect(tasks).toContain('Duración: 5 días → 8 días');
    expect(tasks).toContain('Vínculos: (vacío) → HT.1.0 FC');
    expect(within(dialog).getByRole('region', { name: 'Notas' }).textContent).toContain('Calendario: lunes a sábado');
    expect(text).toContain('y 3 más');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.search).toBe('');
  });

  it('opens the entry the address names (a notification of the bell points there)', async () => {
    stubServer();
    renderTimeline('/projects/p-1?historial=7');
    const dialog = await screen.findByRole('dialog', { name: 'Detalle del cambio' });
    expect(await within(dialog).findByText('Gantt: 7 tareas cambiadas')).toBeTruthy();
  });

  it("'Seguir proyecto' follows it, then offers 'Dejar de seguir'", async () => {
    const calls = stubServer();
    renderTimeline();
    await userEvent.click(await screen.findByRole('button', { name: 'Seguir proyecto' }));
    const unfollow = await screen.findByRole('button', { name: 'Dejar de seguir' });
    expect(calls.find((call) => call.name === 'followProject')?.data).toEqual({ id: 'p-1', follow: true });
    expect(unfollow.getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(unfollow);
    await screen.findByRole('button', { name: 'Seguir proyecto' });
    expect(calls.filter((call) => call.name === 'followProject').at(-1)?.data).toEqual({ id: 'p-1', follow: false });
  });

  it('invites the first save when there is no history yet', async () => {
    vi.stubGlobal('fetch', async () =>
      jsonResponse(200, { result: { entries: [], total: 0, following: true, message: 'ok' } }),
    );
    renderTimeline();
    expect(await screen.findByText(/Aún no hay cambios grabados en este proyecto/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Dejar de seguir' })).toBeTruthy();
  });
});
