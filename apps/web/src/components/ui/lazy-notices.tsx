import { lazy, Suspense, useEffect } from 'react';
import { useNoticesStore } from '@/lib/stores/notices-store';

const loadHost = () => import('./notices-host');
const NoticesHost = lazy(async () => ({ default: (await loadHost()).NoticesHost }));

/** After the first screen has settled, the toasts' chunk is fetched anyway: an error met offline still shows. */
const PREFETCH_AFTER_MS = 3000;

/**
 * The toasts, drawn from the first notice on: no screen calls notistack's hooks (only the toaster
 * does), so its provider need not wrap the app, and /login and every screen's boot are spared its
 * chunk (issue 18). Once drawn it stays, and shows the store's current notice as it mounts.
 */
export function LazyNotices() {
  const hasHadNotice = useNoticesStore((state) => state.sequence > 0);
  useEffect(() => {
    const handle = window.setTimeout(() => void loadHost().catch(() => undefined), PREFETCH_AFTER_MS);
    return () => window.clearTimeout(handle);
  }, []);
  if (!hasHadNotice) return null;
  return (
    <Suspense fallback={null}>
      <NoticesHost />
    </Suspense>
  );
}
