import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { METRICS_PATH } from './metrics';

const ONE_YEAR_SECONDS = 31536000;

/**
 * The built web app: hashed files under /assets cached for a year (their .br and .gz built beside
 * them), index.html never cached, and every other GET or HEAD that is not an API path answered with
 * index.html (the SPA's router decides).
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string): Promise<void> {
  const indexFile = path.join(webDistDir, 'index.html');
  const hasBuild = existsSync(indexFile);
  if (hasBuild) {
    const options = {
      index: false,
      // our own Cache-Control (below); otherwise the plugin writes 'public, max-age=0' over it
      cacheControl: false,
      setHeaders(response: { setHeader: (name: string, value: string) => unknown }, filePath: string) {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        response.setHeader(
          'cache-control',
          isHashedAsset ? `public, max-age=${ONE_YEAR_SECONDS}, immutable` : 'no-cache',
        );
        // an asset is sent as brotli, gzip or plain by the request's Accept-Encoding (preCompressed)
        if (isHashedAsset) response.setHeader('vary', 'accept-encoding');
      },
    } as const;
    // the few files beside index.html: a route each (and reply.sendFile, for the not-found handler)
    await app.register(fastifyStatic, {
      ...options,
      root: webDistDir,
      wildcard: false,
      globIgnore: ['assets/**'],
    });
    // the hashed assets through one route: a GET and a HEAD route per file (~130 files) cost ~9% of
    // the server's start-up CPU in the router (issue 18). What is not a file name directly under
    // assets/ (a directory, '..') and a missing file fall through to the not-found handler below,
    // as a path with no route of its own did.
    await app.register(fastifyStatic, {
      ...options,
      root: path.join(webDistDir, 'assets'),
      prefix: '/assets/',
      wildcard: true,
      decorateReply: false,
      // the build's .br and .gz siblings (scripts/precompress-assets.ts), sent as they are when the
      // client accepts them; a file without them is compressed on the fly as any answer (issue 37)
      preCompressed: true,
      allowedPath: (pathname) => /^\/[^/]+$/.test(pathname) && !pathname.includes('..'),
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    // issue 30: /metrics when METRICS_TOKEN is unset is not the web app's either (a scraper gets 404)
    const isApi = pathname.startsWith('/api/') || pathname.startsWith('/files/') || pathname === METRICS_PATH;
    const looksLikeFile = /\.[a-z0-9]+$/i.test(pathname);
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (!isRead || isApi || looksLikeFile || !hasBuild) {
      return reply.status(404).send({ error: { status: 'NOT_FOUND', message: 'No encontrado' } });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html', webDistDir);
  });
}
