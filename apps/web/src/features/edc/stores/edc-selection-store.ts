import { useCallback, useMemo } from 'react';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { useSession } from '@/lib/auth';

/**
 * The EDP item last selected on each project's EDC screen, per signed-in user (issue 12: "The EDC
 * screen remembers the selected item per project"). Kept across reloads in localStorage, keyed by
 * user and then project, so another user on the same browser neither sees nor replaces it; only
 * item ids are kept.
 */
export type EdcSelectionState = {
  /** user id → project id → EDP item id */
  selected: Record<string, Record<string, number>>;
  remember: (userId: string, projectId: string, itemId: number) => void;
  forget: (userId: string, projectId: string) => void;
};

export const EDC_SELECTION_STORAGE_KEY = 'cimiento-edc-selection';

export const useEdcSelectionStore = create<EdcSelectionState>()(
  persist(
    (set) => ({
      selected: {},
      remember: (userId, projectId, itemId) =>
        set((state) =>
          state.selected[userId]?.[projectId] === itemId
            ? state
            : { selected: { ...state.selected, [userId]: { ...state.selected[userId], [projectId]: itemId } } },
        ),
      forget: (userId, projectId) =>
        set((state) => {
          const mine = state.selected[userId];
          if (mine?.[projectId] === undefined) return state;
          const { [projectId]: _gone, ...rest } = mine;
          return { selected: { ...state.selected, [userId]: rest } };
        }),
    }),
    {
      name: EDC_SELECTION_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ selected: state.selected }),
    },
  ),
);

export type RememberedEdcItem = {
  /** The item remembered for this project and the signed-in user, or null. */
  rememberedId: number | null;
  remember: (itemId: number) => void;
  forget: () => void;
};

/** The signed-in user's remembered EDP item on this project's EDC screen (nothing is kept while signed out). */
export function useRememberedEdcItem(projectId: string): RememberedEdcItem {
  const { user } = useSession();
  const userId = user?.id ?? null;
  const rememberedId = useEdcSelectionStore((state) =>
    userId === null ? null : (state.selected[userId]?.[projectId] ?? null),
  );
  const rememberFor = useEdcSelectionStore((state) => state.remember);
  const forgetFor = useEdcSelectionStore((state) => state.forget);
  const remember = useCallback(
    (itemId: number) => {
      if (userId !== null) rememberFor(userId, projectId, itemId);
    },
    [userId, projectId, rememberFor],
  );
  const forget = useCallback(() => {
    if (userId !== null) forgetFor(userId, projectId);
  }, [userId, projectId, forgetFor]);
  return useMemo(() => ({ rememberedId, remember, forget }), [rememberedId, remember, forget]);
}
