import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GOOGLE_PROVIDER_ID } from '../auth/auth';

const FUNCTIONS_PREFIX = '/api/functions/';
const AUTH_PREFIX = '/api/auth/';
/** issue 19: the live stream (collab/events-route.ts) answers like the functions */
const EVENTS_PATH = '/api/events';

/**
 * The one request to /api/auth that legitimately comes from another site: the OpenID provider
 * (Google) sends the browser back to better-auth's callback with a top-level GET navigation, which
 * the browser marks `Sec-Fetch-Site: cross-site`. It needs no same-origin check: better-auth only
 * accepts it with the `state` it stored for this browser when the sign-in started (bound to a signed
 * cookie, single use, expiring) and with the PKCE verifier that only this server holds, so a forged
 * or replayed callback is sent to /login with an error and signs nobody in.
 */
export const OAUTH_CALLBACK_PATH = `/api/auth/callback/${GOOGLE_PROVIDER_ID}`;

export const CROSS_SITE_REFUSAL_CODE = 'PERMISSION_DENIED';

export function crossSiteRefusalMessage(publicUrl: string): string {
  return `La solicitud llegó desde otro sitio y fue rechazada: abre Cimiento en ${publicUrl} e inténtalo desde ahí.`;
}

type GuardedArea = 'functions' | 'auth';

/**
 * Which guarded area a request is for. The matched route's pattern counts, not only the raw path:
 * the router decodes percent-escapes, so /api/%66unctions/x reaches the function x.
 */
function guardedArea(request: FastifyRequest): GuardedArea | undefined {
  const pathname = request.url.split('?')[0] ?? '';
  for (const candidate of [request.routeOptions.url ?? '', pathname]) {
    if (candidate.startsWith(FUNCTIONS_PREFIX) || candidate === EVENTS_PATH) return 'functions';
    if (candidate.startsWith(AUTH_PREFIX)) return 'auth';
  }
  return undefined;
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** The Origin header's origin, or undefined when it is 'null' or not an http(s) origin. */
function originOf(header: string): string | undefined {
  try {
    const url = new URL(header);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** Why a request is refused as cross-site, or undefined when it may go on. */
export function crossSiteReason(
  headers: { origin?: string | string[]; 'sec-fetch-site'?: string | string[] },
  ownOrigin: string,
): string | undefined {
  const origin = firstHeader(headers.origin);
  if (origin !== undefined && originOf(origin.trim()) !== ownOrigin) return 'origin';
  const fetchSite = firstHeader(headers['sec-fetch-site']);
  if (fetchSite?.trim().toLowerCase() === 'cross-site') return 'sec-fetch-site';
  return undefined;
}

function refuse(reply: FastifyReply, area: GuardedArea, message: string) {
  const body =
    area === 'functions'
      ? { error: { status: CROSS_SITE_REFUSAL_CODE, message } }
      : { code: CROSS_SITE_REFUSAL_CODE, message };
  return reply.status(403).send(body);
}

/**
 * Same-origin calls only (issue 17, F4): /api/functions/* and /api/auth/* refuse, before reading
 * the body, a request whose Origin is present and not PUBLIC_URL's origin ('null' included) or
 * whose Sec-Fetch-Site is 'cross-site'. Requests without either header (scripts, curl, old
 * browsers) go on: the session cookie is SameSite=Lax and better-auth checks Origin itself.
 * 'same-site' (a sibling subdomain) is not refused by that header alone: every call that changes
 * something is a POST, which browsers send with an Origin, and that Origin is refused above.
 * Register it before the routes it guards.
 */
export function registerSameOriginGuard(app: FastifyInstance, options: { publicUrl: string }): void {
  const ownOrigin = new URL(options.publicUrl).origin;
  const message = crossSiteRefusalMessage(options.publicUrl);
  app.addHook('onRequest', async (request, reply) => {
    const area = guardedArea(request);
    if (area === undefined) return;
    if (request.method === 'GET' && request.url.split('?')[0] === OAUTH_CALLBACK_PATH) return;
    const reason = crossSiteReason(request.headers, ownOrigin);
    if (reason === undefined) return;
    request.log.info({ reason, origin: request.headers.origin }, 'cross-site request refused');
    return refuse(reply, area, message);
  });
}
