import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Auth } from './auth';
import { AUTH_BODY_LIMIT, authInputRefusal } from './auth-input';
import { CLIENT_IP_HEADER } from './auth';
import { refuseUnusedAuthEndpoints } from './auth-endpoints';
import { authScopeErrorHandler, spanishAuthRefusal, spanishErrorRedirect } from './auth-messages';
import type { SignInGuard } from './sign-in-guard';
import { TOO_MANY_ATTEMPTS_MESSAGE } from './sign-in-guard';

const SIGN_IN_EMAIL_PATH = '/api/auth/sign-in/email';

/** Builds the Web Request better-auth expects; the client-IP header is always ours, never the client's. */
export function toWebRequest(request: FastifyRequest, origin: string, body: Buffer | undefined): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === CLIENT_IP_HEADER) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  const hasBody = body !== undefined && body.length > 0 && request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(new URL(request.url, origin), {
    method: request.method,
    headers,
    body: hasBody ? new Uint8Array(body) : undefined,
  });
}

async function sendWebResponse(reply: FastifyReply, response: Response, origin: string): Promise<void> {
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  const payload = Buffer.from(await response.arrayBuffer());
  if (response.status >= 300) {
    await sendRefusalOrRedirect(reply, response, payload, origin);
    return;
  }
  await reply.send(payload.length > 0 ? payload : null);
}

function jsonOrNull(payload: Buffer): unknown {
  try {
    return JSON.parse(payload.toString('utf8'));
  } catch {
    return null;
  }
}

/**
 * better-auth's redirects and refusals in Spanish (issue 17, F6, auth-messages.ts): the Location of
 * a redirect to /login?error=CODE gets the Spanish error_description; a refusal becomes {code, message}.
 */
async function sendRefusalOrRedirect(reply: FastifyReply, response: Response, payload: Buffer, origin: string) {
  const location = response.headers.get('location');
  if (response.status < 400) {
    if (location !== null) reply.header('location', spanishErrorRedirect(location, origin));
    await reply.send(payload.length > 0 ? payload : null);
    return;
  }
  const refusal = spanishAuthRefusal(response.status, jsonOrNull(payload), {
    retryAfter: response.headers.get('x-retry-after'),
    requestId: reply.request.id,
  });
  if (response.status >= 500) reply.request.log.error({ code: refusal.code }, 'better-auth answered a server error');
  // better-auth's router no longer writes its refusals to the console (onAPIError.throw, auth.ts): logged here
  else reply.request.log.info({ code: refusal.code, status: response.status }, 'auth request refused');
  await reply.type('application/json; charset=utf-8').send(refusal);
}

function emailFromBody(body: Buffer | undefined): string | undefined {
  if (!body) return undefined;
  try {
    const parsed: unknown = JSON.parse(body.toString('utf8'));
    if (parsed && typeof parsed === 'object' && 'email' in parsed && typeof parsed.email === 'string') {
      return parsed.email;
    }
  } catch {
    // better-auth answers malformed bodies itself
  }
  return undefined;
}

/** Mounts better-auth under /api/auth, with the wrong-password guard in front of email sign-in. */
export async function registerAuthRoutes(
  app: FastifyInstance,
  options: { auth: Auth; guard: SignInGuard; origin: string },
): Promise<void> {
  await app.register(async (scope) => {
    // better-auth parses bodies itself: hand it the raw bytes
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: AUTH_BODY_LIMIT }, (_request, body, done) => {
      done(null, body);
    });
    // issue 17 (F6, F7): only the endpoints the app uses, and Fastify's own refusals in Spanish
    refuseUnusedAuthEndpoints(scope);
    scope.setErrorHandler(authScopeErrorHandler({ bodyLimit: AUTH_BODY_LIMIT }));

    scope.route({
      // every method, so that whatever reaches /api/auth/* gets the scope's Spanish answers
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      url: '/api/auth/*',
      handler: async (request, reply) => {
        const body = Buffer.isBuffer(request.body) ? request.body : undefined;
        // issue 17 (F2): input checked before the guard or better-auth reads the database
        const refusal = authInputRefusal(request, body);
        if (refusal) {
          await reply.status(refusal.status).send({ code: refusal.code, message: refusal.message });
          return;
        }
        const isPasswordSignIn = request.method === 'POST' && request.url.split('?')[0] === SIGN_IN_EMAIL_PATH;
        const email = isPasswordSignIn ? emailFromBody(body) : undefined;
        if (email !== undefined && (await options.guard.isBlocked(request.ip, email))) {
          await reply.status(429).send({ code: 'TOO_MANY_ATTEMPTS', message: TOO_MANY_ATTEMPTS_MESSAGE });
          return;
        }
        const response = await options.auth.handler(toWebRequest(request, options.origin, body));
        if (email !== undefined) {
          if (response.status === 401) await options.guard.recordFailure(request.ip, email);
          else if (response.ok) await options.guard.clear(request.ip, email);
        }
        await sendWebResponse(reply, response, options.origin);
      },
    });
  });
}
