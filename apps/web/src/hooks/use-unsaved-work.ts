import { useEffect, useId } from 'react';
import { useUnsavedWorkStore } from '@/stores/unsaved-work-store';

const keepNothing = () => {};

/**
 * Registers edits that have no draft of their own (a dialog's typed values) with the app-wide
 * guard while they are unsaved: every way out of the screen asks first, as for the editors.
 */
export function useUnsavedWork(isDirty: boolean, screenLabel: string): void {
  const id = useId();
  const register = useUnsavedWorkStore((state) => state.register);
  const unregister = useUnsavedWorkStore((state) => state.unregister);
  useEffect(() => {
    if (!isDirty) return;
    register(id, { screen: screenLabel, keepDraft: keepNothing, discardDraft: keepNothing });
    return () => unregister(id);
  }, [id, isDirty, screenLabel, register, unregister]);
}
