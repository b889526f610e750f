import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { createAuth } from './auth/auth';
import { registerAuthRoutes } from './auth/auth-routes';
import { resolveAuthSecret } from './auth/secret';
import { createSessionCache } from './auth/session-cache';
import { createSessionInvalidation } from './auth/session-invalidation';
import { createSignInGuard } from './auth/sign-in-guard';
import { countUsers } from './auth/user-count';
import { registerEventsRoute } from './collab/events-route';
import { createLiveHub } from './collab/live-hub';
import type { Config } from './config';
import { isDatabaseReachable, migrateToLatest, openDatabase } from './db/database';
import { createTrashSweep } from './projects/trash-sweep';
import { functionHandlers } from './functions/handlers';
import type { AnswerCache } from './functions/answer-cache';
import { registerFunctionRoutes } from './functions/functions-routes';
import { gracefulStopServerOptions, registerGracefulStop } from './http/graceful-stop';
import { loggerOptions } from './http/logger';
import { registerMetrics } from './http/metrics';
import { registerSameOriginGuard } from './http/same-origin';
import { lazySchemaCompilers } from './http/schema-compilers';
import { registerSecurityHeaders } from './http/security';
import { registerWebApp } from './http/web-app';
import { startFileSweeper } from './storage/file-sweep';
import { createFileStorage, registerFilesRoute } from './storage/files-route';
import { memberRole } from './members/project-access';
import { projectOfKey } from './tracking/photo-queries';
import { isAdminRole } from './users/user-queries';

const here = path.dirname(fileURLToPath(import.meta.url));
/** apps/web/dist, from apps/server/src (tests, tsx) and from apps/server/dist (the bundle) alike. */
export const DEFAULT_WEB_DIST_DIR = path.resolve(here, '../../web/dist');

export type BuildAppOptions = {
  webDistDir?: string;
  /** Tests pass false to keep their output clean; main passes nothing. */
  logger?: boolean;
  /** Where log lines go instead of stdout (tests that read the log). */
  logStream?: DestinationStream;
  /**
   * How long a session lookup is reused (SESSION_CACHE_TTL_MS unless given): tests of revocation
   * across instances make it long, so that only the announcement can explain a refusal.
   */
  sessionCacheTtlMs?: number;
  /** The callable functions' remembered answers (issue 18); tests pass one to see its hits. */
  answerCache?: AnswerCache;
  /** The live stream's heartbeat and safety-net poll (issue 19; collab/live-hub.ts's defaults unless given). */
  liveHeartbeatMs?: number;
  livePollMs?: number;
  /** issue 30: how often the trash's automatic purge runs after the one at start-up (projects/trash-sweep.ts's hour unless given) */
  trashSweepMs?: number;
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
    schemaController: { compilersFactory: lazySchemaCompilers },
    ...gracefulStopServerOptions,
  });
  registerGracefulStop(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await registerSecurityHeaders(app, { publicUrl: config.publicUrl });
  registerSameOriginGuard(app, { publicUrl: config.publicUrl });
  await app.register(compress, { threshold: 1024 });

  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  app.addHook('onClose', async () => database.close());
  const applied = await migrateToLatest(database);
  if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');

  // issue 30: GET /metrics, only with METRICS_TOKEN; before the routes it measures
  const metrics =
    config.metricsToken === undefined
      ? undefined
      : await registerMetrics(app, { token: config.metricsToken, poolUse: database.poolUse });

  const secret = resolveAuthSecret(config.authSecret, config.dataDir);
  const invalidation = await createSessionInvalidation({
    db: database.db,
    dialect: database.dialect,
    databaseUrl: config.databaseUrl,
    log: app.log,
  });
  app.addHook('onClose', async () => invalidation.close());
  const auth = createAuth({ db: database.db, dialect: database.dialect, config, secret, log: app.log, invalidation });
  const sessions = createSessionCache({
    lookup: (cookie) => auth.api.getSession({ headers: new Headers({ cookie }) }),
    invalidation,
    ttlMs: options.sessionCacheTtlMs,
  });
  await registerAuthRoutes(app, { auth, guard: createSignInGuard(database.db), origin: config.publicUrl });

  const storage = createFileStorage(config, database.db);
  await registerFunctionRoutes(app, {
    handlers: functionHandlers,
    services: { db: database.db, dialect: database.dialect, auth, storage },
    sessions,
    ...(options.answerCache === undefined ? {} : { answers: options.answerCache }),
  });

  await registerFilesRoute(app, {
    sessions,
    storage,
    // issue 36: a project's photos are its members' (and the administrators')
    mayRead: async (user, key) => {
      const projectId = projectOfKey(key);
      if (projectId === undefined || isAdminRole(user.role ?? null)) return true;
      return (await memberRole(database.db, projectId, user.id)) !== undefined;
    },
  });
  // issue 30: released files lose their bytes only after the grace period (storage/file-sweep.ts)
  const sweeper = startFileSweeper({ db: database.db, storage, log: app.log });
  app.addHook('preClose', async () => {
    sweeper.stop();
    await sweeper.running();
  });

  // issue 19: the live stream; its streams end before the server's close waits for connections
  const hub = createLiveHub({
    db: database.db,
    dialect: database.dialect,
    databaseUrl: config.databaseUrl,
    log: app.log,
    sessions,
    invalidation,
    heartbeatMs: options.liveHeartbeatMs,
    pollMs: options.livePollMs,
    // issue 30: the streams' bounds; hub.streamCount() is the open-streams gauge
    streamsPerUser: config.liveStreamsPerUser,
    streamsTotal: config.liveStreamsTotal,
  });
  await hub.start();
  metrics?.watchLiveStreams(() => hub.streamCount());
  app.addHook('preClose', async () => hub.close());
  registerEventsRoute(app, { sessions, hub });

  // issue 30: the trash's automatic purge, at start-up (not waited for) and every hour; a stop waits for a run under way
  const trashSweep = createTrashSweep({ db: database.db, log: app.log, intervalMs: options.trashSweepMs });
  void trashSweep.start();
  app.addHook('preClose', async () => trashSweep.stop());

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
