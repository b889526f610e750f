import { create } from 'zustand';

/** One screen's edits that are not saved yet, as the app-wide guard sees them. */
export type UnsavedWork = {
  /** The screen, as the leave question names it ('el Gantt'), already translated. */
  screen: string;
  /** Writes the screen's draft to the browser now (the session expired: it is offered back later). */
  keepDraft: () => void;
  /** Forgets the screen's draft: the user chose to leave without saving. */
  discardDraft: () => void;
};

export type RequestLeaveOptions = {
  /**
   * The action drops the edits but the screen stays (the EDC switching to another EDP item): once
   * confirmed, later ways out ask again. Without it the action leaves the screen (sign-out), and
   * the navigation it makes is not asked about.
   */
  staysOnScreen?: boolean;
};

/** A way out waiting for the user's answer to the leave question. */
export type PendingLeave = { action: () => void; staysOnScreen: boolean };

/**
 * Every screen with unsaved edits registers here while it has them (hooks/use-unsaved-work).
 * Each way out of a screen asks through it: router navigations (the blocker of
 * components/layout/unsaved-work-guard), sign-out (`requestLeave`), reload and close
 * (beforeunload). A session that expires keeps the drafts (`keepAllDrafts`) and lets the app go
 * to /login without asking (`keepDraftsForSignIn`).
 */
export type UnsavedWorkState = {
  works: Record<string, UnsavedWork>;
  /** A way out (sign-out, another EDC item) waiting for the user's answer to the leave question. */
  pendingLeave: PendingLeave | null;
  /** The user agreed to leave the screen, or the session expired: the next navigation is not asked about. */
  isLeaveAllowed: boolean;
  register: (id: string, work: UnsavedWork) => void;
  unregister: (id: string) => void;
  /** Runs `action` at once when nothing is unsaved; otherwise asks first (see confirmLeave). */
  requestLeave: (action: () => void, options?: RequestLeaveOptions) => void;
  /**
   * The user answered 'Si, estoy seguro': the drafts go and the pending way out (if any) runs.
   * Only a way out that leaves the screen allows the navigation it makes; the guard's own blocked
   * navigation proceeds by itself.
   */
  confirmLeave: () => void;
  cancelLeave: () => void;
  /** A new screen is on: leaving it asks again. */
  resetLeave: () => void;
};

export const useUnsavedWorkStore = create<UnsavedWorkState>()((set, get) => ({
  works: {},
  pendingLeave: null,
  isLeaveAllowed: false,
  register: (id, work) => set((state) => ({ works: { ...state.works, [id]: work } })),
  unregister: (id) =>
    set((state) => {
      if (!(id in state.works)) return state;
      const works = { ...state.works };
      delete works[id];
      return { works };
    }),
  requestLeave: (action, options = {}) => {
    if (Object.keys(get().works).length === 0) {
      action();
      return;
    }
    set({ pendingLeave: { action, staysOnScreen: options.staysOnScreen === true } });
  },
  confirmLeave: () => {
    const { pendingLeave } = get();
    discardAllDrafts();
    // an action that stays on the screen must not switch the guard off until the screen changes
    const leavesScreen = pendingLeave !== null && !pendingLeave.staysOnScreen;
    set(leavesScreen ? { pendingLeave: null, isLeaveAllowed: true } : { pendingLeave: null });
    pendingLeave?.action();
  },
  cancelLeave: () => set({ pendingLeave: null }),
  resetLeave: () => {
    if (get().isLeaveAllowed) set({ isLeaveAllowed: false });
  },
}));

export function hasUnsavedWork(): boolean {
  return Object.keys(useUnsavedWorkStore.getState().works).length > 0;
}

/** The screens with unsaved edits, as the leave question names them. */
export function unsavedScreens(works: Record<string, UnsavedWork>): string[] {
  return [...new Set(Object.values(works).map((work) => work.screen))];
}

/** Every registered screen writes its draft now; one failing does not stop the others. */
export function keepAllDrafts(): void {
  for (const work of Object.values(useUnsavedWorkStore.getState().works)) {
    try {
      work.keepDraft();
    } catch (error) {
      console.error('could not keep a draft', error);
    }
  }
}

export function discardAllDrafts(): void {
  for (const work of Object.values(useUnsavedWorkStore.getState().works)) {
    try {
      work.discardDraft();
    } catch (error) {
      console.error('could not discard a draft', error);
    }
  }
}

/**
 * The session expired (UNAUTHENTICATED, or the session watcher found none): the drafts are
 * written before the screens unmount, and the way to /login is not blocked by the leave question.
 */
export function keepDraftsForSignIn(): void {
  keepAllDrafts();
  useUnsavedWorkStore.setState({ isLeaveAllowed: true, pendingLeave: null });
}
