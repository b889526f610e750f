import { useEffect, useState } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { GlobalSpinner } from '@/components/ui/global-spinner';

type Shell = ComponentType<{ children: ReactNode }>;

let loadedShell: Shell | null = null;
let loading: Promise<void> | null = null;

/**
 * The signed-in chrome (sidebar, navbar, configurator, bell, live connection: app-shell.tsx) is a
 * chunk of its own, so /login never downloads it (issue 37). Every signed-in route's chunk waits for
 * it (router.tsx), so a screen is never drawn before its shell; a failed download is asked again.
 */
export function loadShell(): Promise<void> {
  loading ??= import('./app-shell').then(
    ({ AppShell }) => {
      loadedShell = AppShell;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The shell around `children`: at once when its chunk is in (the routes wait for it), else after it. */
export function LazyAppShell({ children }: { children: ReactNode }) {
  const [Shell, setShell] = useState<Shell | null>(() => loadedShell);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (Shell !== null) return;
    let isMounted = true;
    loadShell().then(
      () => {
        if (isMounted) setShell(() => loadedShell);
      },
      () => {
        if (isMounted) setFailed(true);
      },
    );
    return () => {
      isMounted = false;
    };
  }, [Shell]);
  if (Shell === null) {
    // the route's own wait for the shell reports a download that failed (RouteError); this one only waits
    return failed ? <>{children}</> : <GlobalSpinner isOpen />;
  }
  return <Shell>{children}</Shell>;
}
