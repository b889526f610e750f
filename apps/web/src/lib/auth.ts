import { queryOptions, useQuery } from '@tanstack/react-query';

/** The signed-in user as better-auth's get-session reports it (role 'admin' is the admin flag). */
export type SessionUser = {
  id: string;
  name: string;
  email: string;
  image?: string | null;
  role?: string | null;
  banned?: boolean | null;
};

export type Session = { user: SessionUser; session: { id: string; expiresAt: string } };

export type LoginOptions = { needsFirstAccount: boolean; googleEnabled: boolean };

/** A refused auth request: better-auth's `code` (INVALID_EMAIL_OR_PASSWORD, BANNED_USER, …) and HTTP status. */
export class AuthError extends Error {
  readonly code: string;
  readonly status: number;

  constructor(code: string, status: number, message: string) {
    super(message);
    this.name = code;
    this.code = code;
    this.status = status;
  }
}

const AUTH_BASE = '/api/auth';

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

async function authFetch(path: string, init: { method: 'GET' | 'POST'; body?: unknown }): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(`${AUTH_BASE}${path}`, {
      method: init.method,
      credentials: 'same-origin',
      headers:
        init.body === undefined
          ? { accept: 'application/json' }
          : { accept: 'application/json', 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    throw new AuthError('NETWORK_ERROR', 0, 'network error');
  }
  const body = await readJson(response);
  if (!response.ok) {
    const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    const code = typeof record.code === 'string' ? record.code : response.status === 429 ? 'TOO_MANY_REQUESTS' : '';
    const message = typeof record.message === 'string' ? record.message : '';
    throw new AuthError(code || `HTTP_${response.status}`, response.status, message);
  }
  return body;
}

export async function getSession(): Promise<Session | null> {
  const body = await authFetch('/get-session', { method: 'GET' });
  if (typeof body !== 'object' || body === null || !('user' in body) || !body.user) return null;
  return body as Session;
}

export async function signInWithEmail(input: { email: string; password: string }): Promise<void> {
  await authFetch('/sign-in/email', { method: 'POST', body: { ...input, rememberMe: true } });
}

/** Only accepted while the installation has no user: creates the administrator and signs in. */
export async function signUpFirstAccount(input: { name: string; email: string; password: string }): Promise<void> {
  await authFetch('/sign-up/email', { method: 'POST', body: input });
}

/** Starts Google sign-in; resolves to the provider's address the browser must open. */
export async function startGoogleSignIn(): Promise<string> {
  const body = await authFetch('/sign-in/social', {
    method: 'POST',
    body: { provider: 'google', callbackURL: '/', errorCallbackURL: '/login' },
  });
  if (typeof body === 'object' && body !== null && 'url' in body && typeof body.url === 'string') return body.url;
  throw new AuthError('NO_REDIRECT_URL', 200, 'the server did not answer with the provider address');
}

let isSigningOut = false;

/**
 * 'Cerrar sesión' was chosen: the session that ends now did not expire, so /login does not offer
 * to go back to the screen (app/routes/root.tsx); cleared once /login shows.
 */
export function markSigningOut(value: boolean): void {
  isSigningOut = value;
}

export function wasSignOutChosen(): boolean {
  return isSigningOut;
}

export async function signOut(): Promise<void> {
  markSigningOut(true);
  await authFetch('/sign-out', { method: 'POST', body: {} });
}

export async function loadLoginOptions(): Promise<LoginOptions> {
  const response = await fetch('/api/login-options', { headers: { accept: 'application/json' } });
  if (!response.ok) throw new AuthError(`HTTP_${response.status}`, response.status, '');
  return (await response.json()) as LoginOptions;
}

export const sessionQueryKey = ['auth', 'session'] as const;

export function sessionQueryOptions() {
  return queryOptions({
    queryKey: sessionQueryKey,
    queryFn: getSession,
    staleTime: 60_000,
    retry: false,
  });
}

export function isAdminUser(user: SessionUser | null | undefined): boolean {
  return (user?.role ?? '').split(',').includes('admin');
}

/** The signed-in user (null when signed out), with the admin flag. */
export function useSession() {
  const query = useQuery(sessionQueryOptions());
  const user = query.data?.user ?? null;
  return { user, isAdmin: isAdminUser(user), isPending: query.isPending };
}
