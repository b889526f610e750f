import { create } from 'zustand';

/**
 * The spec's notices (product-spec.md §3, §4): a success message and an error exclude each other,
 * a redirect is followed once and cleared, and a loading flag drives the global spinner.
 * `sequence` grows on every notice so the same text shown twice still raises a new toast.
 */
export type NoticesState = {
  message: string | null;
  error: string | null;
  redirect: string | null;
  loading: boolean;
  sequence: number;
  setMessage: (message: string) => void;
  setError: (error: string) => void;
  clearMessage: () => void;
  clearError: () => void;
  setRedirect: (path: string) => void;
  clearRedirect: () => void;
  setLoading: (isLoading: boolean) => void;
};

export const useNoticesStore = create<NoticesState>()((set) => ({
  message: null,
  error: null,
  redirect: null,
  loading: false,
  sequence: 0,
  setMessage: (message) => set((state) => ({ message, error: null, sequence: state.sequence + 1 })),
  setError: (error) => set((state) => ({ error, message: null, sequence: state.sequence + 1 })),
  clearMessage: () => set({ message: null }),
  clearError: () => set({ error: null }),
  setRedirect: (redirect) => set({ redirect }),
  clearRedirect: () => set({ redirect: null }),
  setLoading: (loading) => set({ loading }),
}));

/** For code outside React (the query client, the api client). */
export function notifyMessage(message: string): void {
  useNoticesStore.getState().setMessage(message);
}

export function notifyError(error: string): void {
  useNoticesStore.getState().setError(error);
}
