import { create } from 'zustand';

export type CurrentProject = { id: string; name: string };

/** The project the user works on (the spec's "current" project); none until the project screens exist. */
export type ProjectState = {
  currentProject: CurrentProject | null;
  setCurrentProject: (project: CurrentProject | null) => void;
};

export const useProjectStore = create<ProjectState>()((set) => ({
  currentProject: null,
  setCurrentProject: (currentProject) => set({ currentProject }),
}));
