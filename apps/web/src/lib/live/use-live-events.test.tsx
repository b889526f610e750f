import { act, render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionQueryKey } from '@/lib/auth';
import { FakeEventSource, createFakeSource } from '@/testing/fake-event-source';
import { buildSession, createTestQueryClient, jsonResponse } from '@/testing/test-utils';
import { useLiveStore } from './live-store';
import { useLiveEvents } from './use-live-events';

function Live() {
  useLiveEvents({ createSource: createFakeSource, delays: [10] });
  return null;
}

function entry(id: number, userId: string) {
  return {
    id,
    projectId: 'p-1',
    projectName: 'Hospital de Talca',
    userId,
    userName: userId === 'user-1' ? 'Ana Pérez' : 'Carla Planificadora',
    functionName: 'saveGantt',
    area: 'gantt',
    summary: 'Gantt: 1 tarea cambiada',
    at: '2026-11-24T22:00:00.000Z',
  };
}

function renderLive(signedIn = true) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(sessionQueryKey, signedIn ? buildSession({ id: 'user-1' }) : null);
  const view = render(
    <QueryClientProvider client={queryClient}>
      <Live />
    </QueryClientProvider>,
  );
  return { queryClient, ...view };
}

describe('useLiveEvents', () => {
  beforeEach(() => FakeEventSource.reset());
  afterEach(() => useLiveStore.getState().reset());

  it('opens no stream while signed out', () => {
    renderLive(false);
    expect(FakeEventSource.instances).toHaveLength(0);
  });

  it("keeps others' saves for the banner but not the user's own, and refreshes the project's history on both", async () => {
    const { queryClient } = renderLive();
    const source = FakeEventSource.latest();
    queryClient.setQueryData(['loadProjectHistory', 'p-1'], { pages: [], pageParams: [] });
    queryClient.setQueryData(['loadProjectHistory', 'p-2'], { pages: [], pageParams: [] });
    act(() => source.emit('project-change', entry(5, 'user-1')));
    expect(useLiveStore.getState().changes).toEqual({});
    expect(queryClient.getQueryState(['loadProjectHistory', 'p-1'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['loadProjectHistory', 'p-2'])?.isInvalidated).toBe(false);
    act(() => source.emit('project-change', entry(6, 'user-2')));
    expect(useLiveStore.getState().changes['p-1']?.entry.userName).toBe('Carla Planificadora');
  });

  it('sets the unread count from ready and from each notification, refreshing the notification lists', () => {
    const { queryClient } = renderLive();
    const source = FakeEventSource.latest();
    queryClient.setQueryData(['loadNotifications', { offset: 0, limit: 10 }], { notifications: [] });
    act(() => source.emit('ready', { historyId: 1, notificationId: 1, unread: 2 }));
    expect(useLiveStore.getState().unread).toBe(2);
    // the first ready comes with the screen's own first loads: nothing is asked again
    expect(queryClient.getQueryState(['loadNotifications', { offset: 0, limit: 10 }])?.isInvalidated).toBe(false);
    act(() => source.emit('notification', { notification: { id: 9 }, unread: 3 }));
    expect(useLiveStore.getState().unread).toBe(3);
    expect(queryClient.getQueryState(['loadNotifications', { offset: 0, limit: 10 }])?.isInvalidated).toBe(true);
  });

  it('after a stream ended and opened afresh, asks again for what may have been missed', async () => {
    vi.stubGlobal('fetch', async () => jsonResponse(200, buildSession({ id: 'user-1' })));
    const { queryClient } = renderLive();
    act(() => FakeEventSource.latest().emit('ready', { unread: 0 }));
    act(() => FakeEventSource.latest().refuse());
    await vi.waitFor(() => expect(FakeEventSource.instances).toHaveLength(2));
    queryClient.setQueryData(['loadNotifications', { offset: 0, limit: 10 }], { notifications: [] });
    queryClient.setQueryData(['loadProjectHistory', 'p-1'], { pages: [], pageParams: [] });
    act(() => FakeEventSource.latest().emit('ready', { unread: 1 }));
    expect(useLiveStore.getState().unread).toBe(1);
    expect(queryClient.getQueryState(['loadNotifications', { offset: 0, limit: 10 }])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['loadProjectHistory', 'p-1'])?.isInvalidated).toBe(true);
  });

  it('after a refused stream asks for the session: signed out, the app learns it and no stream reopens', async () => {
    vi.stubGlobal('fetch', async () => jsonResponse(200, null));
    const { queryClient } = renderLive();
    act(() => FakeEventSource.latest().refuse());
    await vi.waitFor(() => expect(queryClient.getQueryData(sessionQueryKey)).toBeNull());
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('after a refused stream while still signed in, connects again', async () => {
    vi.stubGlobal('fetch', async () => jsonResponse(200, buildSession({ id: 'user-1' })));
    renderLive();
    act(() => FakeEventSource.latest().refuse());
    await vi.waitFor(() => expect(FakeEventSource.instances).toHaveLength(2));
  });

  it('a stream the server keeps refusing (429 past its limits) leaves what the screen shows as it was', async () => {
    vi.stubGlobal('fetch', async () => jsonResponse(200, buildSession({ id: 'user-1' })));
    const { queryClient } = renderLive();
    queryClient.setQueryData(['loadNotifications', { offset: 0, limit: 10 }], { notifications: [] });
    act(() => FakeEventSource.latest().emit('ready', { historyId: 4, notificationId: 1, unread: 2 }));
    act(() => FakeEventSource.latest().emit('project-change', entry(6, 'user-2')));
    const shown = { unread: useLiveStore.getState().unread, changes: useLiveStore.getState().changes };
    for (let refusal = 1; refusal <= 3; refusal += 1) {
      act(() => FakeEventSource.latest().refuse());
      await vi.waitFor(() => expect(FakeEventSource.instances).toHaveLength(refusal + 1));
    }
    expect(useLiveStore.getState()).toMatchObject({ ...shown, connection: 'reconnecting' });
    expect(queryClient.getQueryData(sessionQueryKey)).not.toBeNull();
    expect(queryClient.getQueryState(['loadNotifications', { offset: 0, limit: 10 }])?.isInvalidated).toBe(false);
  });

  it('closes the stream when the shell goes', () => {
    const { unmount } = renderLive();
    const source = FakeEventSource.latest();
    unmount();
    expect(source.isClosed).toBe(true);
  });
});
