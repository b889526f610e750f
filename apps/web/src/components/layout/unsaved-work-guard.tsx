import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, useLocation } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { hasUnsavedWork, keepAllDrafts, unsavedScreens, useUnsavedWorkStore } from '@/lib/stores/unsaved-work-store';

/**
 * The one question every way out of a screen with unsaved edits asks (issue 12): a link of the
 * sidebar, the brand, the breadcrumbs or a screen (the router's blocker), sign-out (a pending
 * leave), and reload or close (the browser's own question). In the app, 'Si, estoy seguro' drops
 * the drafts and goes on; 'Cancelar' stays with the edits. A session that expired is let through
 * (see stores/unsaved-work-store `keepDraftsForSignIn`).
 *
 * Reloading or closing the tab or the browser (issue 32) drops nothing, whatever the answer to the
 * browser's question: the page cannot tell a closed tab from a crash, and the user may have meant
 * to come back. Every screen writes its draft at once when the page is about to go (beforeunload),
 * goes (pagehide) or is hidden (a phone's browser may be killed in the background without either),
 * so an edit made a moment before is kept too; reopening the screen offers it back ('Recuperar
 * cambios sin grabar'), and only 'Descartar' there (or saving) removes it.
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
      // written before the question: once it is answered the page may go without another event
      keepAllDrafts();
      if (useUnsavedWorkStore.getState().isLeaveAllowed) return;
      event.preventDefault();
      // older browsers need a returnValue to ask
      event.returnValue = '';
    };
    // the page goes (the user accepted the browser's question) or may be killed unseen: keep, never drop
    const handlePageHide = () => keepAllDrafts();
    const handleVisibilityChange = () => {
      if (document.visibilityState === 'hidden') keepAllDrafts();
    };
    window.addEventListener('beforeunload', handleBeforeUnload);
    window.addEventListener('pagehide', handlePageHide);
    document.addEventListener('visibilitychange', handleVisibilityChange);
    return () => {
      window.removeEventListener('beforeunload', handleBeforeUnload);
      window.removeEventListener('pagehide', handlePageHide);
      document.removeEventListener('visibilitychange', handleVisibilityChange);
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
