import type { FastifyServerOptions } from 'fastify';

/** pino options: request ids on every line; cookies, auth headers and secrets never written. */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
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
