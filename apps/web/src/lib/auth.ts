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

/**
 * Issue 36 (the field screen works offline): the last session the server confirmed, kept in this
 * browser so that the app still opens without a connection until that session expires. It holds no
 * secret (the session's cookie stays httpOnly; every call is still checked by the server) and goes
 * on sign-out or when the server says there is no session.
 */
const LAST_SESSION_KEY = 'cimiento.lastSession';

function rememberSession(session: Session | null): void {
  try {
    if (session === null) localStorage.removeItem(LAST_SESSION_KEY);
    else localStorage.setItem(LAST_SESSION_KEY, JSON.stringify(session));
  } catch {
    // storage full or disabled: the app simply does not open offline
  }
}

/** The remembered session while it has not expired (undefined: none). */
export function rememberedSession(now: Date = new Date()): Session | undefined {
  try {
    const text = localStorage.getItem(LAST_SESSION_KEY);
    if (text === null) return undefined;
    const session = JSON.parse(text) as Session;
    if (typeof session?.user?.id !== 'string' || !(new Date(session.session.expiresAt) > now)) return undefined;
    return session;
  } catch {
    return undefined;
  }
}

export async function getSession(): Promise<Session | null> {
  let body: unknown;
  try {
    body = await authFetch('/get-session', { method: 'GET' });
  } catch (error) {
    // no connection: the session this browser last had, while it lasts
    if (error instanceof AuthError && error.code === 'NETWORK_ERROR') {
      const remembered = rememberedSession();
      if (remembered !== undefined) return remembered;
    }
    throw error;
  }
  if (typeof body !== 'object' || body === null || !('user' in body) || !body.user) {
    rememberSession(null);
    return null;
  }
  rememberSession(body as Session);
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
  rememberSession(null);
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
