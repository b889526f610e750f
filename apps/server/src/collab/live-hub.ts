import type { IncomingHttpHeaders } from 'node:http';
import type { AppNotification, HistoryEntry } from '@cimiento/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { SessionCache } from '../auth/session-cache';
import type { SessionInvalidation } from '../auth/session-invalidation';
import { ALL_USERS } from '../auth/session-invalidation';
import type { Database, DatabaseDialect } from '../db/schema';
import { historyEntryOf, selectHistoryEntries } from './history-store';
import { LIVE_CHANNEL, onLocalPoke } from './live-poke';
import { NOTIFICATION_COLUMNS, countUnread, countUnreadOf, notificationOf } from './notification-store';

/** A comment line this often keeps proxies from closing an idle stream; each one re-checks the session. */
export const HEARTBEAT_MS = 20_000;
/** The safety net: the hub reads the tables this often even when no poke came. */
export const POLL_MS = 3_000;
/** How far behind its marks the hub reads again: PostgreSQL may commit ids out of order. */
export const REREAD_WINDOW = 64;
/** At most this many history entries are replayed to a client that reconnects. */
export const MAX_REPLAY = 200;
/** Rows read per query while catching up. */
const BATCH = 500;
/** A client that has not taken this much of what it was sent is too slow: its stream is closed. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/** How long after losing its connection the listener tries again. */
const RECONNECT_MS = 1000;

/** One open stream, as the events route hands it to the hub. */
export type LiveClient = {
  userId: string;
  /** the request's headers: the session is checked again with them */
  headers: IncomingHttpHeaders;
  /** writes raw event-stream text; returns how many bytes wait to be sent */
  write: (text: string) => number;
  /** ends the stream */
  end: () => void;
};

type Connection = LiveClient & {
  /** the high-water marks of what this client was sent */
  h: number;
  n: number;
  /** live events held while the replay is read; undefined once it is done */
  held: { key: string; run: () => void }[] | undefined;
  closed: boolean;
};

export type LiveHub = {
  /** Reads the current marks and starts listening (PostgreSQL) and polling. */
  start: () => Promise<void>;
  /**
   * Takes an opened stream: replays what it missed since `lastEventId` (`h<id>-n<id>`) or, without
   * one, sends `ready` with the current marks. Returns the function that forgets it (the client left).
   */
  open: (client: LiveClient, lastEventId: string | undefined) => Promise<() => void>;
  /** Reads new rows now and fans them out (tests, and the pokes). */
  sync: () => Promise<void>;
  /** Open streams held now. */
  size: () => number;
  /** Ends every stream, stops listening and polling. */
  close: () => Promise<void>;
};

/** One Server-Sent Event. */
export function sseEvent(event: string, id: string, data: unknown): string {
  return `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

function markId(h: number, n: number): string {
  return `h${h}-n${n}`;
}

/** The marks a Last-Event-ID names, or undefined when it names none. */
export function parseLastEventId(value: string | undefined): { h: number; n: number } | undefined {
  const match = /^h(\d{1,15})-n(\d{1,15})$/.exec(value?.trim() ?? '');
  if (!match) return undefined;
  return { h: Number(match[1]), n: Number(match[2]) };
}

/** The ids already fanned out near the mark, so a re-read does not send them twice. */
class SentWindow {
  mark = 0;
  private readonly ids = new Set<number>();

  /** True the first time an id is seen. */
  take(id: number): boolean {
    if (id <= this.mark - REREAD_WINDOW || this.ids.has(id)) return false;
    this.ids.add(id);
    if (id > this.mark) this.mark = id;
    return true;
  }

  prune(): void {
    for (const id of this.ids) if (id <= this.mark - REREAD_WINDOW) this.ids.delete(id);
  }
}

/**
 * The live stream's per-instance hub (issue 19, docs/COLLABORATION.md). Writers do not publish data,
 * they poke (live-poke.ts); on a poke, a LISTEN notification or the poll, the hub reads the history
 * entries and notifications written since its marks and sends each to the streams it holds: every
 * project change to every stream, each notification to its recipient's streams only.
 */
export function createLiveHub(options: {
  db: Kysely<Database>;
  dialect: DatabaseDialect;
  databaseUrl: string | undefined;
  log: FastifyBaseLogger;
  sessions: SessionCache;
  invalidation: SessionInvalidation;
  heartbeatMs?: number;
  pollMs?: number;
}): LiveHub {
  const { db, log, sessions } = options;
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const pollMs = options.pollMs ?? POLL_MS;
  const connections = new Set<Connection>();
  const history = new SentWindow();
  const notifications = new SentWindow();
  let isClosed = false;
  let heartbeat: NodeJS.Timeout | undefined;
  let poll: NodeJS.Timeout | undefined;
  let stopLocalPokes: (() => void) | undefined;
  let listener: { close: () => Promise<void> } | undefined;
  /** the read under way, and whether another was asked for meanwhile */
  let syncing: Promise<void> | undefined;
  let again = false;

  const drop = (connection: Connection) => {
    if (connection.closed) return;
    connection.closed = true;
    connections.delete(connection);
    connection.end();
  };

  const send = (connection: Connection, text: string) => {
    if (connection.closed) return;
    if (connection.write(text) > MAX_BUFFERED_BYTES) {
      log.warn({ userId: connection.userId }, 'live stream closed: the client does not keep up');
      drop(connection);
    }
  };

  const sendHistory = (connection: Connection, entry: HistoryEntry) => {
    connection.h = Math.max(connection.h, entry.id);
    send(connection, sseEvent('project-change', markId(connection.h, connection.n), entry));
  };

  const sendNotification = (connection: Connection, notification: AppNotification, unread: number) => {
    connection.n = Math.max(connection.n, notification.id);
    send(connection, sseEvent('notification', markId(connection.h, connection.n), { notification, unread }));
  };

  /** Sends now, or after the replay when the connection is still being replayed to. */
  const deliver = (connection: Connection, key: string, run: () => void) => {
    if (connection.held) connection.held.push({ key, run });
    else run();
  };

  async function readNew(): Promise<void> {
    for (;;) {
      const rows = await selectHistoryEntries(db, { trashed: 'deletion' })
        .where('h.id', '>', history.mark - REREAD_WINDOW)
        .orderBy('h.id')
        .limit(BATCH)
        .execute();
      const fresh = rows.map(historyEntryOf).filter((entry) => history.take(entry.id));
      for (const entry of fresh) {
        for (const connection of connections) deliver(connection, `h${entry.id}`, () => sendHistory(connection, entry));
      }
      if (rows.length < BATCH || fresh.length === 0) break;
    }
    history.prune();

    for (;;) {
      const rows = await db
        .selectFrom('notification')
        .select(NOTIFICATION_COLUMNS)
        .where('id', '>', notifications.mark - REREAD_WINDOW)
        .orderBy('id')
        .limit(BATCH)
        .execute();
      const fresh = rows.filter((row) => notifications.take(Number(row.id)));
      const connected = new Set([...connections].map((connection) => connection.userId));
      const mine = fresh.filter((row) => connected.has(row.user_id));
      if (mine.length > 0) {
        const unread = await countUnreadOf(db, [...new Set(mine.map((row) => row.user_id))]);
        for (const row of mine) {
          const notification = notificationOf(row);
          const count = unread.get(row.user_id) ?? 0;
          for (const connection of connections) {
            if (connection.userId !== row.user_id) continue;
            deliver(connection, `n${notification.id}`, () => sendNotification(connection, notification, count));
          }
        }
      }
      if (rows.length < BATCH || fresh.length === 0) break;
    }
    notifications.prune();
  }

  const sync = async (): Promise<void> => {
    if (isClosed) return;
    if (syncing) {
      again = true;
      return syncing;
    }
    syncing = (async () => {
      try {
        do {
          again = false;
          await readNew();
        } while (again && !isClosed);
      } catch (error) {
        if (!isClosed) log.warn({ err: error }, 'live hub could not read the new history and notifications');
      } finally {
        syncing = undefined;
      }
    })();
    return syncing;
  };

  const recheck = async (connection: Connection) => {
    try {
      const user = await sessions.user(connection.headers);
      if (!user || user.banned || user.id !== connection.userId) drop(connection);
    } catch (error) {
      log.warn({ err: error }, 'live stream: the session could not be checked');
    }
  };

  const beat = () => {
    for (const connection of connections) {
      send(connection, ': ping\n\n');
      void recheck(connection);
    }
  };

  async function listen(databaseUrl: string): Promise<{ close: () => Promise<void> }> {
    const Client = (await import('pg')).default.Client;
    let client: pg.Client | undefined;
    let reconnectTimer: NodeJS.Timeout | undefined;
    let stopped = false;

    const lost = (error?: Error) => {
      const dead = client;
      if (dead === undefined) return;
      client = undefined;
      dead.removeAllListeners();
      dead.on('error', () => {});
      void dead.end().catch(() => {});
      if (stopped) return;
      log.warn({ err: error }, 'live hub lost its PostgreSQL listener; reconnecting');
      reconnectTimer = setTimeout(() => void connect().catch((failure: Error) => lost(failure)), RECONNECT_MS);
    };

    const connect = async () => {
      const next = new Client({ connectionString: databaseUrl, keepAlive: true });
      next.on('error', (error) => lost(error));
      next.on('end', () => lost());
      next.on('notification', (message) => {
        if (message.channel === LIVE_CHANNEL) void sync();
      });
      client = next;
      await next.connect();
      await next.query(`LISTEN ${LIVE_CHANNEL}`);
      // whatever was written while nobody listened
      void sync();
    };

    await connect();
    return {
      close: async () => {
        stopped = true;
        clearTimeout(reconnectTimer);
        const current = client;
        client = undefined;
        current?.removeAllListeners();
        current?.on('error', () => {});
        await current?.end().catch(() => {});
      },
    };
  }

  const currentMarks = async () => {
    const [h, n] = await Promise.all([
      db
        .selectFrom('project_history')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst(),
      db
        .selectFrom('notification')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst(),
    ]);
    return { h: Number(h?.id ?? 0), n: Number(n?.id ?? 0) };
  };

  return {
    start: async () => {
      const marks = await currentMarks();
      history.mark = marks.h;
      notifications.mark = marks.n;
      // what is already there is not news; an id in the window still uncommitted will be
      const [presentH, presentN] = await Promise.all([
        db
          .selectFrom('project_history')
          .select('id')
          .where('id', '>', marks.h - REREAD_WINDOW)
          .execute(),
        db
          .selectFrom('notification')
          .select('id')
          .where('id', '>', marks.n - REREAD_WINDOW)
          .execute(),
      ]);
      for (const row of presentH) history.take(Number(row.id));
      for (const row of presentN) notifications.take(Number(row.id));
      if (options.dialect === 'postgres' && options.databaseUrl) listener = await listen(options.databaseUrl);
      else stopLocalPokes = onLocalPoke(() => void sync());
      poll = setInterval(() => void sync(), pollMs);
      poll.unref();
      heartbeat = setInterval(beat, heartbeatMs);
      heartbeat.unref();
      // a user signed out, disabled or changed: their streams are checked at once, not at the next beat
      options.invalidation.subscribe((userId) => {
        if (userId === ALL_USERS) return;
        for (const connection of connections) if (connection.userId === userId) void recheck(connection);
      });
    },

    open: async (client, lastEventId) => {
      const connection: Connection = { ...client, h: 0, n: 0, held: undefined, closed: false };
      const forget = () => {
        connection.closed = true;
        connections.delete(connection);
      };
      if (isClosed) {
        client.end();
        return forget;
      }
      const since = parseLastEventId(lastEventId);
      if (since === undefined) {
        const unread = await countUnread(db, connection.userId);
        if (isClosed) {
          client.end();
          return forget;
        }
        // from here on, what the hub reads next is sent after `ready`
        connection.h = history.mark;
        connection.n = notifications.mark;
        connections.add(connection);
        const marks = { historyId: connection.h, notificationId: connection.n, unread };
        send(connection, sseEvent('ready', markId(connection.h, connection.n), marks));
        return forget;
      }

      // live events that come while the replay is read wait behind it
      connection.h = since.h;
      connection.n = since.n;
      connection.held = [];
      connections.add(connection);
      try {
        const entries = (
          await selectHistoryEntries(db, { trashed: 'deletion' })
            .where('h.id', '>', since.h)
            .orderBy('h.id', 'desc')
            .limit(MAX_REPLAY)
            .execute()
        )
          .map(historyEntryOf)
          .reverse();
        const missed = (
          await db
            .selectFrom('notification')
            .select(NOTIFICATION_COLUMNS)
            .where('user_id', '=', connection.userId)
            .where('id', '>', since.n)
            .orderBy('id', 'desc')
            .limit(MAX_REPLAY)
            .execute()
        ).reverse();
        const unread = missed.length > 0 ? await countUnread(db, connection.userId) : 0;
        const replayed = new Set<string>();
        for (const entry of entries) {
          replayed.add(`h${entry.id}`);
          sendHistory(connection, entry);
        }
        for (const row of missed) {
          replayed.add(`n${row.id}`);
          sendNotification(connection, notificationOf(row), unread);
        }
        const held = connection.held;
        connection.held = undefined;
        // what the replay already sent is not sent again; the rest goes in the order it came
        for (const { key, run } of held) if (!replayed.has(key)) run();
      } catch (error) {
        log.warn({ err: error }, 'live stream: the replay could not be read');
        drop(connection);
      }
      return forget;
    },

    sync,
    size: () => connections.size,

    close: async () => {
      isClosed = true;
      clearInterval(poll);
      clearInterval(heartbeat);
      stopLocalPokes?.();
      for (const connection of [...connections]) drop(connection);
      await listener?.close();
      await syncing;
    },
  };
}
