import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const ONE_YEAR_SECONDS = 31536000;

/**
 * The built web app: hashed files under /assets cached for a year, index.html never cached, and
 * every other GET or HEAD that is not an API path answered with index.html (the SPA's router decides).
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string): Promise<void> {
  const indexFile = path.join(webDistDir, 'index.html');
  const hasBuild = existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      // our own Cache-Control (below); otherwise the plugin writes 'public, max-age=0' over it
      cacheControl: false,
      setHeaders(response, filePath) {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        response.setHeader(
          'cache-control',
          isHashedAsset ? `public, max-age=${ONE_YEAR_SECONDS}, immutable` : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = pathname.startsWith('/api/') || pathname.startsWith('/files/');
    const looksLikeFile = /\.[a-z0-9]+$/i.test(pathname);
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (!isRead || isApi || looksLikeFile || !hasBuild) {
      return reply.status(404).send({ error: { status: 'NOT_FOUND', message: 'No encontrado' } });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html', webDistDir);
  });
}
