import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type pg from 'pg';
import type { Database, DatabaseDialect } from '../db/schema';

/** The PostgreSQL channel every instance of one installation listens on. */
export const SESSION_CHANNEL = 'cimiento_session_changed';

/** A user whose sessions or account changed; ALL_USERS when the change does not name one. */
export const ALL_USERS = '*';

/** How long a publisher waits for its own notification to come back before going on. */
const ECHO_WAIT_MS = 1000;
/** How long after losing its connection the listener tries again. */
const RECONNECT_MS = 1000;

/**
 * Tells every instance that a user's sessions or account changed (signed out, sessions revoked,
 * disabled, role changed, deleted), so each drops what its session cache holds for that user. On
 * SQLite there is one process: an in-process call. On PostgreSQL several instances may share the
 * database: NOTIFY on SESSION_CHANNEL, and each instance LISTENs on a connection of its own.
 */
export type SessionInvalidation = {
  /** Resolves once this instance has dropped the user's entries and, on PostgreSQL, its own notification came back. */
  publish: (userId: string) => Promise<void>;
  /** `listener` runs for every published user id (ALL_USERS included), from this instance or another. */
  subscribe: (listener: (userId: string) => void) => void;
  /**
   * False while the PostgreSQL listener is not connected: another instance's change could go
   * unnoticed, so nothing may be answered from a cache then.
   */
  isListening: () => boolean;
  close: () => Promise<void>;
};

type Message = { userId: string; nonce: string };

export async function createSessionInvalidation(options: {
  db: Kysely<Database>;
  dialect: DatabaseDialect;
  databaseUrl: string | undefined;
  log: FastifyBaseLogger;
}): Promise<SessionInvalidation> {
  const listeners: ((userId: string) => void)[] = [];
  const deliver = (userId: string) => {
    for (const listener of listeners) listener(userId);
  };
  const subscribe = (listener: (userId: string) => void) => void listeners.push(listener);

  if (options.dialect === 'sqlite' || !options.databaseUrl) {
    return {
      publish: async (userId) => deliver(userId),
      subscribe,
      isListening: () => true,
      close: async () => {},
    };
  }

  const { db, log } = options;
  const databaseUrl = options.databaseUrl;
  const Client = (await import('pg')).default.Client;
  /** Notifications this instance sent and is waiting to see come back, by nonce. */
  const echoes = new Map<string, () => void>();
  let client: pg.Client | undefined;
  let isConnected = false;
  let isClosed = false;
  let reconnectTimer: NodeJS.Timeout | undefined;

  const onNotification = (notification: pg.Notification) => {
    if (notification.channel !== SESSION_CHANNEL || notification.payload === undefined) return;
    let message: Message;
    try {
      message = JSON.parse(notification.payload) as Message;
    } catch {
      return;
    }
    if (typeof message.userId !== 'string') return;
    deliver(message.userId);
    echoes.get(message.nonce)?.();
  };

  const lost = (error?: Error) => {
    if (!isConnected && client === undefined) return;
    isConnected = false;
    const dead = client;
    client = undefined;
    dead?.removeAllListeners();
    // whatever the connection carries from now on is errors; its socket may already be gone
    dead?.on('error', () => {});
    void dead?.end().catch(() => {});
    // changes made elsewhere while nobody listened are unknown: forget every cached session
    deliver(ALL_USERS);
    if (isClosed) return;
    log.warn({ err: error }, 'session invalidation listener lost its PostgreSQL connection; reconnecting');
    reconnectTimer = setTimeout(() => void connect().catch(() => lost()), RECONNECT_MS);
  };

  const connect = async () => {
    const next = new Client({ connectionString: databaseUrl, keepAlive: true });
    next.on('error', (error) => lost(error));
    next.on('end', () => lost());
    next.on('notification', onNotification);
    client = next;
    await next.connect();
    await next.query(`LISTEN ${SESSION_CHANNEL}`);
    // what was cached before the listener came (back) may have missed a change
    deliver(ALL_USERS);
    isConnected = true;
  };

  try {
    await connect();
  } catch (error) {
    // the server does not start: nothing may keep trying in the background
    isClosed = true;
    clearTimeout(reconnectTimer);
    throw error;
  }

  return {
    publish: async (userId) => {
      // this instance first, whatever happens to the notification
      deliver(userId);
      const nonce = randomUUID();
      let timer: NodeJS.Timeout | undefined;
      const echoed = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, ECHO_WAIT_MS);
        echoes.set(nonce, resolve);
      });
      try {
        const payload = JSON.stringify({ userId, nonce } satisfies Message);
        await sql`select pg_notify(${SESSION_CHANNEL}, ${payload})`.execute(db);
        // PostgreSQL signals every listener at once: when ours has it, the others have been sent theirs
        if (isConnected) await echoed;
      } finally {
        clearTimeout(timer);
        echoes.delete(nonce);
      }
    },
    subscribe,
    isListening: () => isConnected,
    close: async () => {
      isClosed = true;
      clearTimeout(reconnectTimer);
      const current = client;
      client = undefined;
      isConnected = false;
      current?.removeAllListeners();
      current?.on('error', () => {});
      await current?.end().catch(() => {});
    },
  };
}
