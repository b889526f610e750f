import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { AppShell } from '@/components/layout/app-shell';
import { GlobalSpinner } from '@/components/ui/global-spinner';
import { useIsLoading } from '@/hooks/use-is-loading';
import { sessionQueryOptions } from '@/lib/auth';
import { useNoticesStore } from '@/stores/notices-store';

export const LOGIN_PATH = '/login';

/**
 * The session watcher (product-spec.md §4): signed-out users go to /login from anywhere, signed-in
 * users opening /login go to '/'. Every screen but /login is drawn inside the shell.
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

  useEffect(() => {
    if (redirect === null) return;
    clearRedirect();
    void navigate(redirect);
  }, [redirect, clearRedirect, navigate]);

  const spinner = <GlobalSpinner isOpen={session.isPending || isLoading || navigation.state === 'loading'} />;
  if (session.isPending) return spinner;

  // a failed session check (server unreachable) counts as signed out
  const user = session.data?.user ?? null;
  if (!user && !isLoginPath) return <Navigate to={LOGIN_PATH} replace />;
  if (user && isLoginPath) return <Navigate to="/" replace />;

  return (
    <>
      {isLoginPath ? <Outlet /> : <AppShell>{<Outlet />}</AppShell>}
      {spinner}
    </>
  );
}
