import { describe, expect, it } from 'vitest';
import { WorkingCalendar } from './calendar';
import { activitiesFromDraft, draftFromActivities } from './gantt-draft-conversions';
import { resizeGanttTask, updateGanttTask } from './gantt-edits';
import type { GanttDraftTask, GanttTaskChanges } from './gantt-edits';
import { applyFormulaDuration, setGanttResources, sizedByFormula } from './gantt-resource-edits';
import { draftTask } from './gantt-test-support';

/**
 * Issue 35, the task editor's durations from quantities (docs/RESOURCES.md "Quantities and
 * durations"): 120 m² of formwork at 8 m² a crew-day, done by the activity's crew CMOL.
 */
const formula = { quantity: '120', workUnit: 'm2' as const, productivity: '8', resourceId: 'CMOL', catalogueCrews: 2 };
const sized = (extra: Partial<GanttDraftTask> = {}): GanttDraftTask => ({
  ...draftTask(1, 'ACT1', 'Moldaje'),
  duration: 8,
  resources: [{ resourceId: 'CMOL', units: 2 }],
  formula,
  ...extra,
});
const changesOf = (task: GanttDraftTask, extra: Partial<GanttTaskChanges> = {}): GanttTaskChanges => ({
  code: task.code,
  name: task.name,
  start: task.start,
  duration: task.duration,
  progress: task.progress,
  predecessors: [],
  ...extra,
});
const only = (result: ReturnType<typeof updateGanttTask>) => {
  if (!result.ok) throw new Error(result.error);
  return result.tasks[0] as GanttDraftTask;
};

describe('effort-driven durations in the Gantt’s edits (issue 35)', () => {
  it('changing the crews recalculates the duration: 2 → 8 days, 4 → 4, 1 → 15', () => {
    const task = sized();
    for (const [units, days] of [
      [4, 4],
      [1, 15],
      [3, 5],
    ] as const) {
      const edited = only(updateGanttTask([task], 1, changesOf(task, { resources: [{ resourceId: 'CMOL', units }] })));
      expect(edited.duration).toBe(days);
      expect(edited.durationByHand).toBeUndefined();
    }
    // the 'Recursos' cell too
    const cell = setGanttResources([task], 1, [{ resourceId: 'CMOL', units: 4 }]);
    expect(cell.ok && cell.tasks[0]?.duration).toBe(4);
  });

  it('a duration typed by hand wins, and more crews then leave it as typed', () => {
    const typed = only(updateGanttTask([sized()], 1, changesOf(sized(), { duration: 10 })));
    expect(typed).toMatchObject({ duration: 10, durationByHand: true });
    const crews = only(
      updateGanttTask([typed], 1, changesOf(typed, { resources: [{ resourceId: 'CMOL', units: 4 }] })),
    );
    expect(crews).toMatchObject({ duration: 10, durationByHand: true });
    // the bar stretched on the chart is a duration typed by hand too
    const calendar = new WorkingCalendar('mon-fri', () => [], 2026);
    const stretched = resizeGanttTask([sized()], 1, '2026-01-02', '2026-01-22', calendar);
    expect(stretched.ok && stretched.tasks[0]).toMatchObject({ duration: 15, durationByHand: true });
  });

  it('a new duration that is the formula’s is not typed by hand (the editor shows the new days as crews change)', () => {
    const edited = only(
      updateGanttTask([sized()], 1, changesOf(sized(), { duration: 4, resources: [{ resourceId: 'CMOL', units: 4 }] })),
    );
    expect(edited.duration).toBe(4);
    expect(edited.durationByHand).toBeUndefined();
  });

  it('‘Calcular con el rendimiento’ gives a duration typed by hand back to the formula', () => {
    const typed = sized({ duration: 20, durationByHand: true, resources: [{ resourceId: 'CMOL', units: 3 }] });
    const back = applyFormulaDuration([typed], 1);
    expect(back.ok && back.tasks[0]).toMatchObject({ duration: 5 });
    expect(back.ok && back.tasks[0]?.durationByHand).toBeUndefined();
    // the editor says so with durationByHand: false
    expect(
      only(updateGanttTask([typed], 1, changesOf(typed, { duration: 5, durationByHand: false }))),
    ).not.toHaveProperty('durationByHand');
    expect(applyFormulaDuration([draftTask(2, 'T', 'Sin cantidad')], 2)).toEqual({
      ok: false,
      error: 'La tarea no tiene cantidad ni rendimiento',
    });
  });

  it('a task without a formula is left as it is', () => {
    const plain = draftTask(1, 'T', 'Tarea');
    expect(sizedByFormula(plain, { ...plain, duration: 9 })).toEqual({ ...plain, duration: 9 });
  });

  it('loadGantt’s DurationFormula and DurationByHand come into the draft and go back to saveGantt', () => {
    const [task] = draftFromActivities([
      {
        TaskID: 1,
        TaskCode: 'ACT1',
        TaskName: 'Moldaje',
        StartDate: '2026-01-02',
        StartNoEarlierThan: '2026-01-02',
        EndDate: '2026-01-13',
        Duration: 10,
        Progress: 0,
        Predecessor: '',
        totalFloat: 0,
        critical: true,
        isSummary: false,
        DurationFormula: formula,
        DurationByHand: true,
      },
    ]);
    expect(task).toMatchObject({ formula, durationByHand: true });
    expect(activitiesFromDraft([task as GanttDraftTask])[0]).toMatchObject({ DurationByHand: true });
    expect(activitiesFromDraft([sized()])[0]).toMatchObject({ DurationByHand: false });
    expect(activitiesFromDraft([draftTask(2, 'T', 'Tarea')])[0]).not.toHaveProperty('DurationByHand');
  });
});
