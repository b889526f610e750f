import type { AppNotification } from '@cimiento/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLiveStore } from '@/lib/live/live-store';
import { buildSession, jsonResponse, renderWithApp } from '@/testing/test-utils';
import { NotificationsMenu } from './notifications-menu';

function notification(overrides: Partial<AppNotification> & { id: number }): AppNotification {
  return {
    kind: 'project-change',
    title: 'Carla Planificadora grabó el Gantt',
    body: 'Hospital de Talca: Gantt: 5 tareas cambiadas',
    projectId: 'p-1',
    historyId: 40 + overrides.id,
    actorName: 'Carla Planificadora',
    at: new Date(Date.now() - 5 * 60_000).toISOString(),
    read: false,
    ...overrides,
  };
}

/** The server: loadNotifications answers the list (unread counted), markNotificationsRead marks them. */
function stubServer(initial: AppNotification[]) {
  let list = initial.map((item) => ({ ...item }));
  const calls: { name: string; data: unknown }[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit) => {
    const name = input.replace('/api/functions/', '');
    const data = (JSON.parse(String(init.body)) as { data: unknown }).data;
    calls.push({ name, data });
    const unread = () => list.filter((item) => !item.read).length;
    if (name === 'loadNotifications') {
      const { offset = 0, limit = 20 } = (data ?? {}) as { offset?: number; limit?: number };
      return jsonResponse(200, {
        result: {
          notifications: list.slice(offset, offset + limit),
          total: list.length,
          unread: unread(),
          message: 'ok',
        },
      });
    }
    if (name === 'markNotificationsRead') {
      const input = data as { ids?: number[]; all?: true };
      list = list.map((item) => (input.all || input.ids?.includes(item.id) ? { ...item, read: true } : item));
      return jsonResponse(200, { result: { unread: unread(), message: 'ok' } });
    }
    return jsonResponse(404, { error: { status: 'NOT_FOUND', message: 'no' } });
  });
  return calls;
}

function renderBell() {
  return renderWithApp(<NotificationsMenu />, { path: '/home', session: buildSession() });
}

describe('NotificationsMenu (the bell)', () => {
  afterEach(() => useLiveStore.getState().reset());

  it('shows the unread count as its badge, and the newest ten with title, body and relative time', async () => {
    const calls = stubServer([
      notification({ id: 1 }),
      notification({ id: 2, read: true, title: 'Pedro Jefe grabó el EDP', at: new Date().toISOString() }),
      notification({ id: 3 }),
    ]);
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notificaciones: 2 sin leer' });
    expect(within(bell).getByText('2')).toBeTruthy();
    expect(calls[0]).toEqual({ name: 'loadNotifications', data: { offset: 0, limit: 10 } });
    await userEvent.click(bell);
    const menu = screen.getByRole('menu', { name: 'Notificaciones' });
    const items = within(menu).getAllByRole('menuitem');
    expect(items[0]?.textContent).toContain('Sin leer: Carla Planificadora grabó el Gantt');
    expect(items[0]?.textContent).toContain('Hospital de Talca: Gantt: 5 tareas cambiadas');
    expect(items[0]?.textContent).toContain('hace 5 minutos');
    expect(items[1]?.textContent).toContain('Pedro Jefe grabó el EDP');
    expect(items[1]?.textContent).not.toContain('Sin leer');
    expect(items[1]?.textContent).toContain('hace unos segundos');
    expect(within(menu).getByRole('menuitem', { name: 'Marcar todas como leídas' })).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'Ver todas' })).toBeTruthy();
  });

  it('has no badge at 0 unread, and says when there is nothing', async () => {
    stubServer([]);
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notificaciones' });
    await waitFor(() => expect(useLiveStore.getState().unread).toBe(0));
    expect(bell.querySelector('.MuiBadge-invisible')).not.toBeNull();
    await userEvent.click(bell);
    expect(screen.getByText('No tienes notificaciones.')).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Marcar todas como leídas' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
  });

  it('opening one marks it read and goes to its history entry on the project home', async () => {
    const calls = stubServer([notification({ id: 1 }), notification({ id: 3 })]);
    const { router } = renderBell();
    await userEvent.click(await screen.findByRole('button', { name: 'Notificaciones: 2 sin leer' }));
    await userEvent.click(screen.getAllByRole('menuitem')[1] as HTMLElement);
    await waitFor(() => expect(calls.some((call) => call.name === 'markNotificationsRead')).toBe(true));
    expect(calls.find((call) => call.name === 'markNotificationsRead')?.data).toEqual({ ids: [3] });
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/projects/p-1?historial=43');
    await screen.findByRole('button', { name: 'Notificaciones: 1 sin leer' });
  });

  it("'Marcar todas como leídas' clears the badge; 'Ver todas' opens /pages/notifications", async () => {
    const calls = stubServer([notification({ id: 1 }), notification({ id: 3 })]);
    const { router } = renderBell();
    await userEvent.click(await screen.findByRole('button', { name: 'Notificaciones: 2 sin leer' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Marcar todas como leídas' }));
    // the open menu hides the rest of the page from the accessibility tree
    const bell = await screen.findByRole('button', { name: 'Notificaciones', hidden: true });
    expect(bell.querySelector('.MuiBadge-invisible')).not.toBeNull();
    expect(calls.find((call) => call.name === 'markNotificationsRead')?.data).toEqual({ all: true });
    await userEvent.click(screen.getByRole('menuitem', { name: 'Ver todas' }));
    expect(router.state.location.pathname).toBe('/pages/notifications');
  });

  it('follows the count the live stream brings', async () => {
    stubServer([notification({ id: 1 })]);
    renderBell();
    await screen.findByRole('button', { name: 'Notificaciones: 1 sin leer' });
    act(() => useLiveStore.getState().setUnread(4));
    expect(screen.getByRole('button', { name: 'Notificaciones: 4 sin leer' })).toBeTruthy();
  });
});
