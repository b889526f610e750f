import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';

/**
 * pino options: request ids on every line; cookies, auth headers and secrets never written.
 * Lines go to stdout unless a stream is given (the tests read the log that way).
 */
export function loggerOptions(level: string, stream?: DestinationStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-cimiento-client-ip"]',
        'res.headers["set-cookie"]',
        '*.password',
        '*.token',
        '*.secret',
        '*.clientSecret',
        '*.authSecret',
        '*.metricsToken',
      ],
      censor: '[oculto]',
    },
    serializers: {
      req(request: { method: string; url: string; id: string; ip?: string }) {
        return { method: request.method, url: request.url.split('?')[0], id: request.id, ip: request.ip };
      },
    },
  };
}
