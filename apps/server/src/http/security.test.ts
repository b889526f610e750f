import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerSecurityHeaders } from './security';

/** The headers @fastify/helmet 13 sent with the same options (issue 18 builds helmet's middleware once instead). */
const EXPECTED = {
  'content-security-policy':
    "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;font-src 'self';connect-src 'self';object-src 'none';base-uri 'self';frame-ancestors 'none';form-action 'self'",
  'cross-origin-opener-policy': 'same-origin-allow-popups',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe('security headers', () => {
  it.each([
    ['http://cimiento.localhost:8080', EXPECTED],
    ['https://cimiento.example.cl', { ...EXPECTED, 'strict-transport-security': 'max-age=31536000' }],
  ])('sends on %s, on every request and a refusal, the same headers on every request', async (publicUrl, expected) => {
    const app = Fastify();
    await registerSecurityHeaders(app, { publicUrl });
    app.get('/x', async () => ({ ok: true }));
    app.post('/y', async (_request, reply) => reply.status(400).send({ error: 'no' }));
    try {
      for (const request of [
        { method: 'GET', url: '/x' },
        { method: 'GET', url: '/x' },
        { method: 'POST', url: '/y' },
        { method: 'GET', url: '/no-existe' },
      ] as const) {
        const response = await app.inject(request);
        const {
          'content-type': _type,
          'content-length': _length,
          date: _date,
          connection: _connection,
          ...headers
        } = response.headers;
        expect(headers, request.url).toEqual(expected);
        expect(response.headers['x-powered-by']).toBeUndefined();
      }
    } finally {
      await app.close();
    }
  });
});
