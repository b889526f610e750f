import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { SessionCache } from '../auth/session-cache';
import type { LiveHub, LiveRefusal } from './live-hub';

/** The live stream's path (docs/COLLABORATION.md). */
export const EVENTS_PATH = '/api/events';

/** How long the browser's EventSource waits before it connects again after losing the stream. */
export const RETRY_MS = 2000;

/** A refused stream's Retry-After (seconds); the web app waits at least this long before trying again. */
export const REFUSED_RETRY_AFTER_S = 30;

/**
 * How long a stream ended gracefully may take to flush what the kernel still holds for it; a client
 * that does not read by then has its socket destroyed.
 */
export const END_GRACE_MS = 1000;

const count = new Intl.NumberFormat('es-CL');

/** The 429's message: which limit, in Spanish. */
export function refusalMessage(refusal: LiveRefusal): string {
  return refusal.limit === 'per-user'
    ? `Tienes demasiadas conexiones en vivo abiertas (máximo ${count.format(refusal.max)} por usuario, una por pestaña de Cimiento): cierra alguna pestaña y esta se conectará sola.`
    : `El servidor alcanzó su máximo de conexiones en vivo abiertas (${count.format(refusal.max)} en total, entre todos los usuarios): esta pestaña se conectará sola cuando haya espacio.`;
}

/**
 * Closes a socket at once: a TCP reset (the kernel drops what it still holds for the client, too),
 * else a plain destroy.
 */
function destroySocket(socket: Socket | null): void {
  if (socket === null || socket.destroyed) return;
  try {
    socket.resetAndDestroy();
  } catch {
    // not a TCP socket
  }
  if (!socket.destroyed) socket.destroy();
}

/**
 * GET /api/events: the live stream (issue 19), Server-Sent Events for the signed-in user. Refused
 * like the callable functions without a live session (401, UNAUTHENTICATED); the same-origin guard
 * covers it. Past the streams' limits (issue 30: per user, and in all on this instance) 429
 * RESOURCE_EXHAUSTED, and nothing is opened. The response is taken out of Fastify's hands
 * (hijacked): the compression plugin never sees it, and it is written as it goes. Helmet's headers
 * are already on it (they are set on the raw response in onRequest). `Connection: close`: when the
 * stream ends (the server stops, the session ends) its socket goes with it, so a graceful stop is
 * not held by it. A stream the hub finds behind is destroyed, not ended (docs/COLLABORATION.md).
 */
export function registerEventsRoute(app: FastifyInstance, options: { sessions: SessionCache; hub: LiveHub }): void {
  const { sessions, hub } = options;
  app.get(EVENTS_PATH, async (request, reply) => {
    const user = await sessions.user(request.headers);
    if (!user || user.banned) {
      return reply
        .status(401)
        .send({ error: { status: 'UNAUTHENTICATED', message: 'Tu sesión expiró o no has iniciado sesión' } });
    }
    const admission = hub.reserve(user.id);
    if ('refusal' in admission) {
      const { refusal } = admission;
      request.log.warn(
        { userId: user.id, limit: refusal.limit, max: refusal.max },
        'live stream refused: limit reached',
      );
      return reply
        .status(429)
        .header('retry-after', String(REFUSED_RETRY_AFTER_S))
        .send({
          error: {
            status: 'RESOURCE_EXHAUSTED',
            message: refusalMessage(refusal),
            details: { limit: refusal.limit, max: refusal.max },
          },
        });
    }
    const { slot } = admission;
    reply.hijack();
    const response = reply.raw;
    const socket = response.socket;
    let isOpen = true;
    response.on('close', () => {
      isOpen = false;
      slot.release();
    });
    // no chunked framing: the body ends when the connection closes (Connection: close), and each
    // write is one chunk of the socket's queue, not four
    response.useChunkedEncodingByDefault = false;
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'close',
      // nginx and the like: pass each event on at once
      'x-accel-buffering': 'no',
      'x-request-id': request.id,
    });
    socket?.setNoDelay(true);
    response.write(`retry: ${RETRY_MS}\n\n`);
    const lastEventId = request.headers['last-event-id'];
    const destroy = () => {
      isOpen = false;
      destroySocket(socket);
    };
    let forget: () => void;
    try {
      forget = await hub.open(
        {
          userId: user.id,
          headers: request.headers,
          write: (text) => {
            if (isOpen) response.write(text);
            return response.writableLength;
          },
          buffered: () => response.writableLength,
          end: () => {
            if (!isOpen) return;
            response.end();
            // the end waits behind what the kernel holds; a client that does not read loses the socket
            const grace = setTimeout(destroy, END_GRACE_MS);
            response.once('close', () => clearTimeout(grace));
          },
          destroy,
        },
        slot,
        Array.isArray(lastEventId) ? lastEventId[0] : lastEventId,
      );
    } catch (error) {
      // the database could not be read: the client comes back with EventSource's own retry
      request.log.warn({ err: error }, 'live stream could not be opened');
      destroy();
      slot.release();
      return;
    }
    // the client may have left while the replay was read
    if (isOpen) response.on('close', forget);
    else forget();
    request.log.debug({ userId: user.id }, 'live stream opened');
  });
}
