import type { FastifyInstance } from 'fastify';
import type { SessionCache } from '../auth/session-cache';
import type { LiveHub } from './live-hub';

/** The live stream's path (docs/COLLABORATION.md). */
export const EVENTS_PATH = '/api/events';

/** How long the browser's EventSource waits before it connects again after losing the stream. */
export const RETRY_MS = 2000;

/**
 * GET /api/events: the live stream (issue 19), Server-Sent Events for the signed-in user. Refused
 * like the callable functions without a live session (401, UNAUTHENTICATED); the same-origin guard
 * covers it. The response is taken out of Fastify's hands (hijacked): the compression plugin never
 * sees it, and it is written as it goes, never buffered. Helmet's headers are already on it (they
 * are set on the raw response in onRequest). `Connection: close`: when the stream ends (the server
 * stops, the session ends) its socket goes with it, so a graceful stop is not held by it.
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
    reply.hijack();
    const response = reply.raw;
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'close',
      // nginx and the like: pass each event on at once
      'x-accel-buffering': 'no',
      'x-request-id': request.id,
    });
    response.socket?.setNoDelay(true);
    response.write(`retry: ${RETRY_MS}\n\n`);
    const lastEventId = request.headers['last-event-id'];
    let isOpen = true;
    response.on('close', () => {
      isOpen = false;
    });
    const forget = await hub.open(
      {
        userId: user.id,
        headers: request.headers,
        write: (text) => {
          if (isOpen) response.write(text);
          return response.writableLength;
        },
        end: () => {
          if (isOpen) response.end();
        },
      },
      Array.isArray(lastEventId) ? lastEventId[0] : lastEventId,
    );
    // the client may have left while the replay was read
    if (isOpen) response.on('close', forget);
    else forget();
    request.log.debug({ userId: user.id }, 'live stream opened');
  });
}
