import type { IncomingHttpHeaders } from 'node:http';
import type { SessionInvalidation } from './session-invalidation';
import { ALL_USERS } from './session-invalidation';

/**
 * How long an answer of better-auth's session lookup is reused. Issue 18: a revoked session or a
 * disabled user must be refused within 1 s on every instance. Invalidation (session-invalidation.ts)
 * refuses at once; this is the bound for what it cannot see (a row changed in the database by hand,
 * a listener that has not noticed it lost its connection).
 */
export const SESSION_CACHE_TTL_MS = 1000;

/** More distinct Cookie headers than this and the oldest entries go: the cache only saves time. */
const MAX_ENTRIES = 10_000;

/** The signed-in user as better-auth's session lookup answers it (admin plugin fields included). */
export type SessionUser = {
  id: string;
  email: string;
  name: string;
  role?: string | null;
  banned?: boolean | null;
};

/** better-auth's session lookup of one Cookie header. */
export type SessionLookup = (
  cookie: string,
) => Promise<{ session: { expiresAt: Date | string }; user: SessionUser } | null>;

export type SessionCache = {
  /** The user whose live session the request's Cookie header carries, or null. */
  user: (headers: IncomingHttpHeaders) => Promise<SessionUser | null>;
  /** Entries held now (tests and the bench look at it). */
  size: () => number;
};

type Entry = { user: SessionUser; expiresAt: number };

/**
 * better-auth's session lookup costs ~1.5–2 ms of CPU a call (issue 18), which capped every
 * signed-in request. Its answer is reused for SESSION_CACHE_TTL_MS, keyed by the whole Cookie header
 * (the lookup is given nothing else, so the answer is a function of the key alone), and dropped as
 * soon as any instance publishes a change of that user. Only live sessions of users who are not
 * disabled are kept; refusals are looked up every time.
 */
export function createSessionCache(options: {
  lookup: SessionLookup;
  invalidation: SessionInvalidation;
  ttlMs?: number;
}): SessionCache {
  const { lookup, invalidation, ttlMs = SESSION_CACHE_TTL_MS } = options;
  const entries = new Map<string, Entry>();
  /** Lookups under way, shared by the requests that carry the same cookie meanwhile. */
  const pending = new Map<string, Promise<SessionUser | null>>();
  /** Bumped by every invalidation: a lookup that saw one begin or end does not keep its answer. */
  let generation = 0;

  invalidation.subscribe((userId) => {
    generation += 1;
    // requests arriving from now on must read the database again, not join a lookup begun before
    pending.clear();
    if (userId === ALL_USERS) {
      entries.clear();
      return;
    }
    for (const [key, entry] of entries) if (entry.user.id === userId) entries.delete(key);
  });

  async function lookUp(cookie: string): Promise<SessionUser | null> {
    const startedAt = performance.now();
    const startGeneration = generation;
    const result = await lookup(cookie);
    if (!result || result.user.banned) return null;
    const { id, email, name, role, banned } = result.user;
    const user: SessionUser = { id, email, name, role, banned };
    if (generation === startGeneration && invalidation.isListening()) {
      // from when the lookup began: its database read is no older than that
      const sessionLeftMs = new Date(result.session.expiresAt).getTime() - Date.now();
      const expiresAt = Math.min(startedAt + ttlMs, performance.now() + sessionLeftMs);
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
      entries.set(cookie, { user, expiresAt });
    }
    return user;
  }

  return {
    user: async (headers) => {
      const cookie = headers.cookie;
      // better-auth's answer without a cookie, without asking it
      if (!cookie) return null;
      const entry = entries.get(cookie);
      if (entry) {
        if (entry.expiresAt > performance.now() && invalidation.isListening()) return entry.user;
        entries.delete(cookie);
      }
      let promise = pending.get(cookie);
      if (!promise) {
        const started = lookUp(cookie).finally(() => {
          if (pending.get(cookie) === started) pending.delete(cookie);
        });
        pending.set(cookie, started);
        promise = started;
      }
      return promise;
    },
    size: () => entries.size,
  };
}
