import type { HistoryEntry } from '@cimiento/domain';
import { create } from 'zustand';

/** The live stream as the tab sees it (GET /api/events, docs/COLLABORATION.md). */
export type LiveConnection = 'off' | 'connecting' | 'open' | 'reconnecting';

/** A save by someone else, as the banner shows it: the entry and when this tab heard of it. */
export type ReceivedChange = { entry: HistoryEntry; receivedAt: number };

export type LiveState = {
  connection: LiveConnection;
  /** The newest save by another user, per project id. */
  changes: Record<string, ReceivedChange>;
  /** Per project id, the newest history id the user has dealt with (reloaded, dismissed, or opened after it). */
  seen: Record<string, number>;
  /** The signed-in user's unread notifications; null until the server has told. */
  unread: number | null;
  /** Grows on every 'Recargar': the shell draws the screen afresh under a new key. */
  reloadGeneration: number;
  setConnection: (connection: LiveConnection) => void;
  receiveChange: (entry: HistoryEntry) => void;
  /** The user has dealt with every change of this project heard so far. */
  markSeen: (projectId: string) => void;
  setUnread: (unread: number) => void;
  bumpReload: () => void;
  /** Signed out: nothing of the last user stays. */
  reset: () => void;
};

const initial = {
  connection: 'off' as LiveConnection,
  changes: {},
  seen: {},
  unread: null,
  reloadGeneration: 0,
};

/** One per tab: the live stream's state, the last change per project and the unread count. */
export const useLiveStore = create<LiveState>()((set) => ({
  ...initial,
  setConnection: (connection) => set((state) => (state.connection === connection ? state : { connection })),
  receiveChange: (entry) =>
    set((state) => {
      const known = state.changes[entry.projectId];
      // a replayed event (after a reconnect) is not newer than what is shown
      if (known && known.entry.id >= entry.id) return state;
      return { changes: { ...state.changes, [entry.projectId]: { entry, receivedAt: Date.now() } } };
    }),
  markSeen: (projectId) =>
    set((state) => {
      const change = state.changes[projectId];
      if (!change || (state.seen[projectId] ?? 0) >= change.entry.id) return state;
      return { seen: { ...state.seen, [projectId]: change.entry.id } };
    }),
  setUnread: (unread) => set((state) => (state.unread === unread ? state : { unread })),
  bumpReload: () => set((state) => ({ reloadGeneration: state.reloadGeneration + 1 })),
  reset: () => set((state) => ({ ...initial, reloadGeneration: state.reloadGeneration })),
}));

/** The change the banner shows for a project: the newest by another user not dealt with yet. */
export function pendingChange(
  state: Pick<LiveState, 'changes' | 'seen'>,
  projectId: string | null,
): ReceivedChange | null {
  if (projectId === null) return null;
  const change = state.changes[projectId];
  if (!change) return null;
  return change.entry.id > (state.seen[projectId] ?? 0) ? change : null;
}
