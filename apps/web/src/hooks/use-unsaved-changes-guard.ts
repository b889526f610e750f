import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import type { Blocker } from 'react-router';

/**
 * A screen with unsaved changes asks before it is left: leaving the route gives back a blocked
 * blocker (the screen shows its own question and proceeds or resets), and closing or reloading
 * the tab asks the browser's own question.
 */
export function useUnsavedChangesGuard(isDirty: boolean): Blocker {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => isDirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!isDirty) return;
    const handleBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // older browsers need a returnValue to ask
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', handleBeforeUnload);
    return () => window.removeEventListener('beforeunload', handleBeforeUnload);
  }, [isDirty]);
  return blocker;
}
