import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { createAuth } from './auth/auth';
import { registerAuthRoutes } from './auth/auth-routes';
import { resolveAuthSecret } from './auth/secret';
import { createSignInGuard } from './auth/sign-in-guard';
import { countUsers } from './auth/user-count';
import type { Config } from './config';
import { isDatabaseReachable, migrateToLatest, openDatabase } from './db/database';
import { functionHandlers } from './functions/handlers';
import { registerFunctionRoutes } from './functions/functions-routes';
import { loggerOptions } from './http/logger';
import { registerSameOriginGuard } from './http/same-origin';
import { registerSecurityHeaders } from './http/security';
import { registerWebApp } from './http/web-app';
import { PUBLIC_FILES_PREFIX, createLocalDiskStorage } from './storage/local-disk-storage';

const here = path.dirname(fileURLToPath(import.meta.url));
/** apps/web/dist, from apps/server/src (tests, tsx) and from apps/server/dist (the bundle) alike. */
export const DEFAULT_WEB_DIST_DIR = path.resolve(here, '../../web/dist');

export type BuildAppOptions = {
  webDistDir?: string;
  /** Tests pass false to keep their output clean; main passes nothing. */
  logger?: boolean;
  /** Where log lines go instead of stdout (tests that read the log). */
  logStream?: DestinationStream;
};

/**
 * The whole server, shared by main and the tests. Plugins in order: logging and request ids,
 * security headers, compression, database (migrated), auth, callable functions, files, web app.
 */
export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config.logLevel, options.logStream),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await registerSecurityHeaders(app, { publicUrl: config.publicUrl });
  registerSameOriginGuard(app, { publicUrl: config.publicUrl });
  await app.register(compress, { threshold: 1024 });

  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  app.addHook('onClose', async () => database.close());
  await migrateToLatest(database);

  const secret = resolveAuthSecret(config.authSecret, config.dataDir);
  const auth = createAuth({ db: database.db, dialect: database.dialect, config, secret });
  await registerAuthRoutes(app, { auth, guard: createSignInGuard(database.db), origin: config.publicUrl });

  const filesRoot = path.resolve(config.dataDir, 'files');
  // the files route wants its folder to exist (else a warning on every fresh start)
  mkdirSync(filesRoot, { recursive: true });
  const storage = createLocalDiskStorage(filesRoot);
  await registerFunctionRoutes(app, {
    handlers: functionHandlers,
    services: { db: database.db, dialect: database.dialect, auth, storage, config },
  });

  await app.register(fastifyStatic, {
    root: filesRoot,
    prefix: PUBLIC_FILES_PREFIX,
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    maxAge: '1h',
    allowedPath: (pathname) => !pathname.includes('..'),
  });

  app.get('/healthz', async (_request, reply) => {
    const isReachable = await isDatabaseReachable(database);
    return reply
      .status(isReachable ? 200 : 503)
      .send({ status: isReachable ? 'ok' : 'error', database: isReachable ? 'ok' : 'unreachable' });
  });

  // What /login needs before anyone is signed in: whether to offer the first account, and Google.
  app.get('/api/login-options', async () => ({
    needsFirstAccount: (await countUsers(database.db)) === 0,
    googleEnabled: config.google !== undefined,
  }));

  await registerWebApp(app, options.webDistDir ?? DEFAULT_WEB_DIST_DIR);
  return app;
}
