import { describe, expect, it } from 'vitest';
import { activityStart, ganttActivityError, ganttActivityLabel, checkActivities } from './check-activities';
import type { GanttActivityInput } from './check-activities';
import { WorkingCalendar } from './calendar';
import { schedule } from './schedule';

function task(id: number, fields: Partial<GanttActivityInput> = {}): GanttActivityInput {
  return {
    TaskID: id,
    TaskCode: `1.${id}`,
    TaskName: `Tarea ${id}`,
    StartDate: '2026-03-02',
    Duration: 5,
    Progress: 0,
    Predecessor: '',
    ...fields,
  };
}

describe('checkActivities (the rules of a saved Gantt that do not need the schedule)', () => {
  it('answers the list as records and links, parents and actual dates kept', () => {
    const result = checkActivities([
      task(1, { TaskCode: '1', ParentId: null }),
      task(2, { ParentId: 1, Predecessor: '', ActualStart: '2026-03-03', ActualFinish: null }),
      task(3, { ParentId: 1, Predecessor: '2FS+1', Progress: 40 }),
    ]);
    expect(result).toEqual({
      ok: true,
      tasks: [
        { id: 1, sourceKey: null, code: '1', name: 'Tarea 1', start: '2026-03-02', duration: 5, progress: 0 },
        {
          id: 2,
          sourceKey: null,
          parentId: 1,
          code: '1.2',
          name: 'Tarea 2',
          start: '2026-03-02',
          duration: 5,
          progress: 0,
          actualStart: '2026-03-03',
        },
        {
          id: 3,
          sourceKey: null,
          parentId: 1,
          code: '1.3',
          name: 'Tarea 3',
          start: '2026-03-02',
          duration: 5,
          progress: 40,
        },
      ],
      links: [{ from: 2, to: 3, type: 'FS', lag: 1 }],
    });
  });

  it('answers an empty list as no tasks and no links', () => {
    expect(checkActivities([])).toEqual({ ok: true, tasks: [], links: [] });
  });

  it('refuses a TaskID used twice, naming the first task that has it', () => {
    expect(checkActivities([task(1), task(1, { TaskCode: '', TaskName: 'Otra' })])).toEqual({
      ok: false,
      error: { taskId: 1, message: 'Tarea (1): el TaskID 1 ya lo usa la tarea 1.1' },
    });
    expect(checkActivities([task(4, { TaskCode: '' }), task(4)])).toEqual({
      ok: false,
      error: { taskId: 4, message: 'Tarea 1.4 (4): el TaskID 4 ya lo usa la tarea Tarea 4' },
    });
  });

  it('refuses a task that is its own summary task, or whose summary task is not in the Gantt', () => {
    expect(checkActivities([task(1, { ParentId: 1 })])).toEqual({
      ok: false,
      error: { taskId: 1, message: 'Tarea 1.1 (1): no puede ser su propia tarea resumen' },
    });
    expect(checkActivities([task(1), task(2, { ParentId: 9 })])).toEqual({
      ok: false,
      error: { taskId: 2, message: 'Tarea 1.2 (2): su tarea resumen 9 no está en el Gantt' },
    });
  });

  it('refuses summary tasks that form a cycle, naming it', () => {
    const result = checkActivities([task(1, { ParentId: 3 }), task(2, { ParentId: 1 }), task(3, { ParentId: 2 })]);
    expect(result).toEqual({
      ok: false,
      error: {
        taskId: 1,
        message: 'Tarea 1.1 (1): las tareas resumen forman un ciclo: 1.1 (1) → 1.3 (3) → 1.2 (2) → 1.1 (1)',
      },
    });
  });

  it('refuses a predecessor that does not parse, is the task itself or is not in the Gantt', () => {
    const bad = checkActivities([task(1, { Predecessor: 'x' })]);
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.message).toMatch(/^Tarea 1\.1 \(1\): Predecessor: /);
    expect(checkActivities([task(1, { Predecessor: '1' })])).toEqual({
      ok: false,
      error: { taskId: 1, message: 'Tarea 1.1 (1): no puede ser su propio predecesor' },
    });
    expect(checkActivities([task(1), task(2, { Predecessor: '7SS' })])).toEqual({
      ok: false,
      error: { taskId: 2, message: 'Tarea 1.2 (2): Predecessor: la tarea 7 no está en el Gantt' },
    });
  });

  it('answers the first broken rule in the order they are checked (TaskIDs before summaries before predecessors)', () => {
    const result = checkActivities([task(1, { Predecessor: '1' }), task(2, { ParentId: 5 }), task(2)]);
    expect(result.ok === false && result.error.message).toBe('Tarea 1.2 (2): el TaskID 2 ya lo usa la tarea 1.2');
  });
});

describe('the start a saved task asks for (issue 32: StartNoEarlierThan, else StartDate)', () => {
  it('takes StartNoEarlierThan when it is sent, whatever StartDate says, and StartDate only when it is not', () => {
    expect(activityStart({ StartNoEarlierThan: '2026-03-02', StartDate: '2026-03-20' })).toBe('2026-03-02');
    expect(activityStart({ StartDate: '2026-03-20' })).toBe('2026-03-20');
    expect(activityStart({ StartNoEarlierThan: '2026-03-04' })).toBe('2026-03-04');
    expect(activityStart({})).toBeUndefined();
    const result = checkActivities([
      task(1, { StartNoEarlierThan: '2026-03-02', StartDate: '2026-03-20' }),
      task(2, { StartDate: '2026-03-20' }),
      task(3, { StartNoEarlierThan: '2026-03-04', StartDate: undefined }),
    ]);
    expect(result.ok && result.tasks.map((record) => record.start)).toEqual(['2026-03-02', '2026-03-20', '2026-03-04']);
  });

  it('refuses a task with neither, naming it', () => {
    expect(checkActivities([task(1), task(2, { StartDate: undefined })])).toEqual({
      ok: false,
      error: { taskId: 2, message: 'Tarea 1.2 (2): StartNoEarlierThan: es obligatorio' },
    });
  });

  // Monday–Friday, no holidays in March 2026; Monday 2 March. A (5 d) → B (3 d, FS) → C (2 d, SS+1):
  // as loadGantt answers them, every task's own start is Monday 2 and B, C are where A pushes them.
  const calendar = new WorkingCalendar('mon-fri', () => [], 2026);
  const loaded = (durationOfA: number): GanttActivityInput[] => [
    task(1, { StartNoEarlierThan: '2026-03-02', StartDate: '2026-03-02', Duration: durationOfA }),
    task(2, { StartNoEarlierThan: '2026-03-02', StartDate: '2026-03-09', Duration: 3, Predecessor: '1FS' }),
    task(3, { StartNoEarlierThan: '2026-03-02', StartDate: '2026-03-10', Duration: 2, Predecessor: '2SS+1' }),
  ];
  function startsAfterSave(activities: GanttActivityInput[]): (string | undefined)[] {
    const checked = checkActivities(activities);
    if (!checked.ok) throw new Error(checked.error.message);
    const result = schedule(checked.tasks, checked.links, calendar);
    if (!result.ok) throw new Error(result.error);
    return result.tasks.map((scheduled) => scheduled.start);
  }

  it('a loaded Gantt sent back with one duration changed moves the successors both ways', () => {
    expect(startsAfterSave(loaded(5))).toEqual(['2026-03-02', '2026-03-09', '2026-03-10']);
    // shorter: B and C earlier (their computed StartDate of the load is not read as their constraint)
    expect(startsAfterSave(loaded(2))).toEqual(['2026-03-02', '2026-03-04', '2026-03-05']);
    // longer: B and C later
    expect(startsAfterSave(loaded(8))).toEqual(['2026-03-02', '2026-03-12', '2026-03-13']);
    // the same list without StartNoEarlierThan (an older script's) reads StartDate: B and C stay pinned
    const older = loaded(2).map(({ StartNoEarlierThan: _constraint, ...rest }) => rest);
    expect(startsAfterSave(older)).toEqual(['2026-03-02', '2026-03-09', '2026-03-10']);
  });
});

describe('ganttActivityLabel and ganttActivityError', () => {
  it('names a task by its code and id, or by its id alone when it has no code', () => {
    expect(ganttActivityLabel({ TaskID: 7, TaskCode: '2.1' })).toBe('Tarea 2.1 (7)');
    expect(ganttActivityLabel({ TaskID: 7, TaskCode: '' })).toBe('Tarea (7)');
    expect(ganttActivityError({ TaskID: 7, TaskCode: '2.1' }, 'Duration: debe ser positiva')).toEqual({
      taskId: 7,
      message: 'Tarea 2.1 (7): Duration: debe ser positiva',
    });
  });
});
