/**
 * Where the user was when the session ended, so signing in again brings them back there. It
 * travels in the /login location's state, and is only followed when it is a path of this app:
 * never another origin ('//host', 'https:…', '/\host'), never /login itself.
 */
export type ReturnTo = { path: string; userId: string };

export function safeReturnPath(value: unknown, origin: string = window.location.origin): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  // control characters and spaces never belong in a path the app made
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code <= 0x20 || code === 0x7f) return null;
  }
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  if (url.pathname === '/login' || url.pathname.startsWith('/api/')) return null;
  return `${url.pathname}${url.search}`;
}

/** The location state /login is opened with: where the user was and who they were. */
export function returnToState(path: string, userId: string): { returnTo: ReturnTo } {
  return { returnTo: { path, userId } };
}

/**
 * Where a user who just signed in goes: back to where their session ended, when it was this same
 * user's; otherwise '/'.
 */
export function returnPathAfterSignIn(state: unknown, userId: string): string {
  if (typeof state !== 'object' || state === null || !('returnTo' in state)) return '/';
  const returnTo = state.returnTo;
  if (typeof returnTo !== 'object' || returnTo === null || !('path' in returnTo)) return '/';
  if (!('userId' in returnTo) || returnTo.userId !== userId) return '/';
  return safeReturnPath(returnTo.path) ?? '/';
}
