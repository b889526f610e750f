import { useQuery } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { LazyAppShell } from '@/components/layout/lazy-app-shell';
import { GlobalSpinner } from '@/components/ui/global-spinner';
import { useIsLoading } from '@/hooks/use-is-loading';
import { markSigningOut, sessionQueryOptions, wasSignOutChosen } from '@/lib/auth';
import { returnPathAfterSignIn, returnToState } from '@/lib/return-to';
import { useNoticesStore } from '@/lib/stores/notices-store';
import { keepDraftsForSignIn } from '@/lib/stores/unsaved-work-store';

export const LOGIN_PATH = '/login';

/**
 * The screens a signed-out visitor may open, drawn without the shell: /login and (issue 19) the
 * spec's '/authentication/…' pages (sign-in variants, sign-up and password advice).
 */
export function isSignedOutPath(pathname: string): boolean {
  return pathname === LOGIN_PATH || pathname.startsWith('/authentication/');
}

/**
 * The session is gone while a screen is open (expired, revoked): its unsaved edits are kept as
 * drafts before it unmounts, and /login is opened without the leave question, remembering where
 * the user was (app/routes/root.tsx follows it back after signing in).
 */
function SignedOutRedirect({ from, userId }: { from: string | null; userId: string | null }) {
  useLayoutEffect(() => keepDraftsForSignIn(), []);
  return (
    <Navigate to={LOGIN_PATH} replace state={from === null || userId === null ? null : returnToState(from, userId)} />
  );
}

/**
 * The session watcher (product-spec.md §4): signed-out users go to /login from anywhere, signed-in
 * users opening /login go to '/' (or back to where their session ended, see SignedOutRedirect).
 * Every screen but /login is drawn inside the shell.
 */
export function RootRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const session = useQuery(sessionQueryOptions());
  const isLoading = useIsLoading();
  const redirect = useNoticesStore((state) => state.redirect);
  const clearRedirect = useNoticesStore((state) => state.clearRedirect);
  const isLoginPath = location.pathname === LOGIN_PATH;
  const isSignedOutScreen = isSignedOutPath(location.pathname);
  // who was signed in last: a draft and the way back belong to them
  const lastUserId = useRef<string | null>(null);

  useEffect(() => {
    if (redirect === null) return;
    clearRedirect();
    void navigate(redirect);
  }, [redirect, clearRedirect, navigate]);

  useEffect(() => {
    if (isLoginPath) markSigningOut(false);
  }, [isLoginPath]);

  const spinner = <GlobalSpinner isOpen={session.isPending || isLoading || navigation.state === 'loading'} />;
  if (session.isPending) return spinner;

  // a failed session check (server unreachable) counts as signed out
  const user = session.data?.user ?? null;
  if (user) lastUserId.current = user.id;
  if (!user && !isSignedOutScreen) {
    // after 'Cerrar sesión' there is no screen to come back to (nor for a visitor who was never signed in)
    const from = wasSignOutChosen() ? null : `${location.pathname}${location.search}`;
    return <SignedOutRedirect from={from} userId={lastUserId.current} />;
  }
  if (user && isSignedOutScreen) return <Navigate to={returnPathAfterSignIn(location.state, user.id)} replace />;

  return (
    <>
      {isSignedOutScreen ? <Outlet /> : <LazyAppShell>{<Outlet />}</LazyAppShell>}
      {spinner}
    </>
  );
}
