import type { AppNotification } from '@cimiento/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLiveStore } from '@/lib/live/live-store';
import { buildSession, jsonResponse, renderWithApp } from '@/testing/test-utils';
import { NotificationsPage } from './notifications-page';

function notification(id: number, read: boolean): AppNotification {
  return {
    id,
    kind: 'project-change',
    title: `Aviso ${id}`,
    body: 'Hospital de Talca: Gantt: 1 tarea cambiada',
    projectId: 'p-1',
    historyId: 100 + id,
    actorName: 'Carla Planificadora',
    at: new Date().toISOString(),
    read,
  };
}

/** 25 notifications newest first (ids 25…1), the even ones already read. */
function stubServer() {
  let list = Array.from({ length: 25 }, (_, index) => notification(25 - index, (25 - index) % 2 === 0));
  const calls: { name: string; data: Record<string, unknown> }[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit) => {
    const name = input.replace('/api/functions/', '');
    const data = (JSON.parse(String(init.body)) as { data: Record<string, unknown> }).data;
    calls.push({ name, data });
    const unread = () => list.filter((item) => !item.read).length;
    if (name === 'loadNotifications') {
      const offset = Number(data.offset ?? 0);
      const limit = Number(data.limit ?? 20);
      const shown = data.unreadOnly === true ? list.filter((item) => !item.read) : list;
      return jsonResponse(200, {
        result: {
          notifications: shown.slice(offset, offset + limit),
          total: shown.length,
          unread: unread(),
          message: 'ok',
        },
      });
    }
    if (name === 'markNotificationsRead') {
      const ids = data.ids as number[] | undefined;
      list = list.map((item) => (data.all === true || ids?.includes(item.id) ? { ...item, read: true } : item));
      return jsonResponse(200, { result: { unread: unread(), message: 'ok' } });
    }
    return jsonResponse(404, { error: { status: 'NOT_FOUND', message: 'no' } });
  });
  return calls;
}

function titles(): string[] {
  return within(screen.getByRole('list', { name: 'Notificaciones' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');
}

describe('NotificationsPage (/pages/notifications)', () => {
  afterEach(() => useLiveStore.getState().reset());

  it('pages through every notification, 20 at a time', async () => {
    const calls = stubServer();
    renderWithApp(<NotificationsPage />, { path: '/pages/notifications', session: buildSession() });
    await screen.findByText('1–20 de 25');
    expect(titles()).toHaveLength(20);
    expect(titles()[0]).toContain('Aviso 25');
    await userEvent.click(screen.getByRole('button', { name: /siguiente/i }));
    await screen.findByText('21–25 de 25');
    expect(titles()[0]).toContain('Aviso 5');
    expect(calls.at(-1)?.data).toEqual({ offset: 20, limit: 20 });
  });

  it("'No leídas' lists the unread only; marking one read takes it off, 'Marcar todas' leaves the empty state", async () => {
    const calls = stubServer();
    renderWithApp(<NotificationsPage />, { path: '/pages/notifications', session: buildSession() });
    await screen.findByText('1–20 de 25');
    await userEvent.click(screen.getByRole('button', { name: 'No leídas' }));
    await screen.findByText('1–13 de 13');
    expect(calls.at(-1)?.data).toEqual({ offset: 0, limit: 20, unreadOnly: true });
    expect(titles().every((text) => text.startsWith('Sin leer'))).toBe(true);

    const first = within(screen.getByRole('list', { name: 'Notificaciones' })).getAllByRole('listitem')[0];
    await userEvent.click(within(first as HTMLElement).getByRole('button', { name: 'Marcar como leída' }));
    await screen.findByText('1–12 de 12');
    expect(calls.find((call) => call.name === 'markNotificationsRead')?.data).toEqual({ ids: [25] });

    await userEvent.click(screen.getByRole('button', { name: 'Marcar todas como leídas' }));
    await screen.findByText('No tienes notificaciones sin leer.');
    expect(calls.filter((call) => call.name === 'markNotificationsRead').at(-1)?.data).toEqual({ all: true });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Marcar todas como leídas' }).hasAttribute('disabled')).toBe(true),
    );
  });

  it("'Abrir' marks it read and opens the project on its history entry", async () => {
    const calls = stubServer();
    const { router } = renderWithApp(<NotificationsPage />, {
      path: '/pages/notifications',
      session: buildSession(),
    });
    await screen.findByText('1–20 de 25');
    const first = within(screen.getByRole('list', { name: 'Notificaciones' })).getAllByRole('listitem')[0];
    await userEvent.click(within(first as HTMLElement).getByRole('button', { name: 'Abrir' }));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/projects/p-1?historial=125');
    await waitFor(() => expect(calls.some((call) => call.name === 'markNotificationsRead')).toBe(true));
  });
});
