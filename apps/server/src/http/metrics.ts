import { createHash, timingSafeEqual } from 'node:crypto';
import type { FunctionErrorCode } from '@cimiento/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Histogram } from 'prom-client';
import type { PoolUse } from '../db/database';

/** issue 30: the Prometheus scrape path; on only when METRICS_TOKEN is set. */
export const METRICS_PATH = '/metrics';

const FUNCTIONS_PREFIX = '/api/functions/';

/**
 * Seconds. A callable function answers in a millisecond or two (a cached loadGantt) up to tens of
 * seconds (an import of a large file); the other routes (static files, sign-in) sit in the same range.
 */
export const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** The label of a request that matched no route (unknown paths, unknown functions): never the raw URL. */
export const NO_ROUTE = '(sin ruta)';

/** The error code each failed call answered, set where the functions send their errors. */
const functionCodes = new WeakMap<FastifyRequest, FunctionErrorCode>();

/** Called by the functions' sendError: the code the metrics label the call with (issue 30). */
export function noteFunctionCode(request: FastifyRequest, code: FunctionErrorCode): void {
  functionCodes.set(request, code);
}

/** A call's code when sendError did not name it (a refusal before the route's handler, e.g. the same-origin guard). */
function codeOfStatus(status: number): string {
  switch (status) {
    case 200:
      return 'OK';
    case 400:
      return 'INVALID_ARGUMENT';
    case 401:
      return 'UNAUTHENTICATED';
    case 403:
      return 'PERMISSION_DENIED';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'ABORTED';
    case 429:
      return 'RESOURCE_EXHAUSTED';
    default:
      return status >= 500 ? 'INTERNAL' : String(status);
  }
}

/** SHA-256 of a token: equal lengths for timingSafeEqual, whatever was sent. */
function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/** Whether an Authorization header carries the token, compared in constant time. */
export function bearerMatches(header: string | undefined, expected: Buffer): boolean {
  if (typeof header !== 'string') return false;
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  // an equal-cost comparison whether or not the header had the right shape
  const given = digest(match?.[1] ?? '');
  return timingSafeEqual(given, expected) && match !== null;
}

export type Metrics = {
  /** The live hub is made after the routes: it is named here once it exists. */
  watchLiveStreams: (count: () => number) => void;
};

/**
 * GET /metrics (issue 30) in Prometheus's text format, through prom-client, for a scraper holding
 * METRICS_TOKEN (`Authorization: Bearer …`, compared in constant time; anything else is a bare 401).
 * Never the session cookie, never cached; outside the same-origin guard's areas (a scraper sends no
 * Origin, and the route only reads). Each app has its own registry (tests build several in one
 * process). It exposes:
 * - `cimiento_function_duration_seconds{function, code}`: every callable function's calls (its
 *   `_count`) and durations, by the contract's name and the answer's code (OK or the error's);
 * - `cimiento_http_request_duration_seconds{method, route, status}`: every other request, by the
 *   matched route's pattern (NO_ROUTE when none), so the labels stay few whatever URLs are sent;
 * - `cimiento_live_streams`: the live hub's open streams;
 * - `cimiento_db_pool_*`: the database connections (db/database.ts PoolUse);
 * - prom-client's default metrics: event-loop lag (`nodejs_eventloop_lag_seconds`, and its
 *   percentiles since the last scrape), RSS (`process_resident_memory_bytes`), heap
 *   (`nodejs_heap_size_used_bytes`, …), CPU, handles, GC.
 * Register it before the routes it measures (its onResponse hook is the root's). prom-client is
 * imported only here, so an installation without METRICS_TOKEN never loads it.
 */
export async function registerMetrics(
  app: FastifyInstance,
  options: { token: string; poolUse: () => PoolUse },
): Promise<Metrics> {
  const { Registry, Histogram: HistogramMetric, Gauge, collectDefaultMetrics } = await import('prom-client');
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const functionDuration = new HistogramMetric({
    name: 'cimiento_function_duration_seconds',
    help: 'Llamadas a funciones (callable) y su duración, por función y código de respuesta',
    labelNames: ['function', 'code'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const requestDuration = new HistogramMetric({
    name: 'cimiento_http_request_duration_seconds',
    help: 'Las demás solicitudes HTTP y su duración, por método, patrón de ruta y estado',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  let liveStreams: () => number = () => 0;
  new Gauge({
    name: 'cimiento_live_streams',
    help: 'Flujos en vivo (GET /api/events) abiertos en esta instancia',
    registers: [registry],
    collect() {
      this.set(liveStreams());
    },
  });
  const pool = (name: string, help: string, read: (use: PoolUse) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read(options.poolUse()));
      },
    });
  pool('cimiento_db_pool_max_connections', 'Conexiones a la base de datos como máximo', (use) => use.max);
  pool('cimiento_db_pool_open_connections', 'Conexiones a la base de datos abiertas', (use) => use.open);
  pool('cimiento_db_pool_idle_connections', 'Conexiones abiertas sin uso', (use) => use.idle);
  pool('cimiento_db_pool_waiting', 'Consultas y transacciones esperando una conexión', (use) => use.waiting);

  // the children (one per label set) kept by route pattern, then code (functions) or method and
  // status: the pattern and code strings are the router's and this module's own, so each Map lookup
  // reuses their hashes, and prom-client does not hash the labels into a key on every observation
  type Children = Map<string | number, Histogram.Internal<string>>;
  const functionChildren = new Map<string, Children>();
  const routeChildren = new Map<string, Map<string, Children>>();

  const observeFunction = (route: string, code: string, seconds: number) => {
    let byCode = functionChildren.get(route);
    if (byCode === undefined) {
      byCode = new Map();
      functionChildren.set(route, byCode);
    }
    let child = byCode.get(code);
    if (child === undefined) {
      child = functionDuration.labels(route.slice(FUNCTIONS_PREFIX.length), code);
      byCode.set(code, child);
    }
    child.observe(seconds);
  };
  const observeRoute = (pattern: string, method: string, status: number, seconds: number) => {
    let byMethod = routeChildren.get(pattern);
    if (byMethod === undefined) {
      byMethod = new Map();
      routeChildren.set(pattern, byMethod);
    }
    let byStatus = byMethod.get(method);
    if (byStatus === undefined) {
      byStatus = new Map();
      byMethod.set(method, byStatus);
    }
    let child = byStatus.get(status);
    if (child === undefined) {
      child = requestDuration.labels(method, pattern, String(status));
      byStatus.set(status, child);
    }
    child.observe(seconds);
  };

  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const route = request.routeOptions.url;
    const seconds = reply.elapsedTime / 1000;
    if (route !== undefined && route.startsWith(FUNCTIONS_PREFIX)) {
      observeFunction(route, functionCodes.get(request) ?? codeOfStatus(reply.statusCode), seconds);
    } else {
      observeRoute(route ?? NO_ROUTE, request.method, reply.statusCode, seconds);
    }
    done();
  });

  const expected = digest(options.token);
  app.get(METRICS_PATH, { logLevel: 'warn' }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!bearerMatches(request.headers.authorization, expected)) {
      request.log.warn('metrics: refused without the token');
      return reply.status(401).header('www-authenticate', 'Bearer').send();
    }
    const text = await registry.metrics();
    return reply.type(registry.contentType).send(text);
  });

  return {
    watchLiveStreams: (count) => {
      liveStreams = count;
    },
  };
}
