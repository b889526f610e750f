import type { HistoryEntry } from '@cimiento/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { pendingChange, useLiveStore } from './live-store';

function entry(id: number, projectId = 'p-1'): HistoryEntry {
  return {
    id,
    projectId,
    projectName: 'Hospital de Talca',
    userId: 'user-2',
    userName: 'Carla Planificadora',
    functionName: 'saveGantt',
    area: 'gantt',
    summary: 'Gantt: 1 tarea cambiada',
    at: '2026-11-24T22:00:00.000Z',
  };
}

describe('the live store (what the banner shows)', () => {
  afterEach(() => useLiveStore.getState().reset());

  it('keeps the newest change per project, even when an older one is replayed after it', () => {
    const store = useLiveStore.getState();
    store.receiveChange(entry(4));
    store.receiveChange(entry(3));
    store.receiveChange(entry(9, 'p-2'));
    const state = useLiveStore.getState();
    expect(state.changes['p-1']?.entry.id).toBe(4);
    expect(state.changes['p-2']?.entry.id).toBe(9);
  });

  it('shows a change until it is seen, and a newer one after that', () => {
    const store = useLiveStore.getState();
    expect(pendingChange(useLiveStore.getState(), 'p-1')).toBeNull();
    store.receiveChange(entry(4));
    expect(pendingChange(useLiveStore.getState(), 'p-1')?.entry.id).toBe(4);
    expect(pendingChange(useLiveStore.getState(), 'p-2')).toBeNull();
    expect(pendingChange(useLiveStore.getState(), null)).toBeNull();
    store.markSeen('p-1');
    expect(pendingChange(useLiveStore.getState(), 'p-1')).toBeNull();
    store.receiveChange(entry(5));
    expect(pendingChange(useLiveStore.getState(), 'p-1')?.entry.id).toBe(5);
  });

  it('forgets the last user on reset but keeps the reload key growing', () => {
    const store = useLiveStore.getState();
    store.receiveChange(entry(4));
    store.setUnread(3);
    store.bumpReload();
    store.reset();
    const state = useLiveStore.getState();
    expect(state.changes).toEqual({});
    expect(state.unread).toBeNull();
    expect(state.reloadGeneration).toBe(1);
  });
});
