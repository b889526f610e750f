import type { FastifyInstance } from 'fastify';
import { GOOGLE_PROVIDER_ID } from './auth';

export const AUTH_BASE_PATH = '/api/auth';

/**
 * The better-auth endpoints reachable over HTTP (issue 17, F7): what the web (apps/web/src/lib/auth.ts)
 * and the Google sign-in use, nothing else. Every other better-auth endpoint (update-user,
 * change-password, list-sessions, the admin plugin's, …) is refused with a Spanish 404 before
 * better-auth sees it: accounts change only through our callable functions (saveProfile,
 * uploadFile, saveUser), which validate what they store. The server's own auth.api.* calls are
 * not HTTP and are not affected.
 */
export const ALLOWED_AUTH_ENDPOINTS: ReadonlyArray<{ method: 'GET' | 'POST'; path: string }> = [
  // the web's session query
  { method: 'GET', path: '/get-session' },
  { method: 'POST', path: '/sign-in/email' },
  // only the first account of an empty installation (auth.ts refuses the rest)
  { method: 'POST', path: '/sign-up/email' },
  // "Ingresa con Google": starts the provider's flow
  { method: 'POST', path: '/sign-in/social' },
  // Google sends the browser back here (see http/same-origin.ts)
  { method: 'GET', path: `/callback/${GOOGLE_PROVIDER_ID}` },
  { method: 'POST', path: '/sign-out' },
];

const allowed = new Set(ALLOWED_AUTH_ENDPOINTS.map(({ method, path }) => `${method} ${AUTH_BASE_PATH}${path}`));

export const UNUSED_ENDPOINT_MESSAGE =
  'Esta ruta de /api/auth no existe en Cimiento: se usa solo para iniciar y cerrar sesión. Tu perfil se cambia en la pantalla Perfil, y las cuentas en Usuarios.';

/**
 * Refuses, before reading the body, every request of the scope that is not an allowed endpoint:
 * the raw path must match exactly (no percent-escapes, no trailing slash, no other method).
 */
export function refuseUnusedAuthEndpoints(scope: FastifyInstance): void {
  scope.addHook('onRequest', async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (allowed.has(`${request.method} ${pathname}`)) return;
    return reply.status(404).send({ code: 'NOT_FOUND', message: UNUSED_ENDPOINT_MESSAGE });
  });
}
