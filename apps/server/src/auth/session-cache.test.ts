import { describe, expect, it } from 'vitest';
import type { SessionLookup, SessionUser } from './session-cache';
import { createSessionCache } from './session-cache';
import type { SessionInvalidation } from './session-invalidation';
import { ALL_USERS } from './session-invalidation';

/** An in-process invalidation (SQLite's), with the listener's state under the test's control. */
function testInvalidation() {
  const listeners: ((userId: string) => void)[] = [];
  let isListening = true;
  const invalidation: SessionInvalidation = {
    publish: async (userId) => listeners.forEach((listener) => listener(userId)),
    subscribe: (listener) => void listeners.push(listener),
    isListening: () => isListening,
    close: async () => {},
  };
  return { invalidation, setListening: (value: boolean) => (isListening = value) };
}

const ana: SessionUser = { id: 'u-ana', email: 'ana@example.cl', name: 'Ana', role: 'admin', banned: false };
const beto: SessionUser = { id: 'u-beto', email: 'beto@example.cl', name: 'Beto', role: 'user', banned: false };
const inAWeek = () => new Date(Date.now() + 7 * 24 * 3600 * 1000);

/** A lookup answering from `sessions` (cookie → user), counting its calls; `gate` holds them until released. */
function testLookup(sessions: Map<string, SessionUser>, expiresAt: () => Date = inAWeek) {
  let calls = 0;
  let gate: Promise<void> | undefined;
  const lookup: SessionLookup = async (cookie) => {
    calls += 1;
    // the row is read, then the answer is on its way back
    const user = sessions.get(cookie);
    await gate;
    return user ? { session: { expiresAt: expiresAt() }, user } : null;
  };
  return {
    lookup,
    calls: () => calls,
    hold: () => {
      let release = () => {};
      gate = new Promise((resolve) => (release = resolve));
      return () => {
        gate = undefined;
        release();
      };
    },
  };
}

const headers = (cookie?: string) => (cookie === undefined ? {} : { cookie });

describe('the session cache', () => {
  it('answers a cookie it looked up from memory, without asking better-auth again', async () => {
    const source = testLookup(new Map([['c-ana', ana]]));
    const cache = createSessionCache({ lookup: source.lookup, invalidation: testInvalidation().invalidation });
    for (let call = 0; call < 5; call += 1) expect(await cache.user(headers('c-ana'))).toEqual(ana);
    expect(source.calls()).toBe(1);
  });

  it('shares one lookup between the requests that arrive while it is under way', async () => {
    const source = testLookup(new Map([['c-ana', ana]]));
    const cache = createSessionCache({ lookup: source.lookup, invalidation: testInvalidation().invalidation });
    const release = source.hold();
    const answers = Array.from({ length: 10 }, () => cache.user(headers('c-ana')));
    release();
    expect(await Promise.all(answers)).toEqual(Array.from({ length: 10 }, () => ana));
    expect(source.calls()).toBe(1);
  });

  it("looks up again after an invalidation of the user, and keeps the other users' entries", async () => {
    const sessions = new Map([
      ['c-ana', ana],
      ['c-beto', beto],
    ]);
    const source = testLookup(sessions);
    const { invalidation } = testInvalidation();
    const cache = createSessionCache({ lookup: source.lookup, invalidation });
    await cache.user(headers('c-ana'));
    await cache.user(headers('c-beto'));
    sessions.delete('c-ana');
    await invalidation.publish(ana.id);
    expect(await cache.user(headers('c-ana'))).toBeNull();
    expect(await cache.user(headers('c-beto'))).toEqual(beto);
    expect(source.calls()).toBe(3);
  });

  it('forgets every entry on an invalidation of all users', async () => {
    const source = testLookup(new Map([['c-ana', ana]]));
    const { invalidation } = testInvalidation();
    const cache = createSessionCache({ lookup: source.lookup, invalidation });
    await cache.user(headers('c-ana'));
    await invalidation.publish(ALL_USERS);
    expect(cache.size()).toBe(0);
  });

  it('does not keep an answer whose lookup saw an invalidation, nor share it with later requests', async () => {
    const sessions = new Map([['c-ana', ana]]);
    const source = testLookup(sessions);
    const { invalidation } = testInvalidation();
    const cache = createSessionCache({ lookup: source.lookup, invalidation });
    const release = source.hold();
    const before = cache.user(headers('c-ana'));
    // the session is revoked (and announced) while the answer of the lookup above is on its way
    sessions.delete('c-ana');
    await invalidation.publish(ana.id);
    const after = cache.user(headers('c-ana'));
    release();
    expect(await before).toEqual(ana);
    expect(await after).toBeNull();
    expect(cache.size()).toBe(0);
    expect(await cache.user(headers('c-ana'))).toBeNull();
  });

  it('looks up again once the session itself expires, before the cache bound', async () => {
    const source = testLookup(new Map([['c-ana', ana]]), () => new Date(Date.now() + 50));
    const cache = createSessionCache({
      lookup: source.lookup,
      invalidation: testInvalidation().invalidation,
      ttlMs: 60_000,
    });
    await cache.user(headers('c-ana'));
    await new Promise((resolve) => setTimeout(resolve, 80));
    await cache.user(headers('c-ana'));
    expect(source.calls()).toBe(2);
  });

  it('looks up again once the bound has passed', async () => {
    const source = testLookup(new Map([['c-ana', ana]]));
    const cache = createSessionCache({
      lookup: source.lookup,
      invalidation: testInvalidation().invalidation,
      ttlMs: 30,
    });
    await cache.user(headers('c-ana'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await cache.user(headers('c-ana'));
    expect(source.calls()).toBe(2);
  });

  it('answers nothing from memory while the invalidation listener is not connected', async () => {
    const source = testLookup(new Map([['c-ana', ana]]));
    const { invalidation, setListening } = testInvalidation();
    const cache = createSessionCache({ lookup: source.lookup, invalidation });
    await cache.user(headers('c-ana'));
    setListening(false);
    await cache.user(headers('c-ana'));
    await cache.user(headers('c-ana'));
    expect(source.calls()).toBe(3);
    expect(cache.size()).toBe(0);
  });

  it('keeps no refusal: no session, a disabled user; and answers no cookie without a lookup', async () => {
    const sessions = new Map<string, SessionUser>([['c-banned', { ...beto, banned: true }]]);
    const source = testLookup(sessions);
    const cache = createSessionCache({ lookup: source.lookup, invalidation: testInvalidation().invalidation });
    expect(await cache.user(headers())).toBeNull();
    expect(source.calls()).toBe(0);
    expect(await cache.user(headers('c-banned'))).toBeNull();
    expect(await cache.user(headers('c-unknown'))).toBeNull();
    sessions.set('c-unknown', ana);
    expect(await cache.user(headers('c-unknown'))).toEqual(ana);
    expect(cache.size()).toBe(1);
  });
});
