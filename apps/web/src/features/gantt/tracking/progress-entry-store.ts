import { z } from 'zod';
import { createStore } from 'zustand';
import type { StoreApi } from 'zustand';
import { formatIsoDate } from '@cimiento/domain';
import type { GanttEditorStore } from '../editor/gantt-editor-store';
import { defaultCutoff } from './progress-grid';
import type { ProgressEdits, ProgressRow, ProgressTyped } from './progress-grid';
import { isUnchanged } from './progress-grid';

/**
 * What 'Registrar avance' has typed and not saved yet (issue 15): the cut-off as typed and each
 * touched row's fields, by TaskID. It outlives the grid (closing it with Escape keeps it) and is
 * kept as a draft in the browser (drafts 'progress'), so a reload or a sign-out loses nothing.
 */
export type ProgressEntryState = {
  cutoffText: string;
  edits: ProgressEdits;
  /** the server's ABORTED message after a stale 'Grabar avance'; the entries stay */
  staleMessage: string | null;
  setCutoffText: (text: string) => void;
  setTyped: (id: number, typed: ProgressTyped) => void;
  /** after a save, or 'Descartar lo escrito': nothing typed, the cut-off as given */
  reset: (cutoffText: string) => void;
  restore: (data: ProgressDraftData) => void;
  markStale: (message: string | null) => void;
};

export type ProgressEntryStore = StoreApi<ProgressEntryState>;

export function createProgressEntryStore(cutoffText: string): ProgressEntryStore {
  return createStore<ProgressEntryState>()((set, get) => ({
    cutoffText,
    edits: {},
    staleMessage: null,
    setCutoffText: (text) => set({ cutoffText: text }),
    setTyped: (id, typed) => set({ edits: { ...get().edits, [id]: typed } }),
    reset: (text) => set({ cutoffText: text, edits: {}, staleMessage: null }),
    restore: (data) => set({ cutoffText: data.cutoff, edits: editsOf(data.edits) }),
    markStale: (staleMessage) => set({ staleMessage }),
  }));
}

const entryStores = new WeakMap<GanttEditorStore, ProgressEntryStore>();

/**
 * The entries of the Gantt open on screen: one store per Gantt editor, shared by the toolbar's tools
 * and the header's chips; it opens on the latest cut-off (or today in Santiago).
 */
export function progressEntryStoreFor(gantt: GanttEditorStore): ProgressEntryStore {
  let entry = entryStores.get(gantt);
  if (!entry) {
    entry = createProgressEntryStore(formatIsoDate(defaultCutoff(gantt.getState().cutoff)));
    entryStores.set(gantt, entry);
  }
  return entry;
}

/** Some typed row differs from what is recorded: there is something to save (and to keep). */
export function hasPendingEntries(rows: readonly ProgressRow[], edits: ProgressEdits): boolean {
  for (const row of rows) {
    const typed = edits[row.id];
    if (typed !== undefined && !row.isSummary && !isUnchanged(row, typed)) return true;
  }
  return false;
}

/** The draft kept in the browser: the cut-off and the rows as typed (the keys are TaskIDs). */
export type ProgressDraftData = { cutoff: string; edits: Record<string, ProgressTyped> };

// issue 34: a draft kept before 'Duración restante' has no `remaining` (what the progress leaves)
const typedSchema = z.object({
  actualStart: z.string(),
  actualFinish: z.string(),
  progress: z.string(),
  remaining: z.string().optional(),
});
const progressDraftSchema = z.object({
  cutoff: z.string().max(40),
  edits: z.record(z.string().regex(/^\d+$/), typedSchema),
});

export function parseProgressDraft(data: unknown): ProgressDraftData | null {
  const result = progressDraftSchema.safeParse(data);
  return result.success ? result.data : null;
}

function editsOf(record: Record<string, ProgressTyped>): ProgressEdits {
  const edits: Record<number, ProgressTyped> = {};
  for (const [key, typed] of Object.entries(record)) edits[Number(key)] = { ...typed };
  return edits;
}
