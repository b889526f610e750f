import { useSnackbar } from 'notistack';
import type { SnackbarKey } from 'notistack';
import { useEffect, useRef } from 'react';
import { useNoticesStore } from '@/lib/stores/notices-store';

export const TOAST_AUTO_HIDE_MS = 5000;

/**
 * Shows the notices store as toasts: a success message and an error exclude each other (a new
 * one closes the shown one), and both close after 5 s (product-spec.md §4, §9).
 */
export function NoticesToaster() {
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  const message = useNoticesStore((state) => state.message);
  const error = useNoticesStore((state) => state.error);
  const sequence = useNoticesStore((state) => state.sequence);
  const shownKey = useRef<SnackbarKey | null>(null);

  useEffect(() => {
    if (shownKey.current !== null) {
      closeSnackbar(shownKey.current);
      shownKey.current = null;
    }
    const text = error ?? message;
    if (text === null) return;
    const isError = error !== null;
    const key = enqueueSnackbar(text, {
      variant: isError ? 'error' : 'success',
      autoHideDuration: TOAST_AUTO_HIDE_MS,
      onClose: () => {
        const state = useNoticesStore.getState();
        if (state.sequence !== sequence) return;
        if (isError) state.clearError();
        else state.clearMessage();
      },
    });
    shownKey.current = key;
  }, [message, error, sequence, enqueueSnackbar, closeSnackbar]);

  return null;
}
