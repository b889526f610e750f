import { WorkingCalendar, activitiesFromDraft, draftFromActivities, scheduleDraft } from '@cimiento/domain';
import type {
  GanttCalendar,
  GanttDraftTask,
  GanttEdit,
  GanttOutput,
  ScheduledTask,
  SequencingMode,
  WorkWeek,
} from '@cimiento/domain';
import { createContext, useContext } from 'react';
import { createStore, useStore } from 'zustand';
import type { StoreApi } from 'zustand';

/**
 * The Gantt screen's state (issue 7). `tasks` is the user's draft; `saved` is the list as the
 * server last gave it (the screen has unsaved changes while they differ). Every edit goes through
 * `apply`: the domain's edit, then the domain's engine on the working calendar the server sent
 * (work week and Chile's holidays); an edit the engine refuses (a cycle) changes nothing.
 * `closed` (collapsed summaries) lives outside React state: the chart toggles rows itself and the
 * store only remembers it for the next rebuild.
 */
export type GanttEditorState = {
  saved: GanttDraftTask[];
  tasks: GanttDraftTask[];
  version: number;
  calendarInfo: GanttCalendar;
  calendar: WorkingCalendar;
  /** the project's work week as saved, and as chosen on screen (sent with the next save) */
  savedWorkWeek: WorkWeek;
  workWeek: WorkWeek;
  /**
   * the project's sequencing option as the server last gave it (issue 13): changed only through
   * regenerateGanttSequence, never as an unsaved edit
   */
  sequencing: SequencingMode;
  /** the highest TaskID the server gave: new tasks are numbered above it */
  idFloor: number;
  scheduled: Map<number, ScheduledTask>;
  projectStart: string;
  projectFinish: string;
  closed: Set<number>;
  selectedId: number | null;
  /** the task open in the editor panel */
  editingId: number | null;
  search: string;
  staleMessage: string | null;
  /** grows on every change the chart must redraw (even a refused drag, to put the bar back) */
  revision: number;
  load: (output: GanttOutput) => void;
  apply: (edit: (tasks: GanttDraftTask[], calendar: WorkingCalendar) => GanttEdit) => GanttEdit;
  redraw: () => void;
  /** Monday–Friday or Monday–Saturday: the calendar changes and the schedule is recomputed */
  setWorkWeek: (workWeek: WorkWeek) => { ok: true } | { ok: false; error: string };
  select: (id: number | null) => void;
  setEditing: (id: number | null) => void;
  setSearch: (search: string) => void;
  setOpen: (id: number, open: boolean) => void;
  expandAll: () => void;
  collapseAll: () => void;
  markStale: (message: string) => void;
  /**
   * A kept draft (issue 12) on screen as unsaved edits, based on `version`: its own base version
   * (a stale save is then refused as usual) or the stored one (applied on top of it). Refused,
   * changing nothing, when the engine cannot schedule it.
   */
  restoreDraft: (draft: {
    tasks: GanttDraftTask[];
    workWeek: WorkWeek;
    version: number;
  }) => { ok: true } | { ok: false; error: string };
};

export type GanttEditorStore = StoreApi<GanttEditorState>;

export function calendarOf(info: GanttCalendar): WorkingCalendar {
  const byYear = new Map<number, string[]>();
  for (const day of info.holidays) {
    const year = Number(day.slice(0, 4));
    const list = byYear.get(year);
    if (list) list.push(day);
    else byYear.set(year, [day]);
  }
  return new WorkingCalendar(info.workWeek, (year) => byYear.get(year) ?? [], info.firstYear);
}

function scheduledMap(tasks: readonly GanttDraftTask[], calendar: WorkingCalendar) {
  const result = scheduleDraft(tasks, calendar);
  if (!result.ok) return result;
  const map = new Map<number, ScheduledTask>();
  for (const task of result.tasks) map.set(task.id, task);
  return { ok: true as const, map, projectStart: result.projectStart, projectFinish: result.projectFinish };
}

function stateFrom(output: GanttOutput) {
  const tasks = draftFromActivities(output.activities);
  const calendar = calendarOf(output.calendar);
  // scheduled again here, by the engine the server used, for the indices the chart needs; the
  // server accepted these tasks, so a refusal would be a bug
  const computed = scheduledMap(tasks, calendar);
  if (!computed.ok) throw new Error(computed.error);
  let idFloor = 0;
  for (const task of tasks) if (task.id > idFloor) idFloor = task.id;
  return {
    saved: tasks,
    tasks,
    version: output.version,
    calendarInfo: output.calendar,
    calendar,
    savedWorkWeek: output.calendar.workWeek,
    workWeek: output.calendar.workWeek,
    sequencing: output.sequencing,
    idFloor,
    scheduled: computed.map,
    projectStart: output.projectStart,
    projectFinish: output.projectFinish,
    staleMessage: null,
    editingId: null,
  };
}

export function createGanttEditorStore(output: GanttOutput): GanttEditorStore {
  return createStore<GanttEditorState>()((set, get) => ({
    ...stateFrom(output),
    closed: new Set<number>(),
    selectedId: null,
    search: '',
    revision: 0,
    load: (next) => {
      const state = get();
      const ids = new Set(next.activities.map((task) => task.TaskID));
      set({
        ...stateFrom(next),
        selectedId: state.selectedId !== null && ids.has(state.selectedId) ? state.selectedId : null,
        revision: state.revision + 1,
      });
    },
    apply: (edit) => {
      const state = get();
      const change = edit(state.tasks, state.calendar);
      if (!change.ok) {
        set({ revision: state.revision + 1 });
        return change;
      }
      const computed = scheduledMap(change.tasks, state.calendar);
      if (!computed.ok) {
        set({ revision: state.revision + 1 });
        return { ok: false, error: computed.error };
      }
      const selectedId = state.selectedId !== null && computed.map.has(state.selectedId) ? state.selectedId : null;
      const editingId = state.editingId !== null && computed.map.has(state.editingId) ? state.editingId : null;
      set({
        tasks: change.tasks,
        scheduled: computed.map,
        projectStart: computed.projectStart,
        projectFinish: computed.projectFinish,
        selectedId,
        editingId,
        revision: state.revision + 1,
      });
      return change;
    },
    redraw: () => set({ revision: get().revision + 1 }),
    setWorkWeek: (workWeek) => {
      const state = get();
      if (workWeek === state.workWeek) return { ok: true };
      const calendar = calendarOf({ ...state.calendarInfo, workWeek });
      const computed = scheduledMap(state.tasks, calendar);
      if (!computed.ok) return { ok: false, error: computed.error };
      set({
        workWeek,
        calendar,
        scheduled: computed.map,
        projectStart: computed.projectStart,
        projectFinish: computed.projectFinish,
        revision: state.revision + 1,
      });
      return { ok: true };
    },
    select: (selectedId) => set({ selectedId }),
    setEditing: (editingId) => set({ editingId }),
    setSearch: (search) => set({ search, revision: get().revision + 1 }),
    setOpen: (id, open) => {
      const { closed } = get();
      if (open) closed.delete(id);
      else closed.add(id);
    },
    expandAll: () => set({ closed: new Set(), revision: get().revision + 1 }),
    collapseAll: () => {
      const { tasks, revision } = get();
      const closed = new Set<number>();
      for (const task of tasks) if (task.parentId !== undefined) closed.add(task.parentId);
      set({ closed, revision: revision + 1 });
    },
    markStale: (staleMessage) => set({ staleMessage }),
    restoreDraft: (draft) => {
      const state = get();
      const calendar = calendarOf({ ...state.calendarInfo, workWeek: draft.workWeek });
      const computed = scheduledMap(draft.tasks, calendar);
      if (!computed.ok) return { ok: false, error: computed.error };
      let idFloor = state.idFloor;
      for (const task of draft.tasks) if (task.id > idFloor) idFloor = task.id;
      set({
        tasks: draft.tasks,
        workWeek: draft.workWeek,
        calendar,
        version: draft.version,
        idFloor,
        scheduled: computed.map,
        projectStart: computed.projectStart,
        projectFinish: computed.projectFinish,
        selectedId: null,
        editingId: null,
        staleMessage: null,
        revision: state.revision + 1,
      });
      return { ok: true };
    },
  }));
}

export const GanttEditorContext = createContext<GanttEditorStore | null>(null);

export function useGanttEditor<T>(selector: (state: GanttEditorState) => T): T {
  const store = useContext(GanttEditorContext);
  if (!store) throw new Error('useGanttEditor outside a Gantt editor');
  return useStore(store, selector);
}

export function useGanttEditorStore(): GanttEditorStore {
  const store = useContext(GanttEditorContext);
  if (!store) throw new Error('useGanttEditorStore outside a Gantt editor');
  return store;
}

export function selectIsDirty(state: GanttEditorState): boolean {
  return state.tasks !== state.saved || state.workWeek !== state.savedWorkWeek;
}

/** saveGantt's variables for the store's draft: the work week only when it changed. */
export function saveVariablesOf(projectId: string, state: GanttEditorState) {
  return {
    projectId,
    activities: activitiesFromDraft(state.tasks),
    ...(state.workWeek === state.savedWorkWeek ? {} : { workWeek: state.workWeek }),
    version: state.version,
  };
}

/**
 * The draft's links by origin (issue 13): those the sequencing generated, which 'Regenerar
 * secuencia' replaces, and the user's, which it keeps.
 */
export function countLinks(tasks: readonly GanttDraftTask[]): { generated: number; user: number } {
  let generated = 0;
  let user = 0;
  for (const task of tasks) {
    for (const link of task.predecessors) {
      if (link.generated) generated += 1;
      else user += 1;
    }
  }
  return { generated, user };
}
