import { useCallback } from 'react';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { useSession } from '@/lib/auth';

export type CurrentProject = { id: string; name: string };

/**
 * The project the user works on (the spec's "current" project, product-spec.md §2): what the
 * sidebar's project group and the word 'current' in /projects/current/… point at. Kept across
 * reloads, together with whose choice it is, so another user signing in on the same browser
 * does not inherit it.
 */
export type ProjectState = {
  currentProject: CurrentProject | null;
  /** The signed-in user who selected it. */
  userId: string | null;
  setCurrentProject: (project: CurrentProject, userId: string) => void;
  clearCurrentProject: () => void;
  /** Forgets the current project if it is this one (deleted, or no longer listed). */
  forgetProject: (id: string) => void;
  /** Follows a new name of the current project ('Editar proyecto'); any other project is left alone. */
  renameProject: (id: string, name: string) => void;
  /** Forgets the current project if another user selected it. */
  keepOnlyFor: (userId: string) => void;
};

export const PROJECT_STORAGE_KEY = 'cimiento-current-project';

export const useProjectStore = create<ProjectState>()(
  persist(
    (set, get) => ({
      currentProject: null,
      userId: null,
      setCurrentProject: (project, userId) => set({ currentProject: { id: project.id, name: project.name }, userId }),
      clearCurrentProject: () => set({ currentProject: null, userId: null }),
      forgetProject: (id) => {
        if (get().currentProject?.id === id) set({ currentProject: null, userId: null });
      },
      renameProject: (id, name) => {
        const current = get().currentProject;
        if (current?.id === id && current.name !== name) set({ currentProject: { id, name } });
      },
      keepOnlyFor: (userId) => {
        const state = get();
        if (state.userId !== null && state.userId !== userId) set({ currentProject: null, userId: null });
      },
    }),
    {
      name: PROJECT_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ currentProject: state.currentProject, userId: state.userId }),
    },
  ),
);

/** The signed-in user's current project; null when none is selected or another user selected it. */
export function useCurrentProject(): CurrentProject | null {
  const { user } = useSession();
  const userId = user?.id ?? null;
  return useProjectStore((state) => (userId !== null && state.userId === userId ? state.currentProject : null));
}

/** Selects a project for the signed-in user (nothing happens while signed out). */
export function useSelectProject(): (project: CurrentProject) => void {
  const { user } = useSession();
  const userId = user?.id ?? null;
  const setCurrentProject = useProjectStore((state) => state.setCurrentProject);
  return useCallback(
    (project: CurrentProject) => {
      if (userId !== null) setCurrentProject(project, userId);
    },
    [userId, setCurrentProject],
  );
}
