import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource, createFakeSource } from '@/testing/fake-event-source';
import { RECONNECT_DELAYS_MS, jitteredDelay, openLiveConnection } from './live-connection';
import type { LiveHandlers } from './live-connection';

function handlers(shouldReconnect = true) {
  return {
    onProjectChange: vi.fn(),
    onNotification: vi.fn(),
    onReady: vi.fn(),
    onConnection: vi.fn(),
    shouldReconnect: vi.fn(async () => shouldReconnect),
  } satisfies LiveHandlers;
}

/** No jitter: the delays as given. */
const exact = (delay: number) => delay;

const change = {
  id: 7,
  projectId: 'p-1',
  projectName: 'Hospital de Talca',
  userId: 'user-2',
  userName: 'Carla Planificadora',
  functionName: 'saveGantt',
  area: 'gantt',
  summary: 'Gantt: 5 tareas cambiadas',
  at: '2026-11-24T22:00:00.000Z',
};

describe('openLiveConnection', () => {
  beforeEach(() => {
    FakeEventSource.reset();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('opens /api/events and hands each event on, ignoring data it cannot read', () => {
    const on = handlers();
    const stop = openLiveConnection(on, { createSource: createFakeSource });
    const source = FakeEventSource.latest();
    expect(source.url).toBe('/api/events');
    source.emit('ready', { historyId: 3, notificationId: 1, unread: 2 });
    expect(on.onReady).toHaveBeenCalledWith(2);
    expect(on.onConnection).toHaveBeenLastCalledWith('open');
    source.emit('project-change', change, 'h7-n1');
    expect(on.onProjectChange).toHaveBeenCalledWith(change);
    const notification = { id: 4, kind: 'project-change', title: 'Carla Planificadora grabó el Gantt' };
    source.emit('notification', { notification, unread: 3 });
    expect(on.onNotification).toHaveBeenCalledWith({ notification, unread: 3 });
    source.emit('project-change', 'not json');
    source.emit('project-change', { id: 'x' });
    source.emit('notification', { unread: 'many' });
    expect(on.onProjectChange).toHaveBeenCalledTimes(1);
    expect(on.onNotification).toHaveBeenCalledTimes(1);
    stop();
    expect(source.isClosed).toBe(true);
    expect(on.onConnection).toHaveBeenLastCalledWith('off');
  });

  it("leaves a dropped connection to the browser's own reconnect (which resends the last id)", async () => {
    const on = handlers();
    openLiveConnection(on, { createSource: createFakeSource, delays: [1000] });
    FakeEventSource.latest().open();
    FakeEventSource.latest().drop();
    expect(on.onConnection).toHaveBeenLastCalledWith('reconnecting');
    await vi.advanceTimersByTimeAsync(5000);
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(on.shouldReconnect).not.toHaveBeenCalled();
  });

  it('connects again itself after the server ended the stream, with a growing delay, while still signed in', async () => {
    const on = handlers(true);
    openLiveConnection(on, { createSource: createFakeSource, delays: [1000, 4000], jitter: exact });
    FakeEventSource.latest().refuse();
    await vi.advanceTimersByTimeAsync(999);
    expect(FakeEventSource.instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(on.shouldReconnect).toHaveBeenCalledTimes(1);
    expect(FakeEventSource.instances).toHaveLength(2);
    FakeEventSource.latest().refuse();
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeEventSource.instances).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(3000);
    expect(FakeEventSource.instances).toHaveLength(3);
    // a working connection starts the delays over
    FakeEventSource.latest().emit('ready', { unread: 0 });
    FakeEventSource.latest().refuse();
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeEventSource.instances).toHaveLength(4);
  });

  it('stays off once signed out, and a stop cancels a waiting reconnect', async () => {
    const signedOut = handlers(false);
    openLiveConnection(signedOut, { createSource: createFakeSource, delays: [1000], jitter: exact });
    FakeEventSource.latest().refuse();
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(signedOut.onConnection).toHaveBeenLastCalledWith('off');

    FakeEventSource.reset();
    const stopped = handlers(true);
    const stop = openLiveConnection(stopped, { createSource: createFakeSource, delays: [1000], jitter: exact });
    FakeEventSource.latest().refuse();
    stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(stopped.shouldReconnect).not.toHaveBeenCalled();
  });

  it('asks again for a stream the server keeps refusing (429 past its limits) more and more slowly, then once a minute, without giving up', async () => {
    const on = handlers(true);
    const openedAt: number[] = [];
    const started = Date.now();
    openLiveConnection(on, {
      createSource: (url) => {
        openedAt.push(Date.now() - started);
        return createFakeSource(url);
      },
    });
    // every attempt refused, as EventSource reports a 429: CLOSED, never opened
    for (let second = 0; second < 15 * 60; second += 1) {
      if (FakeEventSource.latest().readyState !== FakeEventSource.CLOSED) FakeEventSource.latest().refuse();
      await vi.advanceTimersByTimeAsync(1000);
    }
    const gaps = openedAt.slice(1).map((at, index) => at - (openedAt[index] ?? 0));
    // never sooner than the delays allow (a fifth less at most), the last one repeating
    gaps.forEach((gap, index) => {
      const delay = RECONNECT_DELAYS_MS[Math.min(index, RECONNECT_DELAYS_MS.length - 1)] ?? 0;
      expect(gap).toBeGreaterThanOrEqual(delay * 0.8);
      expect(gap).toBeLessThanOrEqual(delay * 1.2 + 1000);
    });
    // about once a minute after the first minutes: 15 minutes bring 17 to 23 attempts in all, not hundreds
    expect(openedAt.length).toBeGreaterThanOrEqual(17);
    expect(openedAt.length).toBeLessThanOrEqual(23);
    expect(on.shouldReconnect).toHaveBeenCalledTimes(openedAt.length - 1);
    expect(on.onConnection).not.toHaveBeenCalledWith('off');
  });

  it('spreads each delay by up to a fifth either way', () => {
    expect(jitteredDelay(60_000, () => 0)).toBe(48_000);
    expect(jitteredDelay(60_000, () => 0.5)).toBe(60_000);
    expect(jitteredDelay(60_000, () => 0.999_999)).toBe(72_000);
  });
});
