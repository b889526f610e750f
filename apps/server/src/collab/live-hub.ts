import type { IncomingHttpHeaders } from 'node:http';
import type { AppNotification, HistoryEntry } from '@cimiento/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { SessionCache } from '../auth/session-cache';
import type { SessionInvalidation } from '../auth/session-invalidation';
import { ALL_USERS } from '../auth/session-invalidation';
import type { Database, DatabaseDialect } from '../db/schema';
import { historyEntryOf, selectHistoryEntries } from './history-queries';
import { REREAD_WINDOW, SentWindow, markId, parseLastEventId } from './live-marks';
import { LIVE_CHANNEL, onLocalPoke } from './live-poke';
import { MEMBERSHIP_FUNCTIONS, NOTHING, loadVisibility, sees } from './live-visibility';
import type { Visibility } from './live-visibility';
import { NOTIFICATION_COLUMNS, countUnread, countUnreadOf, notificationOf } from './notification-queries';

/** A comment line this often keeps proxies from closing an idle stream; each one re-checks the session. */
export const HEARTBEAT_MS = 20_000;
/** The safety net: the hub reads the tables this often even when no poke came. */
export const POLL_MS = 3_000;
/** At most this many history entries are replayed to a client that reconnects. */
export const MAX_REPLAY = 200;
/** Rows read per query while catching up. */
const BATCH = 500;
/**
 * Issue 30: a stream with more than this waiting in the process to be sent (what its socket's kernel
 * buffer could not take: the client stopped reading, or reads far slower than the events come) is
 * destroyed at once. Above the largest burst the hub sends a stream that keeps up (a whole replay,
 * `MAX_REPLAY` history entries and as many notifications: ~160 KB at their usual size, ~300 KB with
 * the longest names), so only a client that has fallen behind trips it. docs/COLLABORATION.md 'Límites'.
 */
export const MAX_BUFFERED_BYTES = 512 * 1024;
/** History entries fanned out per slice: one write per stream per slice, and the event loop is let go between slices. */
const SLICE = 20;
/** Live events held for a stream while its replay is read; a stream that gathers more is destroyed (it comes back with Last-Event-ID). */
export const MAX_HELD = 1000;
/** Sockets destroyed per turn of the event loop when many streams fall behind at once. */
const DESTROYS_PER_TURN = 20;
/** How long after losing its connection the listener tries again. */
const RECONNECT_MS = 1000;

/** One open stream, as the events route hands it to the hub. */
export type LiveClient = {
  userId: string;
  /** the request's headers: the session is checked again with them */
  headers: IncomingHttpHeaders;
  /** writes raw event-stream text (a Buffer may be shared by many streams); returns how many bytes wait in the process to be sent */
  write: (text: string | Buffer) => number;
  /** how many bytes wait in the process to be sent now */
  buffered: () => number;
  /** ends the stream once what waits is sent (the route destroys it when that does not happen soon) */
  end: () => void;
  /** closes the socket at once and drops what waits: its memory is freed now */
  destroy: () => void;
};

/** A place among the instance's streams, taken before the stream opens and given back once when it ends. */
export type LiveSlot = { userId: string; release: () => void };

/** Why a stream was not let in: the user's own limit, or the instance's. */
export type LiveRefusal = { limit: 'per-user' | 'total'; max: number };

type Connection = LiveClient & {
  slot: LiveSlot;
  /** the high-water marks of what this client was sent */
  h: number;
  n: number;
  /** live events held while the replay is read; undefined once it is done */
  held: (() => void)[] | undefined;
  /**
   * Events the replay read from the database before the hub took them: the hub's own read sends
   * them later, and this stream must not get them twice. Each key goes when it is skipped once.
   */
  replayed: Set<string> | undefined;
  closed: boolean;
  /** issue 36: the projects whose changes it may carry (live-visibility.ts) */
  visibility: Visibility;
};

export type LiveHub = {
  /** Reads the current marks and starts listening (PostgreSQL) and polling. */
  start: () => Promise<void>;
  /**
   * Takes a place for a new stream of `userId`, or says which limit refuses it (at most
   * `streamsPerUser` of a user and `streamsTotal` in all; the newest is refused, the open ones stay).
   */
  reserve: (userId: string) => { slot: LiveSlot } | { refusal: LiveRefusal };
  /**
   * Takes an opened stream in its reserved slot: replays what it missed since `lastEventId`
   * (`h<id>-n<id>`) or, without one, sends `ready` with the current marks. Returns the function
   * that forgets it (the client left), which also gives the slot back.
   */
  open: (client: LiveClient, slot: LiveSlot, lastEventId: string | undefined) => Promise<() => void>;
  /** Reads new rows now and fans them out (tests, and the pokes). */
  sync: () => Promise<void>;
  /** Open streams now (their slots taken), for the operations' gauge. */
  streamCount: () => number;
  /** Ends every stream (destroys those that cannot flush), stops listening and polling. */
  close: () => Promise<void>;
};

/** One Server-Sent Event. */
export function sseEvent(event: string, id: string, data: unknown): string {
  return sseEventText(event, id, JSON.stringify(data));
}

/** One Server-Sent Event whose data is already JSON (serialised once for every stream). */
function sseEventText(event: string, id: string, json: string): string {
  return `id: ${id}\nevent: ${event}\ndata: ${json}\n\n`;
}

/** The heartbeat's comment, one Buffer for every stream. */
const PING = Buffer.from(': ping\n\n');

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The live stream's per-instance hub (issue 19, docs/COLLABORATION.md). Writers do not publish data,
 * they poke (live-poke.ts); on a poke, a LISTEN notification or the poll, the hub reads the history
 * entries and notifications written since its marks and sends each to the streams it holds: every
 * project change to the streams of the project's members and the administrators (issue 36), each
 * notification to its recipient's streams only.
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
  /** issue 30: at most this many open streams per user, and in all (config LIVE_STREAMS_PER_USER, LIVE_STREAMS_TOTAL) */
  streamsPerUser: number;
  streamsTotal: number;
}): LiveHub {
  const { db, log, sessions, streamsPerUser, streamsTotal } = options;
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

  /** slots taken: per user, and in all */
  const perUser = new Map<string, number>();
  let total = 0;

  const reserve = (userId: string): { slot: LiveSlot } | { refusal: LiveRefusal } => {
    const mine = perUser.get(userId) ?? 0;
    if (mine >= streamsPerUser) return { refusal: { limit: 'per-user', max: streamsPerUser } };
    if (total >= streamsTotal) return { refusal: { limit: 'total', max: streamsTotal } };
    perUser.set(userId, mine + 1);
    total += 1;
    let isReleased = false;
    return {
      slot: {
        userId,
        release: () => {
          if (isReleased) return;
          isReleased = true;
          total -= 1;
          const left = (perUser.get(userId) ?? 1) - 1;
          if (left > 0) perUser.set(userId, left);
          else perUser.delete(userId);
        },
      },
    };
  };

  /** The hub lets go of a stream: it is no longer written to, and its slot is given back. */
  const forget = (connection: Connection) => {
    connection.closed = true;
    connections.delete(connection);
    connection.slot.release();
  };

  /** streams let go of whose sockets are still to be destroyed */
  const doomed: Connection[] = [];
  const destroyDoomed = () => {
    for (const connection of doomed.splice(0, DESTROYS_PER_TURN)) connection.destroy();
    if (doomed.length > 0) setImmediate(destroyDoomed);
  };

  /**
   * Closes the socket now (within the next turns of the event loop, DESTROYS_PER_TURN a turn: the
   * kernel frees what it held for each, so many at once would hold up the calls); nothing waits to
   * be sent to a client that does not read.
   */
  const destroy = (connection: Connection) => {
    if (connection.closed) return;
    forget(connection);
    doomed.push(connection);
    if (doomed.length === 1) setImmediate(destroyDoomed);
  };

  /**
   * Ends a stream (signed out, disabled, the server stopping): gracefully when nothing waits to
   * be sent, else destroyed, since a graceful end would wait to flush to a client that does not read.
   */
  const finish = (connection: Connection) => {
    if (connection.closed) return;
    forget(connection);
    if (connection.buffered() > 0) {
      doomed.push(connection);
      if (doomed.length === 1) setImmediate(destroyDoomed);
    } else connection.end();
  };

  const send = (connection: Connection, text: string | Buffer) => {
    if (connection.closed) return;
    const waiting = connection.write(text);
    if (waiting > MAX_BUFFERED_BYTES) {
      log.warn({ userId: connection.userId, waiting }, 'live stream destroyed: the client does not keep up');
      destroy(connection);
    }
  };

  /** True (once) when the replay already sent this event to the stream. */
  const wasReplayed = (connection: Connection, key: string): boolean => {
    const replayed = connection.replayed;
    if (replayed === undefined || !replayed.delete(key)) return false;
    if (replayed.size === 0) connection.replayed = undefined;
    return true;
  };

  const sendHistory = (connection: Connection, entry: HistoryEntry, json: string) => {
    if (wasReplayed(connection, `h${entry.id}`) || !sees(connection.visibility, entry.projectId)) return;
    connection.h = Math.max(connection.h, entry.id);
    send(connection, sseEventText('project-change', markId(connection.h, connection.n), json));
  };

  const sendNotification = (connection: Connection, notification: AppNotification, json: string) => {
    if (wasReplayed(connection, `n${notification.id}`)) return;
    connection.n = Math.max(connection.n, notification.id);
    send(connection, sseEventText('notification', markId(connection.h, connection.n), json));
  };

  /** Holds a live event for a stream whose replay is being read; one that gathers too many is destroyed. */
  const hold = (connection: Connection, run: () => void) => {
    const held = connection.held;
    if (held === undefined || connection.closed) return;
    if (held.length >= MAX_HELD) {
      log.warn({ userId: connection.userId }, 'live stream destroyed: too many events came during its replay');
      destroy(connection);
      return;
    }
    held.push(run);
  };

  /**
   * Sends history entries to the streams open when they were read, SLICE entries at a time, and
   * lets the event loop go between slices, so a large catch-up does not hold up the calls. Each
   * entry is serialised once; streams at the same marks (most of them) get the very same bytes, one
   * Buffer written to each: what waits for slow streams is shared, not copied per stream. A stream
   * opened meanwhile started from the marks, which already cover these entries.
   */
  const fanOutHistory = async (entries: HistoryEntry[]) => {
    const targets = [...connections];
    if (entries.some((entry) => MEMBERSHIP_FUNCTIONS.has(entry.functionName))) await reloadVisibility(targets);
    for (let start = 0; start < entries.length; start += SLICE) {
      if (start > 0) await yieldToLoop();
      const slice = entries.slice(start, start + SLICE).map((entry) => ({ entry, json: JSON.stringify(entry) }));
      const byMarks = new Map<string, { bytes: Buffer; h: number }>();
      for (const connection of targets) {
        if (connection.closed) continue;
        if (connection.held) {
          for (const { entry, json } of slice) hold(connection, () => sendHistory(connection, entry, json));
          continue;
        }
        if (connection.replayed) {
          // entries its replay already sent are skipped one by one
          for (const { entry, json } of slice) sendHistory(connection, entry, json);
          continue;
        }
        const marks = `${markId(connection.h, connection.n)}\u0000${connection.visibility.key}`;
        let events = byMarks.get(marks);
        if (events === undefined) {
          let h = connection.h;
          let text = '';
          for (const { entry, json } of slice) {
            if (!sees(connection.visibility, entry.projectId)) continue;
            h = Math.max(h, entry.id);
            text += sseEventText('project-change', markId(h, connection.n), json);
          }
          events = { bytes: Buffer.from(text), h };
          byMarks.set(marks, events);
        }
        connection.h = events.h;
        if (events.bytes.length > 0) send(connection, events.bytes);
      }
    }
  };

  async function readNew(): Promise<void> {
    for (;;) {
      const rows = await selectHistoryEntries(db, { trashed: 'deletion' })
        .where('h.id', '>', history.mark - REREAD_WINDOW)
        .orderBy('h.id')
        .limit(BATCH)
        .execute();
      const fresh = rows.map(historyEntryOf).filter((entry) => history.take(entry.id));
      await fanOutHistory(fresh);
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
      // the streams open when these were taken: one that joins during the await below reads them in
      // its own replay (as fanOutHistory's targets)
      const targets = [...connections];
      const connected = new Set(targets.map((connection) => connection.userId));
      const mine = fresh.filter((row) => connected.has(row.user_id));
      if (mine.length > 0) {
        const unread = await countUnreadOf(db, [...new Set(mine.map((row) => row.user_id))]);
        for (const row of mine) {
          const notification = notificationOf(row);
          const json = JSON.stringify({ notification, unread: unread.get(row.user_id) ?? 0 });
          for (const connection of targets) {
            if (connection.closed || connection.userId !== row.user_id) continue;
            const run = () => sendNotification(connection, notification, json);
            if (connection.held) hold(connection, run);
            else run();
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

  /** issue 36: reads again which projects the streams' users see (a membership or an admin flag changed). */
  async function reloadVisibility(targets: readonly Connection[]): Promise<void> {
    const visibility = await loadVisibility(
      db,
      targets.map((connection) => connection.userId),
    );
    for (const connection of targets) connection.visibility = visibility.get(connection.userId) ?? NOTHING;
  }

  const recheck = async (connection: Connection) => {
    try {
      const user = await sessions.user(connection.headers);
      if (!user || user.banned || user.id !== connection.userId) finish(connection);
      else await reloadVisibility([connection]);
    } catch (error) {
      log.warn({ err: error }, 'live stream: the session could not be checked');
    }
  };

  const beat = () => {
    for (const connection of connections) {
      // a stream too far behind is destroyed here too, even when no event comes
      send(connection, PING);
      if (!connection.closed) void recheck(connection);
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

    reserve,

    open: async (client, slot, lastEventId) => {
      const connection: Connection = {
        ...client,
        slot,
        h: 0,
        n: 0,
        held: undefined,
        replayed: undefined,
        closed: false,
        visibility: NOTHING,
      };
      const left = () => forget(connection);
      if (isClosed) {
        finish(connection);
        return left;
      }
      const since = parseLastEventId(lastEventId);
      connection.visibility = (await loadVisibility(db, [connection.userId])).get(connection.userId) ?? NOTHING;
      if (since === undefined) {
        const unread = await countUnread(db, connection.userId);
        if (isClosed || connection.closed) {
          finish(connection);
          return left;
        }
        // from here on, what the hub reads next is sent after `ready`
        connection.h = history.mark;
        connection.n = notifications.mark;
        connections.add(connection);
        const marks = { historyId: connection.h, notificationId: connection.n, unread };
        send(connection, sseEvent('ready', markId(connection.h, connection.n), marks));
        return left;
      }

      // live events that come while the replay is read wait behind it (at most MAX_HELD)
      connection.h = since.h;
      connection.n = since.n;
      connection.held = [];
      connections.add(connection);
      // what the hub had taken when the stream joined: those it will not send to it (see below)
      const takenBefore = { history: history.copy(), notifications: notifications.copy() };
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
        // each event goes through send(): a client that stops reading mid-replay is destroyed there
        for (const entry of entries) {
          if (!sees(connection.visibility, entry.projectId)) continue;
          replayed.add(`h${entry.id}`);
          sendHistory(connection, entry, JSON.stringify(entry));
        }
        for (const row of missed) {
          replayed.add(`n${row.id}`);
          const notification = notificationOf(row);
          sendNotification(connection, notification, JSON.stringify({ notification, unread }));
        }
        // from here on, what the hub sends this stream skips what the replay sent: first the events
        // held meanwhile, in the order they came; later those the replay read before the hub took them
        const held = connection.held;
        connection.held = undefined;
        connection.replayed = replayed;
        for (const run of held) run();
        // only ids the hub took after the stream joined can still come to it: an id it took before
        // went to the streams open then. (Not the ids taken by now: the hub takes an id, then sends
        // it after an await, and a replay that ended in between got it twice.)
        for (const key of replayed)
          if ((key.startsWith('h') ? takenBefore.history : takenBefore.notifications).taken(Number(key.slice(1))))
            replayed.delete(key);
        if (replayed.size === 0) connection.replayed = undefined;
      } catch (error) {
        log.warn({ err: error }, 'live stream: the replay could not be read');
        finish(connection);
      }
      return left;
    },

    sync,
    streamCount: () => total,

    close: async () => {
      isClosed = true;
      clearInterval(poll);
      clearInterval(heartbeat);
      stopLocalPokes?.();
      for (const connection of [...connections]) finish(connection);
      await listener?.close();
      await syncing;
    },
  };
}
