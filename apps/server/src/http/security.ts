import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * HSTS for one year, for PUBLIC_URL's host only: it may be a company's own domain, whose other
 * subdomains are none of Cimiento's business (issue 17, F7).
 */
const ONE_YEAR_SECONDS = 31536000;

/**
 * Security headers; the CSP allows only this origin (inline styles are MUI's emotion). HSTS only
 * when PUBLIC_URL is https: an http installation would otherwise be told to insist on https.
 *
 * Helmet's middleware is built once and run on every request, as @fastify/helmet's global hook
 * runs it, but without building it again for each request (issue 18: that rebuilding, the CSP's
 * directives parsed anew every time, was ~5% of a signed-in call's CPU).
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: { publicUrl: string }): Promise<void> {
  const isHttps = new URL(options.publicUrl).protocol === 'https:';
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'"],
        'connect-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'frame-ancestors': ["'none'"],
        'form-action': ["'self'"],
      },
    },
    // the Google sign-in returns through a top-level redirect from another origin
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    strictTransportSecurity: isHttps ? { maxAge: ONE_YEAR_SECONDS, includeSubDomains: false } : false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}
