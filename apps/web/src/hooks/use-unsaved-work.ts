import { useEffect, useId } from 'react';
import { useUnsavedWorkStore } from '@/lib/stores/unsaved-work-store';

const keepNothing = () => {};

/**
 * Registers a screen's unsaved edits with the app-wide guard while `isDirty`: every way out of the
 * screen asks first. `keepDraft` and `discardDraft` write and forget the screen's draft
 * (hooks/use-draft-persistence); edits without a draft of their own (a dialog's typed values) leave
 * them out. Pass stable functions: a new one registers again.
 */
export function useUnsavedWork(
  isDirty: boolean,
  screenLabel: string,
  keepDraft: () => void = keepNothing,
  discardDraft: () => void = keepNothing,
): void {
  const id = useId();
  const register = useUnsavedWorkStore((state) => state.register);
  const unregister = useUnsavedWorkStore((state) => state.unregister);
  useEffect(() => {
    if (!isDirty) return;
    register(id, { screen: screenLabel, keepDraft, discardDraft });
    return () => unregister(id);
  }, [id, isDirty, screenLabel, keepDraft, discardDraft, register, unregister]);
}
