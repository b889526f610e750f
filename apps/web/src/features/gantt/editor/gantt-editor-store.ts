import type { NamedResource } from '@cimiento/domain/resources';
import {
  IncrementalScheduler,
  WorkingCalendar,
  activitiesFromDraft,
  draftFromActivities,
  projectCalendarSchema,
  scheduleDraft,
} from '@cimiento/domain';
import type {
  GanttCalendar,
  GanttDraftTask,
  GanttEdit,
  GanttOutput,
  ProgressAmounts,
  ProjectCalendar,
  ScheduledTask,
  SequencingMode,
} from '@cimiento/domain';
import { createContext, useContext } from 'react';
import { createStore, useStore } from 'zustand';
import type { StoreApi } from 'zustand';
import type { GanttUndoStep } from './gantt-undo';
import { GANTT_UNDO_LIMIT } from './gantt-undo';

/**
 * The Gantt screen's state (issue 7). `tasks` is the user's draft; `saved` is the list as the
 * server last gave it (the screen has unsaved changes while they differ). Every edit goes through
 * `apply`: the domain's edit, then the domain's engine on the project's calendar (issue 14: its
 * working weekdays, its exceptions and, when on, Chile's holidays the server sent); an edit the
 * engine refuses (a cycle) changes nothing. The calendar is part of the draft ('Calendario').
 * `closed` (collapsed summaries) lives outside React state: the chart toggles rows itself and the
 * store only remembers it for the next rebuild.
 */
export type GanttEditorState = {
  saved: GanttDraftTask[];
  tasks: GanttDraftTask[];
  version: number;
  /** the calendar as the server last gave it, with Chile's holidays when they were on */
  calendarInfo: GanttCalendar;
  /** the engine's working calendar for `projectCalendar` */
  calendar: WorkingCalendar;
  /** the project's calendar as saved, and as edited on screen (sent with the next save when it differs) */
  savedProjectCalendar: ProjectCalendar;
  projectCalendar: ProjectCalendar;
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
  /** issue 15: the latest cut-off recorded (the remaining work is scheduled from it); null: none */
  cutoff: string | null;
  /** issue 33: the priced items' amounts the summaries' progress is weighted by; null: by duration */
  progressAmounts: ProgressAmounts | null;
  /** issue 15: the baseline shown and compared (null: none) and its dates per task */
  baselineId: string | null;
  baseline: Map<number, BaselineDates>;
  /** issue 15: 'Atrasadas', only the tasks late against the baseline (and their ancestors) */
  lateOnly: boolean;
  /**
   * issue 35: the resources catalogue (code and name by _id), for the 'Recursos' column and what is
   * typed in it; empty until it loads. `resourceNames` is its names by _id.
   */
  resources: readonly NamedResource[];
  resourceNames: ReadonlyMap<string, string>;
  closed: Set<number>;
  selectedId: number | null;
  /** the task open in the editor panel */
  editingId: number | null;
  search: string;
  staleMessage: string | null;
  /** grows on every change the chart must redraw (even a refused drag, to put the bar back) */
  revision: number;
  /**
   * issue 32: the edits since the last load, save or restored draft, oldest first ('Deshacer' takes
   * the last; at most GANTT_UNDO_LIMIT), and those undone since the last edit ('Rehacer' takes the last)
   */
  undoStack: GanttUndoStep[];
  redoStack: GanttUndoStep[];
  /**
   * Issue 36: the caller's role may not change the plan: why, in the server's words ('Tu rol en este
   * proyecto es Lector: para cambiar la planificación…'); null: it may. While set, every edit
   * (apply, undo, redo, setCalendar, restoreDraft, setEditing) is refused and changes nothing; the
   * chart, the filters, the baselines shown and the exports go on.
   */
  readOnly: string | null;
  setReadOnly: (refusal: string | null) => void;
  load: (output: GanttOutput) => void;
  apply: (edit: (tasks: GanttDraftTask[], calendar: WorkingCalendar) => GanttEdit) => GanttEdit;
  redraw: () => void;
  /**
   * issue 32: 'Deshacer' / 'Rehacer': the tasks and the calendar as they were before (after) the
   * last edit, the schedule recomputed from them; the task editor closes (its fields would be stale).
   * False when there is nothing to undo (redo).
   */
  undo: () => boolean;
  redo: () => boolean;
  /**
   * 'Calendario' → 'Aplicar' (issue 14): the project's calendar changes and the schedule is
   * recomputed. Refused, changing nothing, when the calendar is not valid or the engine cannot
   * schedule on it.
   */
  setCalendar: (calendar: ProjectCalendar) => { ok: true } | { ok: false; error: string };
  select: (id: number | null) => void;
  setEditing: (id: number | null) => void;
  setSearch: (search: string) => void;
  /** issue 15: 'Atrasadas' on or off (a filter of the view, not an edit) */
  setLateOnly: (lateOnly: boolean) => void;
  /** issue 35: the resources catalogue as loaded (not an edit of the draft) */
  setResources: (resources: readonly NamedResource[]) => void;
  setOpen: (id: number, open: boolean) => void;
  expandAll: () => void;
  collapseAll: () => void;
  markStale: (message: string) => void;
  /**
   * issue 15: another baseline shown and compared (chooseBaseline's, saveBaseline's or
   * removeBaseline's answer); not an edit of the draft
   */
  setBaseline: (
    baselineId: string | null,
    tasks: readonly { TaskID: number; BaselineStart: string; BaselineFinish: string; BaselineDuration: number }[],
  ) => void;
  /**
   * A kept draft (issue 12) on screen as unsaved edits, based on `version`: its own base version
   * (a stale save is then refused as usual) or the stored one (applied on top of it). Refused,
   * changing nothing, when the engine cannot schedule it.
   */
  restoreDraft: (draft: {
    tasks: GanttDraftTask[];
    calendar: ProjectCalendar;
    version: number;
  }) => { ok: true } | { ok: false; error: string };
};

export type GanttEditorStore = StoreApi<GanttEditorState>;

/** issue 15: a task's dates in the chosen baseline (YYYY-MM-DD; duration in working days). */
export type BaselineDates = { start: string; finish: string; duration: number };

/** The project's calendar (weekdays, Chile's holidays on or off, exceptions) of a loaded Gantt. */
export function projectCalendarOf(info: GanttCalendar): ProjectCalendar {
  return {
    workingWeekdays: [...info.workingWeekdays],
    chileHolidays: info.chileHolidays,
    exceptions: info.exceptions.map((exception) => ({ ...exception })),
  };
}

/**
 * Whether the schedule on screen still lacks Chile's holidays: they are on in the draft's calendar,
 * but the server sent no list (it sends them only while they are on in the saved calendar). They
 * come with the next 'Grabar', which recomputes the schedule with them.
 */
export function holidaysPending(calendar: ProjectCalendar, info: GanttCalendar): boolean {
  return calendar.chileHolidays && !info.chileHolidays;
}

/**
 * The engine's calendar for a project calendar: its weekdays and exceptions, and Chile's holidays
 * the server sent when they are on (none while `holidaysPending`).
 */
export function workingCalendarOf(calendar: ProjectCalendar, info: GanttCalendar): WorkingCalendar {
  const byYear = new Map<number, string[]>();
  if (calendar.chileHolidays && info.chileHolidays) {
    for (const day of info.holidays) {
      const year = Number(day.slice(0, 4));
      const list = byYear.get(year);
      if (list) list.push(day);
      else byYear.set(year, [day]);
    }
  }
  return new WorkingCalendar(
    { workingWeekdays: calendar.workingWeekdays, exceptions: calendar.exceptions },
    (year) => byYear.get(year) ?? [],
    info.firstYear,
  );
}

/** The working calendar of a loaded Gantt, as the server scheduled it. */
export function calendarOf(info: GanttCalendar): WorkingCalendar {
  return workingCalendarOf(projectCalendarOf(info), info);
}

/** Two project calendars are the same: weekdays, holidays and exceptions (in any order). */
export function sameProjectCalendar(left: ProjectCalendar, right: ProjectCalendar): boolean {
  if (left === right) return true;
  const days = (calendar: ProjectCalendar) => [...calendar.workingWeekdays].sort((a, b) => a - b).join(',');
  const exceptions = (calendar: ProjectCalendar) =>
    [...calendar.exceptions]
      .sort((a, b) => a.date.localeCompare(b.date))
      .map((exception) => `${exception.date}|${exception.working ? 1 : 0}|${exception.name.trim()}`)
      .join('\n');
  return (
    left.chileHolidays === right.chileHolidays && days(left) === days(right) && exceptions(left) === exceptions(right)
  );
}

/** The first problem of a refused calendar, in Spanish. */
function calendarError(issues: readonly { path: PropertyKey[]; message: string }[]): string {
  const issue = issues[0];
  if (!issue) return 'El calendario no es válido';
  const field =
    issue.path[0] === 'workingWeekdays' ? 'Días hábiles' : issue.path[0] === 'exceptions' ? 'Excepciones' : '';
  return field === '' ? issue.message : `${field}: ${issue.message}`;
}

/**
 * The engine's schedule of the draft, as a map by task. issue 18: through the store's
 * IncrementalScheduler, which gives what `schedule()` gives but, after an edit of dates or durations
 * only, recomputes just what is downstream of it and keeps the previous objects of the tasks whose
 * results did not change (read-only: nothing here writes to them).
 */
function scheduledMap(
  tasks: readonly GanttDraftTask[],
  calendar: WorkingCalendar,
  cutoff: string | null,
  scheduler: IncrementalScheduler,
) {
  // issue 15: the remaining work from the latest cut-off, as the server schedules it
  const result = scheduleDraft(tasks, calendar, cutoff === null ? {} : { cutoff }, scheduler);
  if (!result.ok) return result;
  const map = new Map<number, ScheduledTask>();
  for (const task of result.tasks) map.set(task.id, task);
  return { ok: true as const, map, projectStart: result.projectStart, projectFinish: result.projectFinish };
}

/** Whether an edit left every task as it was (a bar dropped where it was): not a step to undo. */
function sameTasks(left: readonly GanttDraftTask[], right: readonly GanttDraftTask[]): boolean {
  if (left === right) return true;
  if (left.length !== right.length) return false;
  for (let index = 0; index < left.length; index += 1) if (left[index] !== right[index]) return false;
  return true;
}

/** issue 32: the history with the state before an edit on top (the oldest dropped past the limit); no redo after an edit. */
function pushed(state: GanttEditorState, after: readonly GanttDraftTask[]) {
  const { undoStack, tasks, projectCalendar, calendar } = state;
  const step: GanttUndoStep = { tasks, projectCalendar, calendar, before: tasks, after };
  return { undoStack: [...undoStack.slice(-(GANTT_UNDO_LIMIT - 1)), step], redoStack: [] };
}

/** issue 32: back (or forward) one step: its state on screen, scheduled again; the current one on the other stack. */
function travel(
  store: { get: () => GanttEditorState; set: (partial: Partial<GanttEditorState>) => void },
  scheduler: IncrementalScheduler,
  direction: 'undo' | 'redo',
): boolean {
  const state = store.get();
  const from = direction === 'undo' ? state.undoStack : state.redoStack;
  const step = from[from.length - 1];
  if (!step) return false;
  const computed = scheduledMap(step.tasks, step.calendar, state.cutoff, scheduler);
  // every step was scheduled once already; a refusal here would be a bug: nothing changes
  if (!computed.ok) return false;
  const current: GanttUndoStep = {
    tasks: state.tasks,
    projectCalendar: state.projectCalendar,
    calendar: state.calendar,
    before: step.before,
    after: step.after,
  };
  const rest = from.slice(0, -1);
  const to = direction === 'undo' ? state.redoStack : state.undoStack;
  const moved = [...to.slice(-(GANTT_UNDO_LIMIT - 1)), current];
  store.set({
    tasks: step.tasks,
    projectCalendar: step.projectCalendar,
    calendar: step.calendar,
    scheduled: computed.map,
    projectStart: computed.projectStart,
    projectFinish: computed.projectFinish,
    selectedId: state.selectedId !== null && computed.map.has(state.selectedId) ? state.selectedId : null,
    editingId: null,
    undoStack: direction === 'undo' ? rest : moved,
    redoStack: direction === 'undo' ? moved : rest,
    revision: state.revision + 1,
  });
  return true;
}

function stateFrom(output: GanttOutput, scheduler: IncrementalScheduler) {
  const tasks = draftFromActivities(output.activities);
  const projectCalendar = projectCalendarOf(output.calendar);
  const calendar = workingCalendarOf(projectCalendar, output.calendar);
  // scheduled again here, by the engine the server used, for the indices the chart needs; the
  // server accepted these tasks, so a refusal would be a bug
  const cutoff = output.cutoff ?? null;
  // (also the scheduler's first, full pass: the first edit is then an incremental one)
  const computed = scheduledMap(tasks, calendar, cutoff, scheduler);
  if (!computed.ok) throw new Error(computed.error);
  const baseline = new Map<number, BaselineDates>();
  for (const activity of output.activities) {
    if (activity.BaselineStart !== undefined && activity.BaselineFinish !== undefined)
      baseline.set(activity.TaskID, {
        start: activity.BaselineStart,
        finish: activity.BaselineFinish,
        duration: activity.BaselineDuration ?? 0,
      });
  }
  let idFloor = 0;
  for (const task of tasks) if (task.id > idFloor) idFloor = task.id;
  return {
    saved: tasks,
    tasks,
    version: output.version,
    calendarInfo: output.calendar,
    calendar,
    savedProjectCalendar: projectCalendar,
    projectCalendar,
    sequencing: output.sequencing,
    idFloor,
    scheduled: computed.map,
    projectStart: output.projectStart,
    projectFinish: output.projectFinish,
    cutoff,
    progressAmounts: output.progressAmounts ?? null,
    baselineId: output.baselineId ?? null,
    baseline,
    staleMessage: null,
    editingId: null,
    // issue 32: a load (the first, a save's answer, 'Recargar', an import) starts a new history
    undoStack: [],
    redoStack: [],
  };
}

export function createGanttEditorStore(output: GanttOutput): GanttEditorStore {
  // one engine per screen, kept across edits (see scheduledMap)
  const scheduler = new IncrementalScheduler();
  return createStore<GanttEditorState>()((set, get) => ({
    ...stateFrom(output, scheduler),
    closed: new Set<number>(),
    selectedId: null,
    search: '',
    lateOnly: false,
    resources: [],
    resourceNames: new Map(),
    revision: 0,
    readOnly: null,
    setReadOnly: (readOnly) => {
      if (readOnly === get().readOnly) return;
      set({ readOnly, ...(readOnly === null ? {} : { editingId: null }), revision: get().revision + 1 });
    },
    load: (next) => {
      const state = get();
      const ids = new Set(next.activities.map((task) => task.TaskID));
      set({
        ...stateFrom(next, scheduler),
        selectedId: state.selectedId !== null && ids.has(state.selectedId) ? state.selectedId : null,
        revision: state.revision + 1,
      });
    },
    apply: (edit) => {
      const state = get();
      if (state.readOnly !== null) {
        set({ revision: state.revision + 1 });
        return { ok: false, error: state.readOnly };
      }
      const change = edit(state.tasks, state.calendar);
      if (!change.ok) {
        set({ revision: state.revision + 1 });
        return change;
      }
      const computed = scheduledMap(change.tasks, state.calendar, state.cutoff, scheduler);
      if (!computed.ok) {
        set({ revision: state.revision + 1 });
        return { ok: false, error: computed.error };
      }
      const selectedId = state.selectedId !== null && computed.map.has(state.selectedId) ? state.selectedId : null;
      const editingId = state.editingId !== null && computed.map.has(state.editingId) ? state.editingId : null;
      set({
        ...(sameTasks(change.tasks, state.tasks) ? {} : pushed(state, change.tasks)),
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
    undo: () => get().readOnly === null && travel({ get, set }, scheduler, 'undo'),
    redo: () => get().readOnly === null && travel({ get, set }, scheduler, 'redo'),
    setCalendar: (next) => {
      const state = get();
      if (state.readOnly !== null) return { ok: false, error: state.readOnly };
      const parsed = projectCalendarSchema.safeParse(next);
      if (!parsed.success) return { ok: false, error: calendarError(parsed.error.issues) };
      const projectCalendar = parsed.data;
      if (sameProjectCalendar(projectCalendar, state.projectCalendar)) return { ok: true };
      // back to the saved calendar: the same object, so the draft is clean again when the tasks are
      const chosen = sameProjectCalendar(projectCalendar, state.savedProjectCalendar)
        ? state.savedProjectCalendar
        : projectCalendar;
      const calendar = workingCalendarOf(chosen, state.calendarInfo);
      const computed = scheduledMap(state.tasks, calendar, state.cutoff, scheduler);
      if (!computed.ok) return { ok: false, error: computed.error };
      set({
        ...pushed(state, state.tasks),
        projectCalendar: chosen,
        calendar,
        scheduled: computed.map,
        projectStart: computed.projectStart,
        projectFinish: computed.projectFinish,
        revision: state.revision + 1,
      });
      return { ok: true };
    },
    select: (selectedId) => set({ selectedId }),
    setEditing: (editingId) => set({ editingId: get().readOnly === null ? editingId : null }),
    setSearch: (search) => set({ search, revision: get().revision + 1 }),
    setLateOnly: (lateOnly) => set({ lateOnly, revision: get().revision + 1 }),
    setResources: (resources) =>
      set({
        resources,
        resourceNames: new Map(resources.map((resource) => [resource._id, resource.name])),
        revision: get().revision + 1,
      }),
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
    setBaseline: (baselineId, tasks) => {
      const baseline = new Map<number, BaselineDates>();
      for (const task of tasks)
        baseline.set(task.TaskID, {
          start: task.BaselineStart,
          finish: task.BaselineFinish,
          duration: task.BaselineDuration,
        });
      // without a baseline nothing is late: 'Atrasadas' goes off
      set({
        baselineId,
        baseline,
        ...(baselineId === null && { lateOnly: false }),
        revision: get().revision + 1,
      });
    },
    restoreDraft: (draft) => {
      const state = get();
      if (state.readOnly !== null) return { ok: false, error: state.readOnly };
      const parsed = projectCalendarSchema.safeParse(draft.calendar);
      if (!parsed.success) return { ok: false, error: calendarError(parsed.error.issues) };
      const projectCalendar = sameProjectCalendar(parsed.data, state.savedProjectCalendar)
        ? state.savedProjectCalendar
        : parsed.data;
      const calendar = workingCalendarOf(projectCalendar, state.calendarInfo);
      const computed = scheduledMap(draft.tasks, calendar, state.cutoff, scheduler);
      if (!computed.ok) return { ok: false, error: computed.error };
      let idFloor = state.idFloor;
      for (const task of draft.tasks) if (task.id > idFloor) idFloor = task.id;
      set({
        tasks: draft.tasks,
        projectCalendar,
        calendar,
        version: draft.version,
        idFloor,
        scheduled: computed.map,
        projectStart: computed.projectStart,
        projectFinish: computed.projectFinish,
        selectedId: null,
        editingId: null,
        staleMessage: null,
        undoStack: [],
        redoStack: [],
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
  return state.tasks !== state.saved || !sameProjectCalendar(state.projectCalendar, state.savedProjectCalendar);
}

/**
 * A figure read over every task, worked out once per task list: zustand runs every selector on each
 * change of the store (a row selected, a cell opened), and these read 10,000 tasks (issue 32, speed).
 */
function perTaskList<T>(figure: (tasks: readonly GanttDraftTask[]) => T): (state: GanttEditorState) => T {
  let last: { tasks: readonly GanttDraftTask[]; value: T } | null = null;
  return (state) => {
    if (last?.tasks !== state.tasks) last = { tasks: state.tasks, value: figure(state.tasks) };
    return last.value;
  };
}

/** Some link was generated by the sequencing ('Regenerar secuencia' has something to redo). */
export const selectHasGeneratedLinks = perTaskList((tasks) =>
  tasks.some((task) => task.predecessors.some((link) => link.generated)),
);

/** issue 35: how many tasks the levelling moved ('Quitar redistribución', the 'Redistribución' column). */
export const selectLevelledCount = perTaskList(
  (tasks) => tasks.filter((task) => task.levelingDelay !== undefined).length,
);

/** The schedule on screen lacks Chile's holidays until the next save (see `holidaysPending`). */
export function selectHolidaysPending(state: GanttEditorState): boolean {
  return holidaysPending(state.projectCalendar, state.calendarInfo);
}

/** saveGantt's variables for the store's draft: the calendar only when it changed. */
export function saveVariablesOf(projectId: string, state: GanttEditorState) {
  return {
    projectId,
    activities: activitiesFromDraft(state.tasks),
    ...(sameProjectCalendar(state.projectCalendar, state.savedProjectCalendar)
      ? {}
      : { calendar: state.projectCalendar }),
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
