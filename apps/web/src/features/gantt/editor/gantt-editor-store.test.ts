import {
  addGanttLink,
  addGanttTask,
  dayNumber,
  deleteGanttTask,
  indentGanttTask,
  moveGanttTask,
  outdentGanttTask,
  removeGanttLink,
  resizeGanttTask,
  scheduleDraft,
  setGanttProgress,
  updateGanttTask,
} from '@cimiento/domain';
import type {
  GanttCalendar,
  GanttDraftTask,
  GanttEdit,
  GanttOutput,
  GanttTask,
  WorkingCalendar,
} from '@cimiento/domain';
import { describe, expect, it } from 'vitest';
import {
  calendarOf,
  countLinks,
  createGanttEditorStore,
  saveVariablesOf,
  selectHolidaysPending,
  selectIsDirty,
} from './gantt-editor-store';
import type { GanttEditorState } from './gantt-editor-store';
import { GANTT_UNDO_LIMIT, describeGanttStep } from './gantt-undo';

// Chile's holidays the server sends (a few of them): Viernes Santo, Día del Trabajo, Año Nuevo 2026
const calendarInfo: GanttCalendar = {
  workWeek: 'mon-fri',
  firstYear: 2025,
  holidays: ['2025-04-18', '2025-05-01', '2026-01-01'],
  workingWeekdays: [1, 2, 3, 4, 5],
  chileHolidays: true,
  exceptions: [],
};

// every task's own start (its "no earlier than") is Monday 7 April; the links push OG.2 and OG.3 later
const activity = (fields: Partial<GanttTask> & Pick<GanttTask, 'TaskID' | 'TaskCode' | 'TaskName'>): GanttTask => ({
  StartDate: '2025-04-07',
  StartNoEarlierThan: '2025-04-07',
  EndDate: '2025-04-11',
  Duration: 5,
  Progress: 0,
  Predecessor: '',
  totalFloat: 0,
  critical: true,
  isSummary: false,
  ...fields,
});

/**
 * OG Obra gruesa (1)                          7–25 Apr
 * ├─ OG.1 Excavación (2)       5 d            Mon 7 – Fri 11 Apr
 * ├─ OG.2 Fundaciones (3)      4 d, 2FS       Mon 14 – Thu 17 Apr
 * └─ OG.3 Muros (4)            5 d, 3FS       Mon 21 – Fri 25 Apr (Viernes Santo, 18 Apr, is off)
 */
const activities: GanttTask[] = [
  activity({
    TaskID: 1,
    TaskCode: 'OG',
    TaskName: 'Obra gruesa',
    EndDate: '2025-04-25',
    Duration: 14,
    isSummary: true,
    sourceKey: 'edp:1',
  }),
  activity({ TaskID: 2, TaskCode: 'OG.1', TaskName: 'Excavación', ParentId: 1, Progress: 100, sourceKey: 'edc:1:a' }),
  activity({
    TaskID: 3,
    TaskCode: 'OG.2',
    TaskName: 'Fundaciones',
    ParentId: 1,
    StartDate: '2025-04-14',
    EndDate: '2025-04-17',
    Duration: 4,
    Predecessor: '2FS',
    sourceKey: 'edc:1:b',
  }),
  activity({
    TaskID: 4,
    TaskCode: 'OG.3',
    TaskName: 'Muros',
    ParentId: 1,
    StartDate: '2025-04-21',
    EndDate: '2025-04-25',
    Predecessor: '3FS',
    sourceKey: 'edc:1:c',
  }),
];

const output: GanttOutput = {
  activities,
  version: 4,
  calendar: calendarInfo,
  projectStart: '2025-04-07',
  projectFinish: '2025-04-25',
  sequencing: 'train',
  message: 'Gantt cargado',
};

function editor() {
  return createGanttEditorStore(output);
}

/** How many times the store notifies its listeners while `run` runs. */
function changesDuring(store: ReturnType<typeof editor>, run: () => void): number {
  let count = 0;
  const unsubscribe = store.subscribe(() => {
    count += 1;
  });
  run();
  unsubscribe();
  return count;
}

const datesOf = (store: ReturnType<typeof editor>, id: number) => {
  const scheduled = store.getState().scheduled.get(id);
  return [scheduled?.start, scheduled?.end];
};

describe('createGanttEditorStore', () => {
  it('starts from the loaded activities with no unsaved changes, nothing selected and every summary open', () => {
    const state = editor().getState();
    expect(state.tasks.map((t) => [t.id, t.parentId, t.code])).toEqual([
      [1, undefined, 'OG'],
      [2, 1, 'OG.1'],
      [3, 1, 'OG.2'],
      [4, 1, 'OG.3'],
    ]);
    expect(state.tasks.find((t) => t.id === 4)?.predecessors).toEqual([{ predecessorId: 3, type: 'FS', lag: 0 }]);
    expect(state.saved).toBe(state.tasks);
    expect(selectIsDirty(state)).toBe(false);
    expect(state).toMatchObject({
      version: 4,
      calendarInfo,
      idFloor: 4,
      projectStart: '2025-04-07',
      projectFinish: '2025-04-25',
      selectedId: null,
      editingId: null,
      search: '',
      staleMessage: null,
      revision: 0,
    });
    expect(state.closed.size).toBe(0);
  });

  it('schedules the tasks again on the calendar the server sent (Viernes Santo is off)', () => {
    const store = editor();
    expect(datesOf(store, 2)).toEqual(['2025-04-07', '2025-04-11']);
    expect(datesOf(store, 3)).toEqual(['2025-04-14', '2025-04-17']);
    expect(datesOf(store, 4)).toEqual(['2025-04-21', '2025-04-25']);
    expect(datesOf(store, 1)).toEqual(['2025-04-07', '2025-04-25']);
    expect(store.getState().scheduled.get(1)).toMatchObject({ isSummary: true, duration: 14, critical: true });
  });
});

describe('apply', () => {
  it("recomputes after an edit: the successors move when a predecessor's duration grows", () => {
    const store = editor();
    // Excavación to Tuesday 15 April: 7 working days
    const change = store
      .getState()
      .apply((tasks, calendar) => resizeGanttTask(tasks, 2, '2025-04-07', '2025-04-15', calendar));
    expect(change.ok).toBe(true);
    const state = store.getState();
    expect(state.tasks.find((t) => t.id === 2)?.duration).toBe(7);
    expect(datesOf(store, 2)).toEqual(['2025-04-07', '2025-04-15']);
    // Wed 16, Thu 17, (Fri 18 off), Mon 21, Tue 22
    expect(datesOf(store, 3)).toEqual(['2025-04-16', '2025-04-22']);
    // Wed 23 … Tue 29
    expect(datesOf(store, 4)).toEqual(['2025-04-23', '2025-04-29']);
    expect(datesOf(store, 1)).toEqual(['2025-04-07', '2025-04-29']);
    expect([state.projectStart, state.projectFinish]).toEqual(['2025-04-07', '2025-04-29']);
    expect(state.revision).toBe(1);
    expect(selectIsDirty(state)).toBe(true);
    expect(state.saved.find((t) => t.id === 2)?.duration).toBe(5);
  });

  it("answers the domain's refusal and changes nothing but the revision (so the chart puts the bar back)", () => {
    const store = editor();
    const before = store.getState();
    const change = before.apply((tasks, calendar) => resizeGanttTask(tasks, 1, '2025-04-07', '2025-05-02', calendar));
    expect(change).toEqual({ ok: false, error: 'OG Obra gruesa es una tarea resumen: su duración sale de sus tareas' });
    const after = store.getState();
    expect(after.tasks).toBe(before.tasks);
    expect(after.scheduled).toBe(before.scheduled);
    expect(after.revision).toBe(before.revision + 1);
    expect(selectIsDirty(after)).toBe(false);
  });

  it("issue 36: read-only refuses every edit with the role's reason, and changes nothing but the revision", () => {
    const store = editor();
    const grown = store
      .getState()
      .apply((tasks, calendar) => resizeGanttTask(tasks, 2, '2025-04-07', '2025-04-15', calendar));
    expect(grown.ok).toBe(true);
    store.getState().setEditing(3);
    const refusal =
      'Tu rol en este proyecto es Lector: puedes ver esta pantalla; para cambiarla se necesita el rol Planificador.';
    store.getState().setReadOnly(refusal);
    const before = store.getState();
    // the task editor closes; it does not open again
    expect(before.editingId).toBeNull();
    store.getState().setEditing(3);
    expect(store.getState().editingId).toBeNull();
    const change = store
      .getState()
      .apply((tasks, calendar) => resizeGanttTask(tasks, 3, '2025-04-16', '2025-04-30', calendar));
    expect(change).toEqual({ ok: false, error: refusal });
    expect(store.getState().undo()).toBe(false);
    expect(store.getState().setCalendar({ ...before.projectCalendar, workingWeekdays: [1, 2, 3, 4] })).toEqual({
      ok: false,
      error: refusal,
    });
    const after = store.getState();
    expect(after.tasks).toBe(before.tasks);
    expect(after.scheduled).toBe(before.scheduled);
    expect(after.undoStack).toBe(before.undoStack);
    expect(after.projectCalendar).toBe(before.projectCalendar);
    expect(after.revision).toBe(before.revision + 1);
    // back to a role that may: the kept undo step is there again
    store.getState().setReadOnly(null);
    expect(store.getState().undo()).toBe(true);
    expect(store.getState().tasks.find((t) => t.id === 2)?.duration).toBe(5);
  });

  it('refuses a cycle with the engine’s message and changes nothing but the revision', () => {
    const store = editor();
    store.getState().select(4);
    const before = store.getState();
    const change = before.apply((tasks) => addGanttLink(tasks, 4, 2, 'FS'));
    expect(change.ok).toBe(false);
    expect(!change.ok && change.error).toMatch(/^Los vínculos forman un ciclo entre las tareas: /);
    const after = store.getState();
    expect(after).toEqual({ ...before, revision: before.revision + 1 });
    expect(after.tasks).toBe(before.tasks);
    expect(after.scheduled).toBe(before.scheduled);
    expect(selectIsDirty(after)).toBe(false);
  });

  it('refuses indenting a task under its own predecessor: the link would join a summary and its own task', () => {
    const store = editor();
    const before = store.getState();
    const change = before.apply((tasks) => indentGanttTask(tasks, 3));
    expect(!change.ok && change.error).toMatch(/ciclo/);
    expect(store.getState().tasks).toBe(before.tasks);
  });

  it('keeps the selected and edited task while it exists and lets go of it when the edit deletes it', () => {
    const store = editor();
    store.getState().select(3);
    store.getState().setEditing(3);
    store.getState().apply((tasks) => setGanttProgress(tasks, 3, 50));
    expect([store.getState().selectedId, store.getState().editingId]).toEqual([3, 3]);
    store.getState().apply((tasks) => deleteGanttTask(tasks, 3));
    expect([store.getState().selectedId, store.getState().editingId]).toEqual([null, null]);
    // Muros lost its predecessor: it goes back to its own start (its "no earlier than", 7 April),
    // not where the link had put it
    expect(datesOf(store, 4)).toEqual(['2025-04-07', '2025-04-11']);
    expect(store.getState().tasks.find((t) => t.id === 4)?.predecessors).toEqual([]);
  });

  it('a task takes its loaded "no earlier than" as its start: deleting the link that pushed it pulls it back, and the save sends that start', () => {
    const store = editor();
    expect(store.getState().tasks.map((t) => t.start)).toEqual([
      '2025-04-07',
      '2025-04-07',
      '2025-04-07',
      '2025-04-07',
    ]);
    expect(datesOf(store, 3)).toEqual(['2025-04-14', '2025-04-17']);
    store.getState().apply((tasks) => removeGanttLink(tasks, 2, 3));
    // Fundaciones back to Monday 7 April (… Thu 10); Muros follows it: Fri 11 … Thu 17
    expect(datesOf(store, 3)).toEqual(['2025-04-07', '2025-04-10']);
    expect(datesOf(store, 4)).toEqual(['2025-04-11', '2025-04-17']);
    const sent = saveVariablesOf('p-1', store.getState()).activities;
    expect(sent.map((a) => a.StartDate)).toEqual(['2025-04-07', '2025-04-07', '2025-04-07', '2025-04-07']);
  });

  it('a task whose own start is later than its links ask keeps it', () => {
    const store = editor();
    const later = activities.map((a) =>
      a.TaskID === 3 ? { ...a, StartDate: '2025-04-15', StartNoEarlierThan: '2025-04-15', EndDate: '2025-04-21' } : a,
    );
    store.getState().load({ ...output, activities: later });
    expect(datesOf(store, 3)).toEqual(['2025-04-15', '2025-04-21']);
    store.getState().apply((tasks) => removeGanttLink(tasks, 2, 3));
    expect(datesOf(store, 3)).toEqual(['2025-04-15', '2025-04-21']);
  });
});

describe('apply through the incremental engine (issue 18)', () => {
  /** The schedule a fresh, full pass of the engine gives for the store's draft now, as a map. */
  function freshSchedule(store: ReturnType<typeof editor>) {
    const state = store.getState();
    const result = scheduleDraft(state.tasks, state.calendar, state.cutoff === null ? {} : { cutoff: state.cutoff });
    if (!result.ok) throw new Error(result.error);
    return {
      map: new Map(result.tasks.map((task) => [task.id, task])),
      start: result.projectStart,
      finish: result.projectFinish,
    };
  }

  it("a duration edit recomputes only downstream: the tasks before it keep their schedule's objects", () => {
    const store = editor();
    const before = store.getState().scheduled;
    store.getState().apply((tasks, calendar) => resizeGanttTask(tasks, 4, '2025-04-21', '2025-04-29', calendar));
    const after = store.getState().scheduled;
    // Excavación and Fundaciones are upstream of Muros: untouched (the same objects, not recomputed)
    expect(after.get(2)).toBe(before.get(2));
    expect(after.get(3)).toBe(before.get(3));
    expect(after.get(4)).not.toBe(before.get(4));
    expect(datesOf(store, 4)).toEqual(['2025-04-21', '2025-04-29']);
    expect(after).toEqual(freshSchedule(store).map);
  });

  it('agrees with a full pass after every edit of a random sequence (durations, moves, progress, links, deletions)', () => {
    // 4 groups of 6 leaves, each group a chain; a seeded generator, so a failure replays
    const groups = 4;
    const perGroup = 6;
    const many: GanttTask[] = [];
    let id = 0;
    for (let group = 0; group < groups; group += 1) {
      const parent = (id += 1);
      many.push(activity({ TaskID: parent, TaskCode: `G${group}`, TaskName: `Grupo ${group}`, isSummary: true }));
      for (let leaf = 0; leaf < perGroup; leaf += 1) {
        id += 1;
        many.push(
          activity({
            TaskID: id,
            TaskCode: `G${group}.${leaf}`,
            TaskName: `Tarea ${group}.${leaf}`,
            ParentId: parent,
            Duration: 1 + ((group + leaf) % 5),
            Predecessor: leaf === 0 ? '' : `${id - 1}FS`,
          }),
        );
      }
    }
    const store = createGanttEditorStore({ ...output, activities: many });
    const leaves = many.filter((task) => !task.isSummary).map((task) => task.TaskID);
    let seed = 18;
    const random = (count: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % count;
    };
    const days = ['2025-04-07', '2025-04-09', '2025-04-14', '2025-04-22', '2025-05-05'];
    let applied = 0;
    for (let step = 0; step < 200; step += 1) {
      const target = leaves[random(leaves.length)] as number;
      const other = leaves[random(leaves.length)] as number;
      const kind = random(6);
      const change = store.getState().apply((tasks, calendar) => {
        const start = days[random(days.length)] as string;
        if (kind === 0)
          return resizeGanttTask(tasks, target, start, calendar.addWorkingDays(start, random(9)), calendar);
        if (kind === 1) return resizeGanttTask(tasks, target, start, start, calendar);
        if (kind === 2) return setGanttProgress(tasks, target, random(101));
        if (kind === 3)
          return addGanttLink(tasks, other, target, (['FS', 'SS', 'FF', 'SF'] as const)[random(4)] ?? 'FS', random(3));
        if (kind === 4) return removeGanttLink(tasks, other, target);
        // rarely, a task goes
        return random(10) === 0 && leaves.length > 8
          ? deleteGanttTask(tasks, target)
          : setGanttProgress(tasks, target, 0);
      });
      if (change.ok) applied += 1;
      if (kind === 5 && change.ok && !store.getState().scheduled.has(target)) leaves.splice(leaves.indexOf(target), 1);
      const fresh = freshSchedule(store);
      expect(store.getState().scheduled).toEqual(fresh.map);
      expect([store.getState().projectStart, store.getState().projectFinish]).toEqual([fresh.start, fresh.finish]);
    }
    expect(applied).toBeGreaterThan(100);
  });
});

describe('load', () => {
  it('replaces the draft and the saved list with what the server sent: no unsaved changes', () => {
    const store = editor();
    store.getState().apply((tasks) => setGanttProgress(tasks, 3, 50));
    store.getState().markStale('El Gantt fue modificado por otra persona; recarga para ver los cambios');
    const saved = activities.map((a) => (a.TaskID === 3 ? { ...a, Progress: 50 } : a));
    store.getState().load({ ...output, activities: saved, version: 5 });
    const state = store.getState();
    expect(selectIsDirty(state)).toBe(false);
    expect(state.tasks.find((t) => t.id === 3)?.progress).toBe(50);
    expect([state.version, state.staleMessage, state.revision]).toEqual([5, null, 2]);
  });

  it('keeps the selection only if the task still exists', () => {
    const store = editor();
    store.getState().select(3);
    store.getState().load(output);
    expect(store.getState().selectedId).toBe(3);
    store.getState().load({ ...output, activities: activities.filter((a) => a.TaskID !== 3) });
    expect(store.getState().selectedId).toBeNull();
  });

  it('numbers new tasks above the highest TaskID the server gave', () => {
    const store = editor();
    const more = [...activities, activity({ TaskID: 40, TaskCode: 'X', TaskName: 'Aseo' })];
    store.getState().load({ ...output, activities: more });
    expect(store.getState().idFloor).toBe(40);
  });
});

describe('expandAll and collapseAll', () => {
  it('collapseAll closes every task that has children, in one state change; expandAll opens them all', () => {
    const store = editor();
    // Muros under Fundaciones (without the link between them): two summaries, one inside the other
    expect(store.getState().apply((tasks) => removeGanttLink(tasks, 3, 4)).ok).toBe(true);
    expect(store.getState().apply((tasks) => indentGanttTask(tasks, 4)).ok).toBe(true);
    const revision = store.getState().revision;
    expect(changesDuring(store, () => store.getState().collapseAll())).toBe(1);
    expect([...store.getState().closed].sort()).toEqual([1, 3]);
    expect(store.getState().revision).toBe(revision + 1);
    expect(changesDuring(store, () => store.getState().expandAll())).toBe(1);
    expect(store.getState().closed.size).toBe(0);
    expect(store.getState().revision).toBe(revision + 2);
  });

  it('setOpen only remembers the row for the next rebuild: no state change', () => {
    const store = editor();
    const closed = store.getState().closed;
    expect(
      changesDuring(store, () => {
        store.getState().setOpen(1, false);
      }),
    ).toBe(0);
    expect([...closed]).toEqual([1]);
    store.getState().setOpen(1, true);
    expect(closed.size).toBe(0);
  });
});

describe('calendarOf', () => {
  it('honours the holidays list: a holiday is off in any of its years, the days around it work', () => {
    const calendar = calendarOf(calendarInfo);
    expect(calendar.workWeek).toBe('mon-fri');
    expect(calendar.isWorkingDay(dayNumber('2025-04-18'))).toBe(false);
    expect(calendar.isWorkingDay(dayNumber('2025-05-01'))).toBe(false);
    expect(calendar.isWorkingDay(dayNumber('2026-01-01'))).toBe(false);
    expect(calendar.isWorkingDay(dayNumber('2025-04-17'))).toBe(true);
    expect(calendar.isWorkingDay(dayNumber('2026-01-02'))).toBe(true);
    // the same day a year later is no holiday unless listed
    expect(calendar.isWorkingDay(dayNumber('2026-05-01'))).toBe(true);
    expect(calendar.addWorkingDays('2025-04-17', 1)).toBe('2025-04-21');
    expect(calendar.addWorkingDays('2025-12-31', 1)).toBe('2026-01-02');
  });

  it('honours the weekdays and exceptions: a working exception beats a holiday, a non-working one a weekday', () => {
    expect(calendarOf(calendarInfo).isWorkingDay(dayNumber('2025-04-19'))).toBe(false);
    const monSat = calendarOf({
      ...calendarInfo,
      workWeek: 'mon-sat',
      workingWeekdays: [1, 2, 3, 4, 5, 6],
      exceptions: [
        { date: '2025-04-18', name: 'Faena en Viernes Santo', working: true },
        { date: '2025-04-22', name: 'Paralización de faena', working: false },
      ],
    });
    expect(monSat.isWorkingDay(dayNumber('2025-04-19'))).toBe(true);
    expect(monSat.isWorkingDay(dayNumber('2025-04-18'))).toBe(true);
    expect(monSat.isWorkingDay(dayNumber('2025-04-20'))).toBe(false);
    expect(monSat.isWorkingDay(dayNumber('2025-04-22'))).toBe(false);
    expect(monSat.isWorkingDay(dayNumber('2025-05-01'))).toBe(false);
  });

  it('leaves the holidays out when Chile’s holidays are off', () => {
    const off = calendarOf({ ...calendarInfo, chileHolidays: false });
    expect(off.isWorkingDay(dayNumber('2025-04-18'))).toBe(true);
    expect(off.isWorkingDay(dayNumber('2025-05-01'))).toBe(true);
  });
});

describe('the project calendar (issue 14)', () => {
  const monFri = { workingWeekdays: [1, 2, 3, 4, 5], chileHolidays: true, exceptions: [] };

  it('Saturdays worked: the schedule moves at once and the screen is unsaved; back to the saved calendar it is saved again', () => {
    const store = createGanttEditorStore(output);
    // Excavación lasts 6 days: Mon 7 – Mon 14 Apr on Monday–Friday, so Fundaciones starts Tue 15
    store
      .getState()
      .apply((tasks) => ({ ok: true, tasks: tasks.map((task) => (task.id === 2 ? { ...task, duration: 6 } : task)) }));
    expect(store.getState().scheduled.get(2)?.end).toBe('2025-04-14');
    expect(store.getState().scheduled.get(3)?.start).toBe('2025-04-15');
    const saved = store.getState().tasks;

    expect(store.getState().setCalendar({ ...monFri, workingWeekdays: [6, 1, 2, 3, 4, 5] })).toEqual({ ok: true });
    const state = store.getState();
    expect(state.projectCalendar.workingWeekdays).toEqual([1, 2, 3, 4, 5, 6]);
    expect(state.calendar.workWeek).toBe('mon-sat');
    expect(selectIsDirty(state)).toBe(true);
    expect(state.tasks).toBe(saved);
    // Mon 7 – Sat 12 Apr; Fundaciones keeps its own start (no earlier than Mon 14): 14–17
    expect(state.scheduled.get(2)?.end).toBe('2025-04-12');
    expect(state.scheduled.get(3)?.start).toBe('2025-04-14');
    expect(state.scheduled.get(3)?.end).toBe('2025-04-17');

    store.getState().setCalendar(monFri);
    expect(store.getState().projectCalendar).toBe(store.getState().savedProjectCalendar);
    expect(store.getState().scheduled.get(2)?.end).toBe('2025-04-14');
    // the duration edit is still unsaved; the calendar no longer is
    expect(saveVariablesOf('p-1', store.getState())).not.toHaveProperty('calendar');
  });

  it('a non-working exception pushes the tasks after it; a working one on Viernes Santo pulls Muros back', () => {
    const store = createGanttEditorStore(output);
    expect(datesOf(store, 3)).toEqual(['2025-04-14', '2025-04-17']);
    expect(datesOf(store, 4)).toEqual(['2025-04-21', '2025-04-25']);
    store.getState().setCalendar({
      ...monFri,
      exceptions: [{ date: '2025-04-16', name: 'Paralización de faena', working: false }],
    });
    // Fundaciones: Mon 14, Tue 15, Thu 17, Mon 21 (Fri 18 is Viernes Santo); Muros from Tue 22 to Mon 28
    expect(datesOf(store, 3)).toEqual(['2025-04-14', '2025-04-21']);
    expect(datesOf(store, 4)).toEqual(['2025-04-22', '2025-04-28']);
    expect(selectIsDirty(store.getState())).toBe(true);

    store.getState().setCalendar({ ...monFri, exceptions: [{ date: '2025-04-18', name: '', working: true }] });
    expect(datesOf(store, 4)).toEqual(['2025-04-18', '2025-04-24']);
    expect(store.getState().projectFinish).toBe('2025-04-24');
  });

  it('Chile’s holidays off: Viernes Santo works; on again, the list the server sent applies once more', () => {
    const store = createGanttEditorStore(output);
    store.getState().setCalendar({ ...monFri, chileHolidays: false });
    expect(datesOf(store, 4)).toEqual(['2025-04-18', '2025-04-24']);
    expect(selectHolidaysPending(store.getState())).toBe(false);
    store.getState().setCalendar(monFri);
    expect(datesOf(store, 4)).toEqual(['2025-04-21', '2025-04-25']);
    expect(selectIsDirty(store.getState())).toBe(false);
  });

  it('Chile’s holidays turned on when the server sent none: the schedule says they are pending until the save', () => {
    const store = createGanttEditorStore({
      ...output,
      calendar: { ...calendarInfo, chileHolidays: false, holidays: [] },
      activities: activities.map((a) =>
        a.TaskID === 4 ? { ...a, StartDate: '2025-04-18', EndDate: '2025-04-24' } : a,
      ),
    });
    expect(selectHolidaysPending(store.getState())).toBe(false);
    expect(store.getState().setCalendar(monFri)).toEqual({ ok: true });
    const state = store.getState();
    expect(selectHolidaysPending(state)).toBe(true);
    expect(selectIsDirty(state)).toBe(true);
    // no list yet: Viernes Santo still counts as a working day on screen
    expect(datesOf(store, 4)).toEqual(['2025-04-18', '2025-04-24']);
    expect(saveVariablesOf('p-1', state).calendar).toEqual(monFri);
    // the save's answer carries the holidays: the schedule has them, nothing pending
    store.getState().load({ ...output, version: 5 });
    expect(selectHolidaysPending(store.getState())).toBe(false);
    expect(datesOf(store, 4)).toEqual(['2025-04-21', '2025-04-25']);
  });

  it('refuses a calendar without a working weekday or with a date twice, changing nothing', () => {
    const store = createGanttEditorStore(output);
    const before = store.getState();
    expect(store.getState().setCalendar({ ...monFri, workingWeekdays: [] })).toEqual({
      ok: false,
      error: 'Días hábiles: debe tener al menos un día hábil',
    });
    const twice = {
      ...monFri,
      exceptions: [
        { date: '2025-04-16', name: 'Paro', working: false },
        { date: '2025-04-16', name: 'Faena', working: true },
      ],
    };
    expect(store.getState().setCalendar(twice)).toEqual({
      ok: false,
      error: 'Excepciones: la fecha 2025-04-16 está repetida',
    });
    expect(store.getState()).toBe(before);
  });

  it('restoreDraft takes the draft’s calendar, refusing an invalid one', () => {
    const store = createGanttEditorStore(output);
    const calendar = { ...monFri, exceptions: [{ date: '2025-04-16', name: 'Paro', working: false }] };
    expect(store.getState().restoreDraft({ tasks: store.getState().tasks, calendar, version: 4 })).toEqual({
      ok: true,
    });
    expect(store.getState().projectCalendar).toEqual(calendar);
    expect(datesOf(store, 4)).toEqual(['2025-04-22', '2025-04-28']);
    expect(selectIsDirty(store.getState())).toBe(true);
    const refused = store
      .getState()
      .restoreDraft({ tasks: store.getState().tasks, calendar: { ...monFri, workingWeekdays: [] }, version: 4 });
    expect(refused.ok).toBe(false);
    expect(store.getState().projectCalendar).toEqual(calendar);
  });
});

describe('sequencing (issue 13)', () => {
  it('keeps the loaded option and the generated flags; a load replaces the option', () => {
    const store = createGanttEditorStore({
      ...output,
      activities: activities.map((a) => (a.TaskID === 4 ? { ...a, generatedPredecessors: [3] } : a)),
    });
    expect(store.getState().sequencing).toBe('train');
    expect(countLinks(store.getState().tasks)).toEqual({ generated: 1, user: 1 });
    store.getState().load({ ...output, sequencing: 'priority' });
    expect(store.getState().sequencing).toBe('priority');
    expect(countLinks(store.getState().tasks)).toEqual({ generated: 0, user: 2 });
  });

  it('saveVariablesOf: the draft with its generated flags, the calendar only when changed', () => {
    const store = createGanttEditorStore({
      ...output,
      activities: activities.map((a) => (a.TaskID === 4 ? { ...a, generatedPredecessors: [3] } : a)),
    });
    const variables = saveVariablesOf('p-1', store.getState());
    expect(variables).toMatchObject({ projectId: 'p-1', version: 4 });
    expect('calendar' in variables).toBe(false);
    expect(variables.activities.find((a) => a.TaskID === 4)?.generatedPredecessors).toEqual([3]);
    expect(variables.activities.find((a) => a.TaskID === 3)?.generatedPredecessors).toEqual([]);
    store.getState().setCalendar({ workingWeekdays: [1, 2, 3, 4, 5, 6], chileHolidays: true, exceptions: [] });
    expect(saveVariablesOf('p-1', store.getState()).calendar).toEqual({
      workingWeekdays: [1, 2, 3, 4, 5, 6],
      chileHolidays: true,
      exceptions: [],
    });
  });
});

describe("'Atrasadas' (issue 15)", () => {
  const dates = [{ TaskID: 2, BaselineStart: '2025-04-07', BaselineFinish: '2025-04-09', BaselineDuration: 3 }];

  it('is a filter of the view: on and off without an edit, redrawing the chart', () => {
    const store = createGanttEditorStore(output);
    store.getState().setBaseline('lb-1', dates);
    const { revision, tasks } = store.getState();
    store.getState().setLateOnly(true);
    expect(store.getState().lateOnly).toBe(true);
    expect(store.getState().revision).toBe(revision + 1);
    expect(store.getState().tasks).toBe(tasks);
    expect(selectIsDirty(store.getState())).toBe(false);
    // another baseline keeps it on
    store.getState().setBaseline('lb-2', dates);
    expect(store.getState().lateOnly).toBe(true);
  });

  it('goes off when no baseline is chosen any more (nothing to compare with)', () => {
    const store = createGanttEditorStore(output);
    store.getState().setBaseline('lb-1', dates);
    store.getState().setLateOnly(true);
    store.getState().setBaseline(null, []);
    expect(store.getState().lateOnly).toBe(false);
    expect(store.getState().baseline.size).toBe(0);
  });
});

describe("'Deshacer' and 'Rehacer' (issue 32)", () => {
  /** Every task's schedule (start, end, float) and the project's span: what the chart draws. */
  const chartOf = (state: GanttEditorState) => ({
    tasks: [...state.scheduled.values()].map((task) => [task.id, task.start, task.end, task.totalFloat]),
    progress: state.tasks.map((task) => [task.id, task.progress]),
    span: [state.projectStart, state.projectFinish],
  });

  const taskOf = (tasks: readonly GanttDraftTask[], id: number) => tasks.find((task) => task.id === id);

  // each kind of edit the screen makes, as the screen makes it (through `apply`)
  const edits: {
    name: string;
    edit: (tasks: GanttDraftTask[], calendar: WorkingCalendar, state: GanttEditorState) => GanttEdit;
    step: ReturnType<typeof describeGanttStep>;
  }[] = [
    {
      name: "the editor: Fundaciones' duration 4 → 9",
      edit: (tasks) => {
        const task = taskOf(tasks, 3) as GanttDraftTask;
        return updateGanttTask(tasks, 3, { ...task, duration: 9 });
      },
      step: { kind: 'duration', task: 'OG.2 Fundaciones' },
    },
    {
      name: 'a drag: Muros to Monday 5 May',
      edit: (tasks, calendar) => moveGanttTask(tasks, 4, '2025-05-05', calendar),
      step: { kind: 'start', task: 'OG.3 Muros' },
    },
    {
      name: 'a drag of the summary: its leaves move',
      edit: (tasks, calendar, state) =>
        moveGanttTask(tasks, 1, '2025-04-14', calendar, state.scheduled.get(1)?.start, state.scheduled),
      step: { kind: 'start', count: 4 },
    },
    {
      name: 'a stretch: Excavación from Tue 8 to Tue 15 April',
      edit: (tasks, calendar) => resizeGanttTask(tasks, 2, '2025-04-08', '2025-04-15', calendar),
      step: { kind: 'dates', task: 'OG.1 Excavación' },
    },
    {
      name: 'the progress bar dragged',
      edit: (tasks) => setGanttProgress(tasks, 3, 40),
      step: { kind: 'progress', task: 'OG.2 Fundaciones' },
    },
    {
      name: 'a link drawn: Excavación → Muros, finish to finish + 12 days',
      edit: (tasks) => addGanttLink(tasks, 2, 4, 'FF', 12),
      step: { kind: 'links', task: 'OG.3 Muros' },
    },
    {
      name: 'a link removed: Fundaciones → Muros',
      edit: (tasks) => removeGanttLink(tasks, 3, 4),
      step: { kind: 'links', task: 'OG.3 Muros' },
    },
    {
      name: 'outdent: Muros to the first level',
      edit: (tasks) => outdentGanttTask(tasks, 4),
      step: { kind: 'level', task: 'OG.3 Muros' },
    },
    {
      name: 'add: a new task after Excavación',
      edit: (tasks) => addGanttTask(tasks, 2, { id: 5, start: '2025-04-07', name: 'Nueva tarea' }),
      step: { kind: 'add', task: 'Nueva tarea' },
    },
    {
      name: 'delete: the summary and its three tasks',
      edit: (tasks) => deleteGanttTask(tasks, 1),
      step: { kind: 'delete', task: 'OG Obra gruesa' },
    },
  ];

  for (const { name, edit, step } of edits) {
    it(`undoes and redoes ${name}, the chart recomputed at each step`, () => {
      const store = editor();
      store.getState().select(2);
      const original = store.getState();
      const result = original.apply((tasks, calendar) => edit(tasks, calendar, original));
      expect(result.ok).toBe(true);
      const edited = store.getState();
      expect(chartOf(edited)).not.toEqual(chartOf(original));
      expect(edited.undoStack).toHaveLength(1);
      expect(describeGanttStep(edited.undoStack[0]!.before, edited.undoStack[0]!.after)).toEqual(step);

      expect(store.getState().undo()).toBe(true);
      const undone = store.getState();
      expect(undone.tasks).toBe(original.tasks);
      expect(chartOf(undone)).toEqual(chartOf(original));
      // the schedule is the engine's for the restored draft, as a fresh full pass gives it
      const fresh = scheduleDraft(undone.tasks, undone.calendar);
      expect(fresh.ok && new Map(fresh.tasks.map((task) => [task.id, task]))).toEqual(undone.scheduled);
      expect(selectIsDirty(undone)).toBe(false);
      expect([undone.undoStack.length, undone.redoStack.length]).toEqual([0, 1]);
      expect(undone.revision).toBe(edited.revision + 1);
      expect(store.getState().undo()).toBe(false);

      expect(store.getState().redo()).toBe(true);
      const redone = store.getState();
      expect(redone.tasks).toBe(edited.tasks);
      expect(chartOf(redone)).toEqual(chartOf(edited));
      expect(selectIsDirty(redone)).toBe(true);
      expect([redone.undoStack.length, redone.redoStack.length]).toEqual([1, 0]);
      expect(store.getState().redo()).toBe(false);
    });
  }

  it('indent is a step too: Fundaciones under Excavación (its link dropped), undone and redone', () => {
    const store = editor();
    // Fundaciones' own link to Excavación would join a summary and its task: take it away first
    store.getState().apply((tasks) => removeGanttLink(tasks, 2, 3));
    const before = store.getState();
    expect(store.getState().apply((tasks) => indentGanttTask(tasks, 3)).ok).toBe(true);
    const indented = store.getState();
    expect(taskOf(indented.tasks, 3)?.parentId).toBe(2);
    const top = indented.undoStack[indented.undoStack.length - 1]!;
    expect(describeGanttStep(top.before, top.after)).toEqual({ kind: 'level', task: 'OG.2 Fundaciones' });
    store.getState().undo();
    expect(store.getState().tasks).toBe(before.tasks);
    expect(chartOf(store.getState())).toEqual(chartOf(before));
    store.getState().undo();
    expect(store.getState().tasks).toBe(store.getState().saved);
    store.getState().redo();
    store.getState().redo();
    expect(store.getState().tasks).toBe(indented.tasks);
    expect(chartOf(store.getState())).toEqual(chartOf(indented));
  });

  it("undoes and redoes the calendar ('Calendario' → 'Aplicar'): the schedule on the calendar of each step", () => {
    const store = editor();
    const original = store.getState();
    expect(store.getState().setCalendar({ ...original.projectCalendar, workingWeekdays: [1, 2, 3, 4, 5, 6] })).toEqual({
      ok: true,
    });
    const saturdays = store.getState();
    expect(chartOf(saturdays)).not.toEqual(chartOf(original));
    const top = saturdays.undoStack[0]!;
    expect(describeGanttStep(top.before, top.after)).toEqual({ kind: 'calendar' });
    store.getState().undo();
    expect(store.getState().projectCalendar).toBe(original.projectCalendar);
    expect(store.getState().calendar).toBe(original.calendar);
    expect(chartOf(store.getState())).toEqual(chartOf(original));
    expect(selectIsDirty(store.getState())).toBe(false);
    store.getState().redo();
    expect(store.getState().projectCalendar.workingWeekdays).toEqual([1, 2, 3, 4, 5, 6]);
    expect(chartOf(store.getState())).toEqual(chartOf(saturdays));
    expect(saveVariablesOf('p-1', store.getState())).toHaveProperty('calendar');
  });

  it('goes back through a mix of edits one at a time, in order, to the loaded Gantt', () => {
    const store = editor();
    const states = [store.getState()];
    store.getState().apply((tasks) => updateGanttTask(tasks, 2, { ...taskOf(tasks, 2)!, duration: 8 }));
    states.push(store.getState());
    store.getState().apply((tasks, calendar) => moveGanttTask(tasks, 4, '2025-05-12', calendar));
    states.push(store.getState());
    store.getState().apply((tasks) => addGanttLink(tasks, 2, 4, 'FF'));
    states.push(store.getState());
    store.getState().setCalendar({ ...states[0]!.projectCalendar, chileHolidays: false });
    states.push(store.getState());
    for (let at = states.length - 2; at >= 0; at -= 1) {
      expect(store.getState().undo()).toBe(true);
      expect(store.getState().tasks).toBe(states[at]!.tasks);
      expect(chartOf(store.getState())).toEqual(chartOf(states[at]!));
    }
    for (let at = 1; at < states.length; at += 1) {
      expect(store.getState().redo()).toBe(true);
      expect(chartOf(store.getState())).toEqual(chartOf(states[at]!));
    }
  });

  it(`keeps the last ${GANTT_UNDO_LIMIT} steps (at least 100): the oldest go first`, () => {
    expect(GANTT_UNDO_LIMIT).toBeGreaterThanOrEqual(100);
    const store = editor();
    const edits = GANTT_UNDO_LIMIT + 30;
    const progressAfter: number[] = [];
    for (let step = 1; step <= edits; step += 1) {
      // 1 … 100, then 1 … 30 again: every edit changes the progress
      const value = ((step - 1) % 100) + 1;
      store.getState().apply((tasks) => setGanttProgress(tasks, 3, value));
      progressAfter.push(value);
    }
    expect(store.getState().undoStack).toHaveLength(GANTT_UNDO_LIMIT);
    let undone = 0;
    while (store.getState().undo()) undone += 1;
    expect(undone).toBe(GANTT_UNDO_LIMIT);
    // back to the state after edit 30, no further
    expect(taskOf(store.getState().tasks, 3)?.progress).toBe(progressAfter[edits - GANTT_UNDO_LIMIT - 1]);
    expect(store.getState().redoStack).toHaveLength(GANTT_UNDO_LIMIT);
    let redone = 0;
    while (store.getState().redo()) redone += 1;
    expect(redone).toBe(GANTT_UNDO_LIMIT);
    expect(taskOf(store.getState().tasks, 3)?.progress).toBe(progressAfter[edits - 1]);
  });

  it('a new edit after an undo drops what could be redone', () => {
    const store = editor();
    store.getState().apply((tasks) => setGanttProgress(tasks, 3, 10));
    store.getState().apply((tasks) => setGanttProgress(tasks, 3, 20));
    store.getState().undo();
    expect(store.getState().redoStack).toHaveLength(1);
    store.getState().apply((tasks) => setGanttProgress(tasks, 3, 30));
    expect(store.getState().redoStack).toHaveLength(0);
    expect(store.getState().redo()).toBe(false);
    expect(store.getState().undoStack).toHaveLength(2);
  });

  it('a refused edit, a bar dropped where it was and a calendar applied unchanged are no steps', () => {
    const store = editor();
    store.getState().apply((tasks) => addGanttLink(tasks, 4, 2, 'FS'));
    store.getState().apply((tasks, calendar) => resizeGanttTask(tasks, 1, '2025-04-07', '2025-05-02', calendar));
    store
      .getState()
      .apply((tasks, calendar, state = store.getState()) =>
        moveGanttTask(tasks, 1, '2025-04-07', calendar, state.scheduled.get(1)?.start, state.scheduled),
      );
    store.getState().setCalendar(store.getState().projectCalendar);
    expect(store.getState().undoStack).toHaveLength(0);
    expect(store.getState().undo()).toBe(false);
  });

  it("is cleared by a save ('Grabar Gantt' loads the server's answer), a reload and a restored draft", () => {
    const store = editor();
    store.getState().apply((tasks) => setGanttProgress(tasks, 3, 10));
    store.getState().apply((tasks) => setGanttProgress(tasks, 3, 20));
    store.getState().undo();
    expect([store.getState().undoStack.length, store.getState().redoStack.length]).toEqual([1, 1]);
    // the save's answer: the Gantt as stored now
    const savedActivities = activities.map((a) => (a.TaskID === 3 ? { ...a, Progress: 10 } : a));
    store.getState().load({ ...output, activities: savedActivities, version: 5 });
    expect([store.getState().undoStack.length, store.getState().redoStack.length]).toEqual([0, 0]);
    expect(store.getState().undo()).toBe(false);
    expect(store.getState().redo()).toBe(false);
    expect(taskOf(store.getState().tasks, 3)?.progress).toBe(10);

    store.getState().apply((tasks) => setGanttProgress(tasks, 3, 30));
    const draft = store.getState().tasks;
    store.getState().load(output);
    expect(store.getState().undoStack).toHaveLength(0);
    store.getState().apply((tasks) => setGanttProgress(tasks, 3, 40));
    expect(
      store.getState().restoreDraft({ tasks: draft, calendar: store.getState().projectCalendar, version: 4 }),
    ).toEqual({ ok: true });
    expect([store.getState().undoStack.length, store.getState().redoStack.length]).toEqual([0, 0]);
  });

  it('closes the task editor (its fields would be stale) and keeps the selection while the task exists', () => {
    const store = editor();
    store.getState().apply((tasks) => addGanttTask(tasks, 2, { id: 5, start: '2025-04-07' }));
    store.getState().select(5);
    store.getState().setEditing(5);
    store.getState().apply((tasks) => setGanttProgress(tasks, 5, 50));
    store.getState().undo();
    expect([store.getState().selectedId, store.getState().editingId]).toEqual([5, null]);
    store.getState().undo();
    expect(store.getState().selectedId).toBeNull();
  });

  it('names a step that changed several fields of a task, or several tasks, by what it touched', () => {
    const store = editor();
    const before = store.getState().tasks;
    const renamed = before.map((task) => (task.id === 4 ? { ...task, name: 'Muros y losas', duration: 6 } : task));
    expect(describeGanttStep(before, renamed)).toEqual({ kind: 'task', task: 'OG.3 Muros y losas' });
    const names = before.map((task) => (task.parentId === 1 ? { ...task, name: `${task.name} (B)` } : task));
    expect(describeGanttStep(before, names)).toEqual({ kind: 'name', count: 3 });
  });
});
