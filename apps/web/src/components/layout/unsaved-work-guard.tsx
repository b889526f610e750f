import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, useLocation } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { discardAllDrafts, hasUnsavedWork, unsavedScreens, useUnsavedWorkStore } from '@/lib/stores/unsaved-work-store';

/**
 * The one question every way out of a screen with unsaved edits asks (issue 12): a link of the
 * sidebar, the brand, the breadcrumbs or a screen (the router's blocker), sign-out (a pending
 * leave), and reload or close (the browser's own question). 'Si, estoy seguro' drops the drafts
 * and goes on; 'Cancelar' stays with the edits. A session that expired is let through (see
 * stores/unsaved-work-store `keepDraftsForSignIn`).
 */
export function UnsavedWorkGuard() {
  const { t } = useTranslation();
  const location = useLocation();
  const works = useUnsavedWorkStore((state) => state.works);
  const pendingLeave = useUnsavedWorkStore((state) => state.pendingLeave);
  const confirmLeave = useUnsavedWorkStore((state) => state.confirmLeave);
  const cancelLeave = useUnsavedWorkStore((state) => state.cancelLeave);
  const resetLeave = useUnsavedWorkStore((state) => state.resetLeave);
  const isDirty = Object.keys(works).length > 0;

  // read when a navigation starts, so it always sees the registry as it is then
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !useUnsavedWorkStore.getState().isLeaveAllowed &&
      hasUnsavedWork() &&
      currentLocation.pathname !== nextLocation.pathname,
  );

  // a new screen is on (or the shell came back after signing in): leaving it asks again
  useEffect(() => resetLeave(), [location.pathname, resetLeave]);

  useEffect(() => {
    if (!isDirty) return;
    const handleBeforeUnload = (event: BeforeUnloadEvent) => {
      if (useUnsavedWorkStore.getState().isLeaveAllowed) return;
      event.preventDefault();
      // older browsers need a returnValue to ask
      event.returnValue = '';
    };
    // the page really goes (the user answered the browser's question): the drafts go with it
    const handlePageHide = (event: PageTransitionEvent) => {
      if (!event.persisted) discardAllDrafts();
    };
    window.addEventListener('beforeunload', handleBeforeUnload);
    window.addEventListener('pagehide', handlePageHide);
    return () => {
      window.removeEventListener('beforeunload', handleBeforeUnload);
      window.removeEventListener('pagehide', handlePageHide);
    };
  }, [isDirty]);

  const isBlocked = blocker.state === 'blocked';
  const isOpen = isBlocked || pendingLeave !== null;
  const screens = unsavedScreens(works);
  const text = t('unsavedWork.confirmLeave', {
    screen: screens.length > 0 ? screens.join(', ') : t('unsavedWork.thisScreen'),
  });

  function handleConfirm() {
    // the drafts go (and a pending way out runs), then the blocked navigation goes on
    confirmLeave();
    if (isBlocked) blocker.proceed?.();
  }

  function handleCancel() {
    if (isBlocked) blocker.reset?.();
    else cancelLeave();
  }

  return <ConfirmDialog isOpen={isOpen} text={text} onConfirm={handleConfirm} onCancel={handleCancel} />;
}
