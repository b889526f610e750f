import type { AppNotification, HistoryEntry } from '@cimiento/domain';
import type { LiveConnection } from './live-store';

export const LIVE_EVENTS_URL = '/api/events';

/**
 * How long to wait before each reconnect the app makes itself (the last one repeats, so a stream the
 * server keeps refusing, e.g. 429 past its limits, is asked for again once a minute; issue 30).
 */
export const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000, 60_000];

/**
 * Each delay is stretched or shrunk by up to a fifth at random, so tabs refused together (a server
 * at its limit of streams, or just restarted) do not all come back in the same instant.
 */
export function jitteredDelay(delay: number, random: () => number = Math.random): number {
  return Math.round(delay * (0.8 + 0.4 * random()));
}

export type NotificationEvent = { notification: AppNotification; unread: number };

export type LiveHandlers = {
  onProjectChange: (entry: HistoryEntry) => void;
  onNotification: (event: NotificationEvent) => void;
  /**
   * A fresh connection (not a resumed one): what was missed before it is asked for again. The
   * server tells the unread count with it.
   */
  onReady: (unread: number | null) => void;
  onConnection: (connection: LiveConnection) => void;
  /**
   * The server ended the stream (401 once signed out, or it was down): resolves true when the app
   * should connect again (still signed in).
   */
  shouldReconnect: () => Promise<boolean>;
};

export type LiveConnectionOptions = {
  url?: string;
  createSource?: (url: string) => EventSource;
  delays?: readonly number[];
  /** the wait actually used for a delay (tests: exactly the delay); jitteredDelay by default */
  jitter?: (delay: number) => number;
};

function parse(data: unknown): unknown {
  if (typeof data !== 'string') return undefined;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** A project-change's data: checked by hand, so the shell's chunk does not carry zod. */
export function readHistoryEntry(value: unknown): HistoryEntry | null {
  if (!isRecord(value)) return null;
  const { id, projectId, userName, area, at, userId } = value;
  if (typeof id !== 'number' || typeof projectId !== 'string' || typeof userName !== 'string') return null;
  if (typeof area !== 'string' || typeof at !== 'string') return null;
  if (userId !== null && typeof userId !== 'string') return null;
  return value as HistoryEntry;
}

export function readNotificationEvent(value: unknown): NotificationEvent | null {
  if (!isRecord(value) || typeof value.unread !== 'number' || !isRecord(value.notification)) return null;
  if (typeof value.notification.id !== 'number') return null;
  return value as NotificationEvent;
}

/**
 * One EventSource on GET /api/events (same origin, the session cookie). The browser reconnects by
 * itself after a dropped connection (a stream the server destroyed for falling behind, too) and
 * sends the last event's id, so the server replays what was missed; when the server refuses the
 * stream instead (401 once signed out, 429 past its limits of streams, a proxy's 502: readyState
 * CLOSED; EventSource does not say which), this connects again after a growing, jittered delay that
 * settles at a minute, only while `shouldReconnect` says so. Returns the stop.
 */
export function openLiveConnection(handlers: LiveHandlers, options: LiveConnectionOptions = {}): () => void {
  const url = options.url ?? LIVE_EVENTS_URL;
  const createSource = options.createSource ?? ((address: string) => new EventSource(address));
  const delays = options.delays ?? RECONNECT_DELAYS_MS;
  const jitter = options.jitter ?? ((delay: number) => jitteredDelay(delay));
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;
  let stopped = false;

  function connect() {
    if (stopped) return;
    handlers.onConnection(attempt === 0 ? 'connecting' : 'reconnecting');
    const current = createSource(url);
    source = current;
    current.onopen = () => {
      attempt = 0;
      handlers.onConnection('open');
    };
    current.addEventListener('ready', (event) => {
      attempt = 0;
      handlers.onConnection('open');
      const data = parse((event as MessageEvent).data);
      handlers.onReady(isRecord(data) && typeof data.unread === 'number' ? data.unread : null);
    });
    current.addEventListener('project-change', (event) => {
      const entry = readHistoryEntry(parse((event as MessageEvent).data));
      if (entry) handlers.onProjectChange(entry);
    });
    current.addEventListener('notification', (event) => {
      const payload = readNotificationEvent(parse((event as MessageEvent).data));
      if (payload) handlers.onNotification(payload);
    });
    current.onerror = () => {
      if (stopped || current !== source) return;
      // CONNECTING: the browser tries again by itself (and resends the last event id)
      if (current.readyState !== 2) {
        handlers.onConnection('reconnecting');
        return;
      }
      current.close();
      source = null;
      handlers.onConnection('reconnecting');
      const delay = jitter(delays[Math.min(attempt, delays.length - 1)] ?? 60_000);
      attempt += 1;
      timer = setTimeout(() => {
        timer = null;
        void handlers.shouldReconnect().then(
          (yes) => {
            if (yes) connect();
            else if (!stopped) handlers.onConnection('off');
          },
          () => connect(),
        );
      }, delay);
    };
  }

  connect();
  return () => {
    stopped = true;
    if (timer !== null) clearTimeout(timer);
    source?.close();
    source = null;
    handlers.onConnection('off');
  };
}
