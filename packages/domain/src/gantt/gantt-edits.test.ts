import { describe, expect, it } from 'vitest';
import type { GanttTask } from '../functions/gantt-contracts';
import { MAX_TASK_DURATION } from '../functions/gantt-contracts';
import { WorkingCalendar } from './calendar';
import type { GanttDraftTask, GanttEdit, GanttTaskChanges } from './gantt-edits';
import { removeGanttLeveling, setGanttResources } from './gantt-resource-edits';
import { activitiesFromDraft, draftFromActivities } from './gantt-draft-conversions';
import {
  NEW_TASK_NAME,
  addGanttLink,
  addGanttTask,
  deleteGanttTask,
  ganttParentIds,
  ganttSubtreeIds,
  ganttTaskLabel,
  indentGanttTask,
  moveGanttTask,
  nextGanttTaskId,
  outdentGanttTask,
  removeGanttLink,
  resizeGanttTask,
  scheduleDraft,
  setGanttProgress,
  updateGanttTask,
} from './gantt-edits';
import type { ScheduleResult, ScheduledTask } from './schedule-types';
import { IncrementalScheduler } from './incremental-scheduler';

// Monday–Friday with two of Chile's 2025 holidays: Viernes Santo (Friday 18 April) and Día del
// Trabajo (Thursday 1 May). 2025-03-03 is a Monday.
const HOLIDAYS_2025 = ['2025-04-18', '2025-05-01'];
const calendar = () => new WorkingCalendar('mon-fri', (year) => (year === 2025 ? HOLIDAYS_2025 : []), 2025);
const MON = '2025-03-03';

const task = (id: number, extra: Partial<GanttDraftTask> = {}): GanttDraftTask => ({
  id,
  code: `T${id}`,
  name: `Tarea ${id}`,
  start: MON,
  duration: 5,
  progress: 0,
  predecessors: [],
  ...extra,
});

/**
 * OG Obra gruesa (1)
 * ├─ OG.1 Excavación (2)          5 d
 * ├─ OG.2 Fundaciones (3)         3 d, 2FS
 * └─ OG.3 Muros (4)               4 d, 3FS+1
 * TER Terminaciones (5)           2 d, 1FS (out of the summary)
 * REC Recepción (6)               milestone, 5FS
 */
const sample: GanttDraftTask[] = [
  task(1, { code: 'OG', name: 'Obra gruesa', duration: 13 }),
  task(2, { parentId: 1, code: 'OG.1', name: 'Excavación', duration: 5, progress: 100 }),
  task(3, {
    parentId: 1,
    code: 'OG.2',
    name: 'Fundaciones',
    duration: 3,
    progress: 40,
    predecessors: [{ predecessorId: 2, type: 'FS', lag: 0 }],
  }),
  task(4, {
    parentId: 1,
    code: 'OG.3',
    name: 'Muros',
    duration: 4,
    predecessors: [{ predecessorId: 3, type: 'FS', lag: 1 }],
  }),
  task(5, {
    code: 'TER',
    name: 'Terminaciones',
    duration: 2,
    predecessors: [{ predecessorId: 1, type: 'FS', lag: 0 }],
  }),
  task(6, { code: 'REC', name: 'Recepción', duration: 0, predecessors: [{ predecessorId: 5, type: 'FS', lag: 0 }] }),
];

function tasksOf(edit: GanttEdit): GanttDraftTask[] {
  if (!edit.ok) throw new Error(edit.error);
  return edit.tasks;
}
/** [id, parentId] in list order: the tree's shape and order at a glance. */
const shape = (edit: GanttEdit) => tasksOf(edit).map((t) => [t.id, t.parentId]);
const byId = (tasks: readonly GanttDraftTask[], id: number) => tasks.find((t) => t.id === id);

function scheduled(result: ScheduleResult): Map<number, ScheduledTask> {
  if (!result.ok) throw new Error(result.error);
  return new Map(result.tasks.map((t) => [t.id, t]));
}
const dates = (t: ScheduledTask | undefined) => [t?.start, t?.end];

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

describe('draftFromActivities and activitiesFromDraft (the Predecessor text ↔ links)', () => {
  const activities: GanttTask[] = [
    {
      TaskID: 1,
      TaskCode: 'OG',
      TaskName: 'Obra gruesa',
      StartDate: '2025-03-03',
      StartNoEarlierThan: '2025-03-03',
      EndDate: '2025-03-12',
      Duration: 8,
      Progress: 20,
      Predecessor: '',
      totalFloat: 0,
      critical: true,
      isSummary: true,
      sourceKey: 'edp:1',
    },
    {
      TaskID: 2,
      TaskCode: 'OG.1',
      TaskName: 'Excavación',
      StartDate: '2025-03-03',
      StartNoEarlierThan: '2025-03-03',
      EndDate: '2025-03-07',
      Duration: 5,
      Progress: 50,
      ParentId: 1,
      Predecessor: '',
      totalFloat: 0,
      critical: true,
      isSummary: false,
      sourceKey: 'edc:1:act1',
    },
    {
      TaskID: 3,
      TaskCode: 'OG.2',
      TaskName: 'Fundaciones',
      StartDate: '2025-03-03',
      StartNoEarlierThan: '2025-03-03',
      EndDate: '2025-03-12',
      Duration: 3,
      Progress: 0,
      ParentId: 1,
      Predecessor: '2FS,7SS+2,8FF-1',
      totalFloat: 0,
      critical: true,
      isSummary: false,
    },
  ];

  it('reads each activity as a draft task: links parsed, no parentId on a root, the sourceKey kept', () => {
    expect(draftFromActivities(activities)).toEqual([
      {
        id: 1,
        code: 'OG',
        name: 'Obra gruesa',
        start: '2025-03-03',
        duration: 8,
        progress: 20,
        sourceKey: 'edp:1',
        predecessors: [],
      },
      {
        id: 2,
        code: 'OG.1',
        name: 'Excavación',
        start: '2025-03-03',
        duration: 5,
        progress: 50,
        parentId: 1,
        sourceKey: 'edc:1:act1',
        predecessors: [],
      },
      {
        id: 3,
        code: 'OG.2',
        name: 'Fundaciones',
        start: '2025-03-03',
        duration: 3,
        progress: 0,
        parentId: 1,
        predecessors: [
          { predecessorId: 2, type: 'FS', lag: 0 },
          { predecessorId: 7, type: 'SS', lag: 2 },
          { predecessorId: 8, type: 'FF', lag: -1 },
        ],
      },
    ]);
    expect('parentId' in (draftFromActivities(activities)[0] as GanttDraftTask)).toBe(false);
  });

  it('writes back what saveGantt takes: ParentId null for a root, the same Predecessor text', () => {
    expect(activitiesFromDraft(draftFromActivities(activities))).toEqual([
      {
        TaskID: 1,
        TaskCode: 'OG',
        TaskName: 'Obra gruesa',
        StartNoEarlierThan: '2025-03-03',
        StartDate: '2025-03-03',
        Duration: 8,
        Progress: 20,
        ParentId: null,
        Predecessor: '',
        generatedPredecessors: [],
        ActualStart: null,
        ActualFinish: null,
        RemainingDuration: null,
        Notes: null,
        Deadline: null,
        MustStartOn: false,
        Resume: null,
        Resources: [],
        LevelingDelay: null,
        LeveledFrom: null,
      },
      {
        TaskID: 2,
        TaskCode: 'OG.1',
        TaskName: 'Excavación',
        StartNoEarlierThan: '2025-03-03',
        StartDate: '2025-03-03',
        Duration: 5,
        Progress: 50,
        ParentId: 1,
        Predecessor: '',
        generatedPredecessors: [],
        ActualStart: null,
        ActualFinish: null,
        RemainingDuration: null,
        Notes: null,
        Deadline: null,
        MustStartOn: false,
        Resume: null,
        Resources: [],
        LevelingDelay: null,
        LeveledFrom: null,
      },
      {
        TaskID: 3,
        TaskCode: 'OG.2',
        TaskName: 'Fundaciones',
        StartNoEarlierThan: '2025-03-03',
        StartDate: '2025-03-03',
        Duration: 3,
        Progress: 0,
        ParentId: 1,
        Predecessor: '2FS,7SS+2,8FF-1',
        generatedPredecessors: [],
        ActualStart: null,
        ActualFinish: null,
        RemainingDuration: null,
        Notes: null,
        Deadline: null,
        MustStartOn: false,
        Resume: null,
        Resources: [],
        LevelingDelay: null,
        LeveledFrom: null,
      },
    ]);
  });

  it('issue 35: carries resources and the levelling both ways; an edit that moves the start drops the levelling', () => {
    const crane = [{ resourceId: 'grua', units: 2 }];
    const loaded = activities.map((a) =>
      a.TaskID === 2 ? { ...a, Resources: crane, LevelingDelay: 3, LeveledFrom: '2025-02-26' } : a,
    );
    const draft = draftFromActivities(loaded);
    expect(draft[1]).toMatchObject({ resources: crane, levelingDelay: 3, leveledFrom: '2025-02-26' });
    expect(activitiesFromDraft(draft)[1]).toMatchObject({
      Resources: crane,
      LevelingDelay: 3,
      LeveledFrom: '2025-02-26',
    });
    // a new list of resources, checked as saveGantt checks it
    const set = setGanttResources(draft, 2, [{ resourceId: 'bomba', units: 1 }]);
    expect(set.ok && set.tasks[1]).toMatchObject({ resources: [{ resourceId: 'bomba', units: 1 }], levelingDelay: 3 });
    expect(setGanttResources(draft, 2, [{ resourceId: 'bomba', units: 0 }])).toEqual({
      ok: false,
      error: 'Recursos: «bomba»: las unidades deben ser mayores que 0',
    });
    const cleared = setGanttResources(draft, 2, []);
    expect(cleared.ok && 'resources' in (cleared.tasks[1] as GanttDraftTask)).toBe(false);
    // the same start keeps the levelling, another drops it
    const calendar = new WorkingCalendar('mon-fri', () => [], 2025);
    const same = moveGanttTask(draft, 2, '2025-03-03', calendar);
    expect(same.ok && same.tasks[1]?.levelingDelay).toBe(3);
    const moved = moveGanttTask(draft, 2, '2025-03-05', calendar);
    expect(moved.ok && moved.tasks[1]).not.toHaveProperty('levelingDelay');
    expect(moved.ok && moved.tasks[1]).not.toHaveProperty('leveledFrom');
    // 'Quitar redistribución': the start it had, no delay
    const removed = removeGanttLeveling(draft);
    expect(removed.ok && removed.tasks[1]).toMatchObject({ start: '2025-02-26' });
    expect(removed.ok && removed.tasks[1]).not.toHaveProperty('levelingDelay');
    expect(removeGanttLeveling(removed.ok ? removed.tasks : [])).toEqual({
      ok: false,
      error: 'Ninguna tarea tiene redistribución',
    });
  });

  it('issue 34: carries notes and a deadline both ways (Notes / Deadline ↔ notes / deadline)', () => {
    const loaded = activities.map((a) => (a.TaskID === 2 ? { ...a, Notes: 'Ojo', Deadline: '2025-03-10' } : a));
    const draft = draftFromActivities(loaded);
    expect(draft[1]).toMatchObject({ notes: 'Ojo', deadline: '2025-03-10' });
    expect(activitiesFromDraft(draft)[1]).toMatchObject({ Notes: 'Ojo', Deadline: '2025-03-10' });
  });

  it('issue 34: carries a remaining duration both ways (RemainingDuration ↔ remaining)', () => {
    const loaded = activities.map((a) =>
      a.TaskID === 2 ? { ...a, ActualStart: '2025-03-03', RemainingDuration: 7 } : a,
    );
    const draft = draftFromActivities(loaded);
    expect(draft[1]?.remaining).toBe(7);
    expect('remaining' in (draft[0] as GanttDraftTask)).toBe(false);
    expect(activitiesFromDraft(draft)[1]?.RemainingDuration).toBe(7);
  });

  it('issue 34: carries a must-start-on and a Resume both ways (MustStartOn / Resume ↔ mustStartOn / resume)', () => {
    const loaded = activities.map((a) =>
      a.TaskID === 2
        ? { ...a, MustStartOn: true }
        : a.TaskID === 3
          ? { ...a, ActualStart: MON, Resume: '2025-03-17' }
          : a,
    );
    const draft = draftFromActivities(loaded);
    expect(draft[1]?.mustStartOn).toBe(true);
    expect(draft[2]?.resume).toBe('2025-03-17');
    expect('mustStartOn' in (draft[0] as GanttDraftTask) || 'resume' in (draft[0] as GanttDraftTask)).toBe(false);
    const back = activitiesFromDraft(draft);
    expect(back.map((task) => [task.MustStartOn, task.Resume])).toEqual(
      back.map((task) => [task.TaskID === 2, task.TaskID === 3 ? '2025-03-17' : null]),
    );
  });

  it('writes a Predecessor typed loosely in its canonical form (FS spelled out, zero lag left out)', () => {
    const loose = activities.map((a) => (a.TaskID === 3 ? { ...a, Predecessor: ' 2 , 7ss + 2d; 8ff-1 ,9+0' } : a));
    expect(activitiesFromDraft(draftFromActivities(loose))[2]?.Predecessor).toBe('2FS,7SS+2,8FF-1,9FS');
  });

  it('round-trips the sample draft: draft → activities → draft gives the same tasks', () => {
    const asActivities: GanttTask[] = activitiesFromDraft(sample).map((input) => ({
      TaskID: input.TaskID,
      TaskCode: input.TaskCode,
      TaskName: input.TaskName,
      StartDate: input.StartNoEarlierThan ?? '',
      StartNoEarlierThan: input.StartNoEarlierThan ?? '',
      EndDate: input.StartNoEarlierThan ?? '',
      Duration: input.Duration,
      Progress: input.Progress ?? 0,
      ...(input.ParentId == null ? {} : { ParentId: input.ParentId }),
      Predecessor: input.Predecessor ?? '',
      totalFloat: 0,
      critical: false,
      isSummary: false,
    }));
    expect(draftFromActivities(asActivities)).toEqual(sample);
  });
});

describe('scheduleDraft: the engine over the draft (Monday–Friday, hand-checked dates)', () => {
  it('with an IncrementalScheduler (issue 18), gives after every kind of edit what a full pass gives', () => {
    const cal = calendar();
    const scheduler = new IncrementalScheduler();
    const edits: ((tasks: GanttDraftTask[]) => GanttEdit)[] = [
      (tasks) => resizeGanttTask(tasks, 3, '2025-03-05', '2025-03-14', cal),
      (tasks) => moveGanttTask(tasks, 4, '2025-04-07', cal),
      (tasks) => setGanttProgress(tasks, 3, 40),
      (tasks) => {
        const five = tasks.find((t) => t.id === 5) as GanttDraftTask;
        return updateGanttTask(tasks, 5, { ...five, duration: 4 });
      },
      (tasks) => addGanttLink(tasks, 2, 5, 'SS', 1),
      (tasks) => removeGanttLink(tasks, 2, 5),
      (tasks) => addGanttTask(tasks, 4, { id: 7, start: '2025-03-05', duration: 2 }),
      (tasks) => resizeGanttTask(tasks, 2, '2025-03-03', '2025-03-05', cal),
      (tasks) => indentGanttTask(tasks, 5),
      (tasks) => deleteGanttTask(tasks, 6),
    ];
    let tasks = sample;
    const options = { cutoff: '2025-03-06' };
    expect(scheduleDraft(tasks, cal, options, scheduler)).toStrictEqual(scheduleDraft(tasks, cal, options));
    for (const edit of edits) {
      tasks = tasksOf(edit(tasks));
      expect(scheduleDraft(tasks, cal, options, scheduler)).toStrictEqual(scheduleDraft(tasks, cal, options));
    }
  });

  it('chains the sample: 5 days from Monday 3 March end Friday 7 March; the FS successor starts Monday 10 March', () => {
    const result = scheduleDraft(sample, calendar());
    const byTask = scheduled(result);
    expect(dates(byTask.get(2))).toEqual(['2025-03-03', '2025-03-07']);
    expect(dates(byTask.get(3))).toEqual(['2025-03-10', '2025-03-12']);
    // 3FS+1: one working day between Wednesday 12 and the start
    expect(dates(byTask.get(4))).toEqual(['2025-03-14', '2025-03-19']);
    // the summary rolls up its children: 13 working days
    expect(dates(byTask.get(1))).toEqual(['2025-03-03', '2025-03-19']);
    expect([byTask.get(1)?.isSummary, byTask.get(1)?.duration]).toEqual([true, 13]);
    // a link out of the summary uses its rolled-up finish
    expect(dates(byTask.get(5))).toEqual(['2025-03-20', '2025-03-21']);
    // the milestone after an FS: on its predecessor's finish day (Friday 21), as MS Project shows it
    expect(dates(byTask.get(6))).toEqual(['2025-03-21', '2025-03-21']);
    expect([...byTask.values()].every((t) => t.critical)).toBe(true);
    expect(result.ok && result.projectStart).toBe('2025-03-03');
  });

  it('pushes a finish-to-start successor past a holiday (Viernes Santo, Friday 18 April)', () => {
    const tasks = [
      task(10, { start: '2025-04-14', duration: 4 }),
      task(11, { start: '2025-04-14', duration: 2, predecessors: [{ predecessorId: 10, type: 'FS', lag: 0 }] }),
    ];
    const byTask = scheduled(scheduleDraft(tasks, calendar()));
    expect(dates(byTask.get(10))).toEqual(['2025-04-14', '2025-04-17']);
    expect(dates(byTask.get(11))).toEqual(['2025-04-21', '2025-04-22']);
    // and without the holiday, the successor would start on the Friday
    const noHolidays = new WorkingCalendar('mon-fri', () => [], 2025);
    expect(dates(scheduled(scheduleDraft(tasks, noHolidays)).get(11))).toEqual(['2025-04-18', '2025-04-21']);
  });

  it('a task starting on a Saturday starts on the Monday; a holiday inside it lengthens it by a day', () => {
    const byTask = scheduled(
      scheduleDraft([task(1, { start: '2025-03-08', duration: 1 }), task(2, { start: '2025-04-28' })], calendar()),
    );
    expect(dates(byTask.get(1))).toEqual(['2025-03-10', '2025-03-10']);
    // 28, 29, 30 April, (1 May off), 2 and 5 May
    expect(dates(byTask.get(2))).toEqual(['2025-04-28', '2025-05-05']);
  });

  it('refuses a cycle made by addGanttLink, naming the tasks', () => {
    const tasks = tasksOf(addGanttLink(sample, 4, 2, 'FS'));
    const result = scheduleDraft(tasks, calendar());
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect([...result.cycle].sort()).toEqual([2, 3, 4]);
    expect(result.error).toContain('Los vínculos forman un ciclo entre las tareas');
    for (const label of ['OG.1 Excavación (2)', 'OG.2 Fundaciones (3)', 'OG.3 Muros (4)']) {
      expect(result.error).toContain(label);
    }
  });
});

describe('the tree helpers', () => {
  it('ganttTaskLabel is the code and the name, or the name alone without a code', () => {
    expect(ganttTaskLabel({ code: 'OG.1', name: 'Excavación' })).toBe('OG.1 Excavación');
    expect(ganttTaskLabel({ code: '', name: NEW_TASK_NAME })).toBe('Nueva tarea');
  });

  it('ganttSubtreeIds lists the task and everything under it, in list order', () => {
    expect(ganttSubtreeIds(sample, 1)).toEqual([1, 2, 3, 4]);
    expect(ganttSubtreeIds(sample, 3)).toEqual([3]);
    const nested = tasksOf(indentGanttTask(sample, 3));
    expect(ganttSubtreeIds(nested, 1)).toEqual([1, 2, 3, 4]);
    expect(ganttSubtreeIds(nested, 2)).toEqual([2, 3]);
  });

  it('ganttParentIds holds the tasks that have children, and only those', () => {
    expect([...ganttParentIds(sample)]).toEqual([1]);
    expect([...ganttParentIds(tasksOf(indentGanttTask(sample, 3)))].sort()).toEqual([1, 2]);
    // a parentId that points at no task makes no parent
    expect([...ganttParentIds([task(1, { parentId: 99 })])]).toEqual([]);
  });
});

describe('nextGanttTaskId (a new id is above every id in the list and above the highest loaded)', () => {
  it('is the highest id + 1, even with gaps or out of order', () => {
    expect(nextGanttTaskId(sample)).toBe(7);
    expect(nextGanttTaskId([task(40), task(3, { parentId: 40 })])).toBe(41);
    expect(nextGanttTaskId([])).toBe(1);
  });

  it('stays above the highest loaded TaskID after that task is deleted', () => {
    const floor = nextGanttTaskId(sample) - 1;
    const withoutLast = tasksOf(deleteGanttTask(sample, 6));
    // without the floor the deleted task's id would come back
    expect(nextGanttTaskId(withoutLast)).toBe(6);
    expect(nextGanttTaskId(withoutLast, floor)).toBe(7);
    expect(nextGanttTaskId([], 250)).toBe(251);
  });
});

describe('addGanttTask', () => {
  it('puts a new leaf after the selected task under the same parent: "Nueva tarea", 5 days, no links', () => {
    const edit = addGanttTask(sample, 3, { id: 7, start: '2025-03-05' });
    expect(shape(edit)).toEqual([
      [1, undefined],
      [2, 1],
      [3, 1],
      [7, 1],
      [4, 1],
      [5, undefined],
      [6, undefined],
    ]);
    expect(byId(tasksOf(edit), 7)).toEqual({
      id: 7,
      parentId: 1,
      code: '',
      name: NEW_TASK_NAME,
      start: '2025-03-05',
      duration: 5,
      progress: 0,
      predecessors: [],
    });
  });

  it("goes after the selected summary's whole subtree, at the summary's level", () => {
    expect(shape(addGanttTask(sample, 1, { id: 7, start: MON }))).toEqual([
      [1, undefined],
      [2, 1],
      [3, 1],
      [4, 1],
      [7, undefined],
      [5, undefined],
      [6, undefined],
    ]);
  });

  it('with nothing selected (or a selection that is gone) goes at the end, at the top level', () => {
    for (const selected of [undefined, 99]) {
      const edit = addGanttTask(sample, selected, { id: 7, start: MON, name: 'Aseo final', duration: 2 });
      expect(shape(edit).at(-1)).toEqual([7, undefined]);
      expect(tasksOf(edit)).toHaveLength(7);
      expect(byId(tasksOf(edit), 7)).toMatchObject({ name: 'Aseo final', duration: 2 });
      expect('parentId' in (byId(tasksOf(edit), 7) as GanttDraftTask)).toBe(false);
    }
  });

  it('refuses an id that is already taken and adds nothing', () => {
    expect(addGanttTask(sample, 3, { id: 4, start: MON })).toEqual({ ok: false, error: 'El TaskID 4 ya existe' });
  });
});

describe('deleteGanttTask', () => {
  it('deletes a summary with its whole subtree and every link out of it', () => {
    const tasks = tasksOf(deleteGanttTask(sample, 1));
    expect(tasks.map((t) => t.id)).toEqual([5, 6]);
    expect(byId(tasks, 5)?.predecessors).toEqual([]);
    // links between tasks that stay are kept
    expect(byId(tasks, 6)?.predecessors).toEqual([{ predecessorId: 5, type: 'FS', lag: 0 }]);
  });

  it('deletes a leaf and the links into and out of it, leaving other tasks as they were', () => {
    const tasks = tasksOf(deleteGanttTask(sample, 3));
    expect(tasks.map((t) => t.id)).toEqual([1, 2, 4, 5, 6]);
    expect(byId(tasks, 4)?.predecessors).toEqual([]);
    expect(byId(tasks, 2)).toBe(byId(sample, 2));
    expect(byId(tasks, 5)).toBe(byId(sample, 5));
  });

  it('refuses a task that does not exist', () => {
    expect(deleteGanttTask(sample, 99)).toEqual({ ok: false, error: 'La tarea no existe' });
  });
});

describe('indentGanttTask and outdentGanttTask', () => {
  it('indent makes the task the last child of its previous sibling, which becomes a summary', () => {
    expect(shape(indentGanttTask(sample, 3))).toEqual([
      [1, undefined],
      [2, 1],
      [3, 2],
      [4, 1],
      [5, undefined],
      [6, undefined],
    ]);
    // a top-level task goes under the previous top-level summary, after its children
    expect(shape(indentGanttTask(sample, 5))).toEqual([
      [1, undefined],
      [2, 1],
      [3, 1],
      [4, 1],
      [5, 1],
      [6, undefined],
    ]);
  });

  it("refuses to indent a first child or the first task, with the domain's message", () => {
    expect(indentGanttTask(sample, 2)).toEqual({
      ok: false,
      error: 'OG.1 Excavación no tiene una tarea anterior en su nivel bajo la cual indentarla',
    });
    expect(indentGanttTask(sample, 1)).toEqual({
      ok: false,
      error: 'OG Obra gruesa no tiene una tarea anterior en su nivel bajo la cual indentarla',
    });
    expect(indentGanttTask(sample, 99)).toEqual({ ok: false, error: 'La tarea no existe' });
  });

  it('outdent makes the task the next sibling of its parent; indent then outdent gives the list back', () => {
    expect(shape(outdentGanttTask(sample, 3))).toEqual([
      [1, undefined],
      [2, 1],
      [4, 1],
      [3, undefined],
      [5, undefined],
      [6, undefined],
    ]);
    const indented = tasksOf(indentGanttTask(sample, 3));
    expect(tasksOf(outdentGanttTask(indented, 3))).toEqual(sample);
  });

  it("refuses to outdent a top-level task, with the domain's message (the name alone when there is no code)", () => {
    expect(outdentGanttTask(sample, 5)).toEqual({ ok: false, error: 'TER Terminaciones ya está en el primer nivel' });
    const withNew = tasksOf(addGanttTask(sample, undefined, { id: 7, start: MON }));
    expect(outdentGanttTask(withNew, 7)).toEqual({ ok: false, error: 'Nueva tarea ya está en el primer nivel' });
    expect(outdentGanttTask(sample, 99)).toEqual({ ok: false, error: 'La tarea no existe' });
  });
});

describe('moveGanttTask', () => {
  it('moves a leaf to the first working day on or after the day it was dropped on', () => {
    const cal = calendar();
    // Saturday 8 March → Monday 10 March
    expect(byId(tasksOf(moveGanttTask(sample, 2, '2025-03-08', cal)), 2)?.start).toBe('2025-03-10');
    // Viernes Santo → Monday 21 April
    expect(byId(tasksOf(moveGanttTask(sample, 2, '2025-04-18', cal)), 2)?.start).toBe('2025-04-21');
    // a working day stays
    const moved = tasksOf(moveGanttTask(sample, 3, '2025-03-12', cal));
    expect(byId(moved, 3)).toEqual({ ...byId(sample, 3), start: '2025-03-12' });
    expect(moved.filter((t) => t.id !== 3)).toEqual(sample.filter((t) => t.id !== 3));
  });

  it('shifts every task of a summary by the same number of working days, across a weekend and a holiday', () => {
    // A (1) ├ 2 starts Mon 14 Apr ├ B (3) ├ 4 starts Wed 16 Apr └ 5 starts Thu 17 Apr; 6 outside
    const tasks = [
      task(1, { start: '2025-04-14' }),
      task(2, { parentId: 1, start: '2025-04-14' }),
      task(3, { parentId: 1, start: '2025-04-16' }),
      task(4, { parentId: 3, start: '2025-04-16' }),
      task(5, { parentId: 3, start: '2025-04-17' }),
      task(6, { start: '2025-04-16' }),
    ];
    // two working days later: Mon 14 → Wed 16, Wed 16 → Mon 21, Thu 17 → Tue 22 (18 is Viernes Santo)
    const moved = tasksOf(moveGanttTask(tasks, 1, '2025-04-16', calendar(), '2025-04-14'));
    expect(moved.map((t) => [t.id, t.start])).toEqual([
      [1, '2025-04-16'],
      [2, '2025-04-16'],
      [3, '2025-04-21'],
      [4, '2025-04-21'],
      [5, '2025-04-22'],
      [6, '2025-04-16'],
    ]);
    // the inner summary B two working days earlier: Wed 16 → Mon 14, Thu 17 → Tue 15; A and 2 stay
    const back = tasksOf(moveGanttTask(tasks, 3, '2025-04-14', calendar(), '2025-04-16'));
    expect(back.map((t) => [t.id, t.start])).toEqual([
      [1, '2025-04-14'],
      [2, '2025-04-14'],
      [3, '2025-04-14'],
      [4, '2025-04-14'],
      [5, '2025-04-15'],
      [6, '2025-04-16'],
    ]);
  });

  it("measures a summary's shift from the start the chart shows, not its stored start", () => {
    // the summary's stored start is stale (3 March); the chart shows its rolled-up 14 April
    const tasks = [task(1, { start: MON }), task(2, { parentId: 1, start: '2025-04-14' })];
    const moved = tasksOf(moveGanttTask(tasks, 1, '2025-04-15', calendar(), '2025-04-14'));
    expect(byId(moved, 2)?.start).toBe('2025-04-15');
    expect(byId(moved, 1)?.start).toBe('2025-03-04');
  });

  it('shifts a summary’s leaves from where the schedule shows them: that becomes their "no earlier than"', () => {
    // 3 is pushed by 2FS to Mon 10 March though its own start is Mon 3 March
    const tasks = [
      task(1, { duration: 10 }),
      task(2, { parentId: 1 }),
      task(3, { parentId: 1, predecessors: [{ predecessorId: 2, type: 'FS', lag: 0 }] }),
    ];
    const shown = scheduled(scheduleDraft(tasks, calendar()));
    expect(shown.get(3)?.start).toBe('2025-03-10');
    const moved = tasksOf(moveGanttTask(tasks, 1, '2025-03-05', calendar(), MON, shown));
    expect(byId(moved, 2)?.start).toBe('2025-03-05');
    expect(byId(moved, 3)?.start).toBe('2025-03-12');
    expect(scheduled(scheduleDraft(moved, calendar())).get(3)?.start).toBe('2025-03-12');
  });

  it('a summary dropped where it was changes no task', () => {
    const moved = tasksOf(moveGanttTask(sample, 1, '2025-03-01', calendar(), MON));
    expect(moved).toEqual(sample);
    expect(moved).not.toBe(sample);
  });

  it('refuses a task that does not exist', () => {
    expect(moveGanttTask(sample, 99, MON, calendar())).toEqual({ ok: false, error: 'La tarea no existe' });
  });
});

describe('resizeGanttTask', () => {
  const resized = (start: string, lastDay: string) =>
    byId(tasksOf(resizeGanttTask(sample, 2, start, lastDay, calendar())), 2);

  it('sets the duration to the working days from the start to the last working day on or before lastDay', () => {
    expect(resized(MON, '2025-03-07')).toMatchObject({ start: MON, duration: 5 });
    // Sunday 9 March → Friday 7 March
    expect(resized(MON, '2025-03-09')).toMatchObject({ start: MON, duration: 5 });
    expect(resized(MON, '2025-03-12')).toMatchObject({ start: MON, duration: 8 });
    // 14–17 April and Monday 21: Viernes Santo and the weekend do not count
    expect(resized('2025-04-14', '2025-04-21')).toMatchObject({ start: '2025-04-14', duration: 5 });
    // ending on the holiday means ending on Thursday 17
    expect(resized('2025-04-14', '2025-04-18')).toMatchObject({ start: '2025-04-14', duration: 4 });
  });

  it('moves a start on a day off to the next working day, and keeps at least one day', () => {
    expect(resized('2025-03-08', '2025-03-12')).toMatchObject({ start: '2025-03-10', duration: 3 });
    expect(resized('2025-03-05', '2025-03-01')).toMatchObject({ start: '2025-03-05', duration: 1 });
    expect(resized('2025-03-08', '2025-03-09')).toMatchObject({ start: '2025-03-10', duration: 1 });
  });

  it('caps the duration at the longest a task may last', () => {
    expect(resized(MON, '2075-12-31')?.duration).toBe(MAX_TASK_DURATION);
  });

  it('refuses a summary (its duration comes from its tasks) and a task that does not exist', () => {
    expect(resizeGanttTask(sample, 1, MON, '2025-03-20', calendar())).toEqual({
      ok: false,
      error: 'OG Obra gruesa es una tarea resumen: su duración sale de sus tareas',
    });
    expect(resizeGanttTask(sample, 99, MON, '2025-03-20', calendar())).toEqual({
      ok: false,
      error: 'La tarea no existe',
    });
  });
});

describe('setGanttProgress', () => {
  const progress = (value: number) => byId(tasksOf(setGanttProgress(sample, 3, value)), 3)?.progress;

  it('rounds to a whole percentage and clamps it between 0 and 100', () => {
    expect(progress(33.4)).toBe(33);
    expect(progress(33.5)).toBe(34);
    expect(progress(-5)).toBe(0);
    expect(progress(120)).toBe(100);
    expect(progress(100)).toBe(100);
  });

  it('refuses a value that is not a number, and a task that does not exist', () => {
    const notANumber = { ok: false, error: 'El avance debe ser un número entre 0 y 100' };
    expect(setGanttProgress(sample, 3, Number.NaN)).toEqual(notANumber);
    expect(setGanttProgress(sample, 3, Number.POSITIVE_INFINITY)).toEqual(notANumber);
    expect(setGanttProgress(sample, 99, 50)).toEqual({ ok: false, error: 'La tarea no existe' });
  });
});

/** issue 34: the editor's fields of task 3 (Fundaciones) as sample has them, at 40 % */
const FUNDACIONES: GanttTaskChanges = {
  code: 'OG.2',
  name: 'Fundaciones',
  start: MON,
  duration: 3,
  progress: 40,
  predecessors: [{ predecessorId: 2, type: 'FS', lag: 0 }],
};

describe("issue 34: a task's notes and deadline in the editor", () => {
  const base = FUNDACIONES;
  const after = (edit: GanttEdit) => byId(tasksOf(edit), 3);

  it('sets them, keeps them when the changes leave them out, and clears them with null or blank', () => {
    const set = tasksOf(updateGanttTask(sample, 3, { ...base, notes: 'Revisar\nplanos  ', deadline: '2025-03-20' }));
    expect(byId(set, 3)).toMatchObject({ notes: 'Revisar\nplanos', deadline: '2025-03-20' });
    expect(after(updateGanttTask(set, 3, { ...base, name: 'Fundaciones corridas' }))).toMatchObject({
      notes: 'Revisar\nplanos',
      deadline: '2025-03-20',
    });
    const cleared = after(updateGanttTask(set, 3, { ...base, notes: '  ', deadline: null }));
    expect(cleared && ('notes' in cleared || 'deadline' in cleared)).toBe(false);
  });

  it('refuses a deadline that is not a real day and notes over 10000 characters, naming the field', () => {
    expect(updateGanttTask(sample, 3, { ...base, deadline: '2025-02-30' })).toEqual({
      ok: false,
      error: 'Fecha límite: no es una fecha válida',
    });
    expect(updateGanttTask(sample, 3, { ...base, notes: 'x'.repeat(10_001) })).toEqual({
      ok: false,
      error: 'Notas: deben tener como máximo 10000 caracteres',
    });
  });
});

describe('issue 34: a remaining duration follows the progress, as MS Project recomputes it', () => {
  // task 3 under way since 3 March at 40 %, 6 days recorded as left
  const underWay = sample.map((task) =>
    task.id === 3 ? { ...task, actualStart: MON, progress: 40, remaining: 6 } : task,
  );
  const base = FUNDACIONES;
  const remainingAfter = (edit: GanttEdit) => byId(tasksOf(edit), 3)?.remaining;

  it('is kept by an edit that leaves the progress and the actual dates as they are', () => {
    expect(remainingAfter(updateGanttTask(underWay, 3, { ...base, name: 'Fundaciones corridas' }))).toBe(6);
    expect(remainingAfter(setGanttProgress(underWay, 3, 40))).toBe(6);
  });

  it('is dropped when the progress or an actual date changes without one, and taken when one is given', () => {
    expect(remainingAfter(setGanttProgress(underWay, 3, 60))).toBeUndefined();
    expect(remainingAfter(updateGanttTask(underWay, 3, { ...base, progress: 60 }))).toBeUndefined();
    expect(remainingAfter(updateGanttTask(underWay, 3, { ...base, actualStart: '2025-03-04' }))).toBeUndefined();
    expect(remainingAfter(updateGanttTask(underWay, 3, { ...base, progress: 60, remaining: 9 }))).toBe(9);
    expect(remainingAfter(updateGanttTask(underWay, 3, { ...base, remaining: null }))).toBeUndefined();
    // finished: nothing is left
    const done = updateGanttTask(underWay, 3, { ...base, progress: 100, actualFinish: '2025-03-05' });
    expect(remainingAfter(done)).toBeUndefined();
  });

  it('refuses a remaining duration that is not a whole number of days in range, naming the field', () => {
    const message = 'Duración restante: debe ser un número entero de días hábiles entre 0 y 10000';
    for (const remaining of [-1, 2.5, 10_001, Number.NaN]) {
      expect(updateGanttTask(underWay, 3, { ...base, remaining })).toEqual({ ok: false, error: message });
    }
  });

  it('schedules the draft with it: 6 days left from the cut-off instead of what 40 % leaves', () => {
    const calendar = new WorkingCalendar('mon-fri', () => [], 2025);
    const leaf = [
      { id: 1, code: 'A', name: 'A', start: MON, duration: 10, progress: 40, predecessors: [], actualStart: MON },
    ];
    const byProgress = scheduleDraft(leaf, calendar, { cutoff: '2025-03-10' });
    const recorded = scheduleDraft([{ ...leaf[0], remaining: 2 } as GanttDraftTask], calendar, {
      cutoff: '2025-03-10',
    });
    if (!byProgress.ok || !recorded.ok) throw new Error('refused');
    // 6 days from Monday 10 → Monday 17; 2 days → Tuesday 11
    expect(byProgress.tasks[0]?.end).toBe('2025-03-17');
    expect(recorded.tasks[0]?.end).toBe('2025-03-11');
  });
});

describe('issue 34: a must-start-on and a Resume in the draft', () => {
  const underWay = sample.map((task) =>
    task.id === 3 ? { ...task, actualStart: MON, progress: 40, resume: '2025-03-17' } : task,
  );
  const base = FUNDACIONES;
  const after = (edit: GanttEdit) => byId(tasksOf(edit), 3);

  it('the editor sets and clears them; a Resume follows the progress as a remaining duration does', () => {
    expect(after(updateGanttTask(underWay, 3, { ...base, mustStartOn: true }))?.mustStartOn).toBe(true);
    const fixed = tasksOf(updateGanttTask(underWay, 3, { ...base, mustStartOn: true }));
    expect('mustStartOn' in (after(updateGanttTask(fixed, 3, { ...base, mustStartOn: false })) ?? {})).toBe(false);
    // left out: as it was
    expect(after(updateGanttTask(fixed, 3, { ...base }))?.mustStartOn).toBe(true);
    // the Resume: kept while the progress stays, dropped when it changes, set and cleared when sent
    expect(after(updateGanttTask(underWay, 3, { ...base, name: 'Otra' }))?.resume).toBe('2025-03-17');
    expect(after(updateGanttTask(underWay, 3, { ...base, progress: 60 }))?.resume).toBeUndefined();
    expect(after(updateGanttTask(underWay, 3, { ...base, progress: 60, resume: '2025-03-20' }))?.resume).toBe(
      '2025-03-20',
    );
    expect(after(updateGanttTask(underWay, 3, { ...base, resume: null }))?.resume).toBeUndefined();
    expect(after(updateGanttTask(underWay, 3, { ...base, resume: '' }))?.resume).toBeUndefined();
    expect(updateGanttTask(underWay, 3, { ...base, resume: '2025-02-30' })).toEqual({
      ok: false,
      error: 'Reanudar: no es una fecha válida',
    });
  });

  it('schedules the draft with them', () => {
    const calendar = new WorkingCalendar('mon-fri', () => [], 2025);
    const leaf = {
      id: 1,
      code: 'A',
      name: 'A',
      start: MON,
      duration: 10,
      progress: 40,
      predecessors: [],
      actualStart: MON,
    };
    const resumed = scheduleDraft([{ ...leaf, resume: '2025-03-24' }], calendar, { cutoff: '2025-03-10' });
    const fixed = scheduleDraft(
      [
        {
          id: 2,
          code: 'B',
          name: 'B',
          start: '2025-03-05',
          duration: 2,
          progress: 0,
          predecessors: [],
          mustStartOn: true,
        },
      ],
      calendar,
      { cutoff: '2025-03-10' },
    );
    if (!resumed.ok || !fixed.ok) throw new Error('refused');
    // 6 days from Monday 24 → Monday 31; the must-start-on stays on Wednesday 5, before the cut-off
    expect(resumed.tasks[0]?.end).toBe('2025-03-31');
    expect(fixed.tasks[0]?.start).toBe('2025-03-05');
  });
});

describe('a loaded task’s start is its "no earlier than" (StartNoEarlierThan), not where its links put it', () => {
  const loadedTask = (id: number, extra: Partial<GanttTask>): GanttTask => ({
    TaskID: id,
    TaskCode: `T${id}`,
    TaskName: `Tarea ${id}`,
    StartDate: MON,
    StartNoEarlierThan: MON,
    EndDate: MON,
    Duration: 5,
    Progress: 0,
    Predecessor: '',
    totalFloat: 0,
    critical: true,
    isSummary: false,
    ...extra,
  });
  // 2 is pushed by 1FS to Monday 10 March; 3 is pushed by 1FS too, but the user set it no earlier than 12 March
  const loaded: GanttTask[] = [
    loadedTask(1, {}),
    loadedTask(2, { StartDate: '2025-03-10', Predecessor: '1FS' }),
    loadedTask(3, { StartDate: '2025-03-12', StartNoEarlierThan: '2025-03-12', Predecessor: '1FS' }),
  ];

  it('loads a task pushed by a link with its own constraint, and sends that constraint back as StartNoEarlierThan (and StartDate)', () => {
    const draft = draftFromActivities(loaded);
    expect(byId(draft, 2)?.start).toBe(MON);
    expect(byId(draft, 3)?.start).toBe('2025-03-12');
    // issue 32: under the name loadGantt answers it with; StartDate the same, for a server before issue 32
    expect(activitiesFromDraft(draft).map((a) => a.StartNoEarlierThan)).toEqual([MON, MON, '2025-03-12']);
    expect(activitiesFromDraft(draft).map((a) => a.StartDate)).toEqual([MON, MON, '2025-03-12']);
    const dates = scheduled(scheduleDraft(draft, calendar()));
    expect(dates.get(2)?.start).toBe('2025-03-10');
    expect(dates.get(3)?.start).toBe('2025-03-12');
  });

  it('deleting the link pulls its successor back to its constraint, never before it', () => {
    const draft = draftFromActivities(loaded);
    const unlinked = tasksOf(removeGanttLink(tasksOf(removeGanttLink(draft, 1, 2)), 1, 3));
    const dates = scheduled(scheduleDraft(unlinked, calendar()));
    expect(dates.get(2)?.start).toBe(MON);
    expect(dates.get(3)?.start).toBe('2025-03-12');
  });

  it('an activity without StartNoEarlierThan (an older answer) takes its StartDate', () => {
    const { StartNoEarlierThan: _omitted, ...older } = loadedTask(4, { StartDate: '2025-03-05' });
    expect(draftFromActivities([older as GanttTask])[0]?.start).toBe('2025-03-05');
  });
});

describe('generated links in the draft (issue 13)', () => {
  const loaded: GanttTask[] = [
    {
      TaskID: 1,
      TaskCode: 'A',
      TaskName: 'Moldaje',
      StartDate: MON,
      StartNoEarlierThan: MON,
      EndDate: MON,
      Duration: 3,
      Progress: 0,
      Predecessor: '',
      totalFloat: 0,
      critical: true,
      isSummary: false,
    },
    {
      TaskID: 2,
      TaskCode: 'B',
      TaskName: 'Armadura',
      StartDate: MON,
      StartNoEarlierThan: MON,
      EndDate: MON,
      Duration: 2,
      Progress: 0,
      Predecessor: '',
      totalFloat: 0,
      critical: true,
      isSummary: false,
    },
    {
      TaskID: 3,
      TaskCode: 'C',
      TaskName: 'Hormigonado',
      StartDate: MON,
      StartNoEarlierThan: MON,
      EndDate: MON,
      Duration: 1,
      Progress: 0,
      Predecessor: '1FS,2SS+1',
      generatedPredecessors: [1],
      totalFloat: 0,
      critical: true,
      isSummary: false,
    },
  ];

  it('marks the links the server says were generated, and sends them back', () => {
    const draft = draftFromActivities(loaded);
    expect(byId(draft, 3)?.predecessors).toEqual([
      { predecessorId: 1, type: 'FS', lag: 0, generated: true },
      { predecessorId: 2, type: 'SS', lag: 1 },
    ]);
    expect(activitiesFromDraft(draft)[2]).toMatchObject({ Predecessor: '1FS,2SS+1', generatedPredecessors: [1] });
  });

  it('keeps a generated link generated when the editor leaves it as it was, and makes it the user’s when edited', () => {
    const draft = draftFromActivities(loaded);
    const base = { code: 'C', name: 'Hormigonado', start: MON, duration: 1, progress: 0 };
    const same = tasksOf(
      updateGanttTask(draft, 3, {
        ...base,
        predecessors: [
          { predecessorId: 1, type: 'FS', lag: 0 },
          { predecessorId: 2, type: 'SS', lag: 1 },
        ],
      }),
    );
    expect(activitiesFromDraft(same)[2]?.generatedPredecessors).toEqual([1]);
    const lagged = tasksOf(
      updateGanttTask(draft, 3, { ...base, predecessors: [{ predecessorId: 1, type: 'FS', lag: 2 }] }),
    );
    expect(byId(lagged, 3)?.predecessors).toEqual([{ predecessorId: 1, type: 'FS', lag: 2 }]);
    expect(activitiesFromDraft(lagged)[2]?.generatedPredecessors).toEqual([]);
  });

  it('a link drawn again over a generated one is the user’s', () => {
    const drawn = tasksOf(addGanttLink(draftFromActivities(loaded), 1, 3, 'FS'));
    expect(activitiesFromDraft(drawn)[2]?.generatedPredecessors).toEqual([]);
  });
});

describe('updateGanttTask (the editor: each field checked, the message names it)', () => {
  const fields = FUNDACIONES;
  const refused = (changes: Partial<GanttTaskChanges>) => {
    const edit = updateGanttTask(sample, 3, { ...fields, ...changes });
    return edit.ok ? 'accepted' : edit.error;
  };

  it('replaces the fields: code and name trimmed, progress rounded, the rest of the task kept', () => {
    const predecessors = [
      { predecessorId: 2, type: 'SS' as const, lag: 2 },
      { predecessorId: 5, type: 'FF' as const, lag: -1 },
    ];
    const tasks = tasksOf(
      updateGanttTask(sample, 3, {
        code: ' OG.2a ',
        name: '  Fundaciones y radier ',
        start: '2025-03-05',
        duration: 0,
        progress: 66.6,
        predecessors,
      }),
    );
    expect(byId(tasks, 3)).toEqual({
      id: 3,
      parentId: 1,
      code: 'OG.2a',
      name: 'Fundaciones y radier',
      start: '2025-03-05',
      duration: 0,
      progress: 67,
      predecessors,
    });
    // the links are copied, not shared with the caller
    expect(byId(tasks, 3)?.predecessors[0]).not.toBe(predecessors[0]);
    expect(tasks.filter((t) => t.id !== 3)).toEqual(sample.filter((t) => t.id !== 3));
  });

  it('accepts the limits: a 200-character name, a 120-character code, 0 and 10000 days, 0 and 100 %', () => {
    expect(refused({ name: 'n'.repeat(200), code: 'c'.repeat(120), duration: 0, progress: 0 })).toBe('accepted');
    expect(refused({ duration: MAX_TASK_DURATION, progress: 100 })).toBe('accepted');
    expect(refused({ code: '', predecessors: [{ predecessorId: 2, type: 'SF', lag: -10_000 }] })).toBe('accepted');
  });

  it('issue 15: sets the actual dates, clears them with null, keeps them when left out', () => {
    const set = tasksOf(
      updateGanttTask(sample, 3, { ...fields, actualStart: '2025-03-03', actualFinish: '2025-03-05', progress: 100 }),
    );
    expect(byId(set, 3)).toMatchObject({ actualStart: '2025-03-03', actualFinish: '2025-03-05', progress: 100 });
    const kept = tasksOf(updateGanttTask(set, 3, { ...fields, progress: 100 }));
    expect(byId(kept, 3)).toMatchObject({ actualStart: '2025-03-03', actualFinish: '2025-03-05' });
    const cleared = tasksOf(updateGanttTask(set, 3, { ...fields, actualStart: '2025-03-04', actualFinish: null }));
    expect(byId(cleared, 3)?.actualStart).toBe('2025-03-04');
    expect(byId(cleared, 3)).not.toHaveProperty('actualFinish');
  });

  it('issue 15: refuses an actual date that is not a real day, naming the field', () => {
    expect(refused({ actualStart: '2025-02-30' })).toBe('Inicio real: no es una fecha válida');
    expect(refused({ actualStart: '2025-03-03', actualFinish: '5-3-2025' })).toBe('Fin real: no es una fecha válida');
  });

  it('refuses a task that does not exist', () => {
    expect(updateGanttTask(sample, 99, fields)).toEqual({ ok: false, error: 'La tarea no existe' });
  });

  it('Nombre: required, at most 200 characters', () => {
    expect(refused({ name: '   ' })).toBe('Nombre: es obligatorio');
    expect(refused({ name: 'n'.repeat(201) })).toBe('Nombre: debe tener como máximo 200 caracteres');
  });

  it('Código: at most 120 characters', () => {
    expect(refused({ code: 'c'.repeat(121) })).toBe('Código: debe tener como máximo 120 caracteres');
  });

  it('Inicio: a real YYYY-MM-DD date', () => {
    for (const start of ['2025-02-30', '03-03-2025', '2025-3-3', '', '2025-03-03T00:00']) {
      expect(refused({ start })).toBe('Inicio: no es una fecha válida');
    }
    expect(refused({ start: '2028-02-29' })).toBe('accepted');
  });

  it('Duración: a whole number of working days from 0 to 10000', () => {
    for (const duration of [-1, 1.5, MAX_TASK_DURATION + 1, Number.NaN]) {
      expect(refused({ duration })).toBe('Duración: debe ser un número entero de días hábiles entre 0 y 10000');
    }
  });

  it('Avance: a number from 0 to 100', () => {
    for (const progress of [-0.5, 100.5, Number.NaN]) {
      expect(refused({ progress })).toBe('Avance: debe ser un número entre 0 y 100');
    }
  });

  it('Predecesoras: not itself, a task of the Gantt, once each, a whole lag within ±10000', () => {
    expect(refused({ predecessors: [{ predecessorId: 3, type: 'FS', lag: 0 }] })).toBe(
      'Predecesoras: una tarea no puede ser su propia predecesora',
    );
    expect(refused({ predecessors: [{ predecessorId: 99, type: 'FS', lag: 0 }] })).toBe(
      'Predecesoras: la tarea 99 no está en el Gantt',
    );
    expect(
      refused({
        predecessors: [
          { predecessorId: 2, type: 'FS', lag: 0 },
          { predecessorId: 2, type: 'SS', lag: 1 },
        ],
      }),
    ).toBe('Predecesoras: la tarea 2 aparece dos veces');
    for (const lag of [1.5, 10_001, -10_001]) {
      expect(refused({ predecessors: [{ predecessorId: 2, type: 'FS', lag }] })).toBe(
        'Predecesoras: el desfase debe ser un número entero entre -10000 y 10000',
      );
    }
  });
});

describe('addGanttLink and removeGanttLink', () => {
  it("adds a link to the successor's predecessors, with no lag unless given", () => {
    const tasks = tasksOf(addGanttLink(sample, 2, 5, 'SS'));
    expect(byId(tasks, 5)?.predecessors).toEqual([
      { predecessorId: 1, type: 'FS', lag: 0 },
      { predecessorId: 2, type: 'SS', lag: 0 },
    ]);
    expect(byId(tasksOf(addGanttLink(sample, 2, 6, 'FF', -2)), 6)?.predecessors).toEqual([
      { predecessorId: 5, type: 'FS', lag: 0 },
      { predecessorId: 2, type: 'FF', lag: -2 },
    ]);
    expect(tasks.filter((t) => t.id !== 5)).toEqual(sample.filter((t) => t.id !== 5));
  });

  it('drawing a link between the same pair again replaces its type: one link per pair', () => {
    const tasks = tasksOf(addGanttLink(sample, 3, 4, 'SS', 2));
    expect(byId(tasks, 4)?.predecessors).toEqual([{ predecessorId: 3, type: 'SS', lag: 2 }]);
  });

  it('refuses a self link, a link between a summary and its own tasks (either way), and unknown tasks', () => {
    expect(addGanttLink(sample, 3, 3, 'FS')).toEqual({
      ok: false,
      error: 'Una tarea no puede ser su propia predecesora',
    });
    const ownTasks = { ok: false, error: 'No se puede vincular una tarea resumen con sus propias tareas' };
    expect(addGanttLink(sample, 1, 2, 'FS')).toEqual(ownTasks);
    expect(addGanttLink(sample, 4, 1, 'FS')).toEqual(ownTasks);
    // a grandchild too
    const nested = tasksOf(indentGanttTask(sample, 3));
    expect(addGanttLink(nested, 1, 3, 'SS')).toEqual(ownTasks);
    expect(addGanttLink(nested, 3, 1, 'FF')).toEqual(ownTasks);
    expect(addGanttLink(sample, 2, 99, 'FS')).toEqual({ ok: false, error: 'La tarea no existe' });
    expect(addGanttLink(sample, 99, 2, 'FS')).toEqual({ ok: false, error: 'La tarea no existe' });
  });

  it('removes a link and refuses one that does not exist', () => {
    const tasks = tasksOf(removeGanttLink(sample, 3, 4));
    expect(byId(tasks, 4)?.predecessors).toEqual([]);
    expect(tasks.filter((t) => t.id !== 4)).toEqual(sample.filter((t) => t.id !== 4));
    const missing = { ok: false, error: 'El vínculo no existe' };
    expect(removeGanttLink(sample, 2, 4)).toEqual(missing);
    expect(removeGanttLink(sample, 2, 99)).toEqual(missing);
  });
});

describe('no edit changes its input', () => {
  it('every function works on a deeply frozen list and leaves it as it was', () => {
    const frozen = deepFreeze(JSON.parse(JSON.stringify(sample)) as GanttDraftTask[]);
    const cal = calendar();
    const changes: GanttTaskChanges = {
      code: 'X',
      name: 'Otra',
      start: '2025-03-04',
      duration: 2,
      progress: 10,
      predecessors: [{ predecessorId: 2, type: 'SS', lag: 1 }],
    };
    const edits: GanttEdit[] = [
      addGanttTask(frozen, 3, { id: 7, start: MON }),
      addGanttTask(frozen, undefined, { id: 7, start: MON }),
      deleteGanttTask(frozen, 1),
      deleteGanttTask(frozen, 3),
      indentGanttTask(frozen, 3),
      indentGanttTask(frozen, 5),
      outdentGanttTask(frozen, 3),
      moveGanttTask(frozen, 2, '2025-03-08', cal),
      moveGanttTask(frozen, 1, '2025-03-10', cal, MON),
      resizeGanttTask(frozen, 2, MON, '2025-03-12', cal),
      setGanttProgress(frozen, 3, 75),
      updateGanttTask(frozen, 3, changes),
      addGanttLink(frozen, 2, 5, 'SS'),
      addGanttLink(frozen, 3, 4, 'FF'),
      removeGanttLink(frozen, 3, 4),
    ];
    expect(edits.every((edit) => edit.ok)).toBe(true);
    expect(scheduleDraft(frozen, cal).ok).toBe(true);
    expect(activitiesFromDraft(frozen)).toHaveLength(6);
    expect(nextGanttTaskId(frozen, 3)).toBe(7);
    expect(ganttSubtreeIds(frozen, 1)).toEqual([1, 2, 3, 4]);
    expect([...ganttParentIds(frozen)]).toEqual([1]);
    expect(frozen).toEqual(sample);
  });
});
