import { describe, expect, it } from 'vitest';
import { WorkingCalendar } from './calendar';
import { chileHolidays } from './chile-holidays';
import type { UpdateTask } from './planned-progress';
import { planUpdateAsScheduled, plannedPercentAt, plannedProgressAt, updateScope } from './planned-progress';
import { progressEntryErrors } from './progress-entries';
import { computeSCurve } from '../costs/s-curve';

/**
 * issue 32: the planned % at a cut-off and 'Actualizar según lo programado', worked by hand on the
 * project calendar of a Chilean works: Monday–Friday with Chile's holidays. In 2026, Friday 1 May
 * (Día del Trabajo) and Thursday 21 May (Glorias Navales) are holidays.
 */
const chile = new WorkingCalendar('mon-fri', chileHolidays, 2026);
const plain = new WorkingCalendar('mon-fri', () => [], 2026);

describe('plannedProgressAt: the working days before the cut-off over the duration', () => {
  // 10 working days from Monday 27 April 2026: 27, 28, 29, 30 April (1 May is a holiday), 4–8 and
  // 11 May, so it finishes on Monday 11 May
  const start = '2026-04-27';

  it('counts the working days before the cut-off on the project calendar (the holiday does not count)', () => {
    // cut-off Monday 4 May: 27–30 April done = 4 of 10 (5 without the holiday)
    expect(plannedProgressAt(chile, start, 10, '2026-05-04')).toEqual({
      state: 'underWay',
      percent: 40,
      finish: '2026-05-11',
    });
    expect(plannedPercentAt(plain, start, 10, '2026-05-04')).toBe(50);
    // the cut-off is the first day of the remaining work: on the finish day, 9 of 10 are done
    expect(plannedProgressAt(chile, start, 10, '2026-05-11')).toEqual({
      state: 'underWay',
      percent: 90,
      finish: '2026-05-11',
    });
    expect(plannedProgressAt(chile, start, 10, '2026-05-12')).toEqual({
      state: 'done',
      percent: 100,
      finish: '2026-05-11',
    });
    // before and on the start: nothing planned yet
    expect(plannedProgressAt(chile, start, 10, '2026-04-27')).toEqual({
      state: 'notStarted',
      percent: 0,
      finish: '2026-05-11',
    });
    // a cut-off on a day off counts as the next working day: Saturday 2 May = Monday 4 May
    expect(plannedPercentAt(chile, start, 10, '2026-05-02')).toBe(40);
  });

  it('rounds to a whole %, and keeps a task under way below 100', () => {
    // 3 days from Tuesday 19 May 2026: 19, 20 and 22 (21 is Glorias Navales); cut-off Friday 22:
    // 2 of 3 = 66.67 → 67
    expect(plannedProgressAt(chile, '2026-05-19', 3, '2026-05-22')).toEqual({
      state: 'underWay',
      percent: 67,
      finish: '2026-05-22',
    });
    // 199 of 200 days = 99.5 %, which would round to 100 without a finish: 99
    const longStart = '2026-01-05';
    const lastDay = plain.addWorkingDays(longStart, 199);
    expect(plannedProgressAt(plain, longStart, 200, lastDay)).toMatchObject({ state: 'underWay', percent: 99 });
    // 1 of 300 days = 0.33 %: under way, 0 %
    expect(plannedProgressAt(plain, longStart, 300, '2026-01-06')).toMatchObject({ state: 'underWay', percent: 0 });
  });

  it('a milestone is reached when its date is before the cut-off', () => {
    expect(plannedProgressAt(chile, '2026-05-04', 0, '2026-05-04')).toEqual({
      state: 'notStarted',
      percent: 0,
      finish: '2026-05-04',
    });
    expect(plannedProgressAt(chile, '2026-05-04', 0, '2026-05-05')).toEqual({
      state: 'done',
      percent: 100,
      finish: '2026-05-04',
    });
  });

  it('is the S-curve’s planned % for a single task (one figure, one definition)', () => {
    for (const cutoff of ['2026-04-27', '2026-04-30', '2026-05-04', '2026-05-08', '2026-05-11', '2026-05-12']) {
      const curve = computeSCurve({
        calendar: chile,
        currency: 'CLP',
        planned: [{ taskId: 1, start: '2026-04-27', duration: 10, amount: '1000' }],
        earned: [],
        cutoffs: [{ cutoff, progress: new Map(), actualCost: null }],
      });
      const point = curve.points.find((candidate) => candidate.date === cutoff);
      const curvePercent = Number(point?.plannedPercent);
      expect(plannedPercentAt(chile, '2026-04-27', 10, cutoff), cutoff).toBe(
        curvePercent === 100 ? 100 : Math.min(99, Math.round(curvePercent)),
      );
    }
  });
});

// 1 Obra ─┬─ 2 (done by the cut-off) ─ 3 (under way) ─ 4 (not started) ─ 5 milestone (reached)
//         └─ 6 Torre B ─┬─ 7 (under way, recorded ahead) ─ 8 (under way, recorded behind)
//                       └─ 9 (done, already recorded)
const tasks: UpdateTask[] = [
  { id: 1, isSummary: true, start: '2026-04-27', duration: 0, progress: 0 },
  // 27–30 April: done by Monday 4 May, finished Thursday 30 April
  { id: 2, parentId: 1, isSummary: false, start: '2026-04-27', duration: 4, progress: 0 },
  // 10 days from 27 April: 4 done at 4 May → 40 %
  { id: 3, parentId: 1, isSummary: false, start: '2026-04-27', duration: 10, progress: 0 },
  { id: 4, parentId: 1, isSummary: false, start: '2026-05-04', duration: 5, progress: 0 },
  { id: 5, parentId: 1, isSummary: false, start: '2026-04-30', duration: 0, progress: 0 },
  { id: 6, parentId: 1, isSummary: true, start: '2026-04-27', duration: 0, progress: 0 },
  // 40 % planned, 60 % recorded
  { id: 7, parentId: 6, isSummary: false, start: '2026-04-27', duration: 10, progress: 60, actualStart: '2026-04-27' },
  // 40 % planned, 10 % recorded from Tuesday 28
  { id: 8, parentId: 6, isSummary: false, start: '2026-04-28', duration: 9, progress: 10, actualStart: '2026-04-28' },
  {
    id: 9,
    parentId: 6,
    isSummary: false,
    start: '2026-04-27',
    duration: 2,
    progress: 100,
    actualStart: '2026-04-27',
    actualFinish: '2026-04-29',
  },
];
const CUTOFF = '2026-05-04';

describe('planUpdateAsScheduled: MS Project’s Update Project at a cut-off', () => {
  it('records done and under way as planned, leaves not started and already ahead alone, never writes a summary', () => {
    const plan = planUpdateAsScheduled(chile, tasks, CUTOFF, updateScope(tasks).leaves);
    expect(plan.entries).toEqual([
      { TaskID: 2, ActualStart: '2026-04-27', ActualFinish: '2026-04-30', Progress: 100 },
      { TaskID: 3, ActualStart: '2026-04-27', Progress: 40 },
      { TaskID: 5, ActualStart: '2026-04-30', ActualFinish: '2026-04-30', Progress: 100 },
      // 28, 29, 30 April of 9 days = 33.3 → 33, above the 10 % recorded; its actual start kept
      { TaskID: 8, ActualStart: '2026-04-28', Progress: 33 },
    ]);
    expect(plan.counts).toEqual({ done: 2, underWay: 2, unchanged: 2, notStarted: 1 });
    expect(plan.outcomes.get(7)).toBe('unchanged');
    expect(plan.outcomes.get(9)).toBe('unchanged');
    expect(plan.outcomes.get(4)).toBe('notStarted');
    expect(plan.outcomes.has(1)).toBe(false);
    expect(plan.outcomes.has(6)).toBe(false);
    // what it records passes the rules saveProgress checks
    const info = new Map(tasks.map((task) => [task.id, { isSummary: task.isSummary, code: '', name: `T${task.id}` }]));
    expect(progressEntryErrors(CUTOFF, plan.entries, info)).toEqual([]);
  });

  it('only the selected tasks, a selected summary standing for its leaves', () => {
    const scope = updateScope(tasks, [6, 3]);
    expect([...scope.leaves].sort()).toEqual([3, 7, 8, 9]);
    expect(scope.unknown).toEqual([]);
    const plan = planUpdateAsScheduled(chile, tasks, CUTOFF, scope.leaves);
    expect(plan.entries.map((entry) => entry.TaskID)).toEqual([3, 8]);
    expect(plan.counts).toEqual({ done: 0, underWay: 2, unchanged: 2, notStarted: 0 });
  });

  it('names the ids that are not tasks', () => {
    expect(updateScope(tasks, [2, 99, 99, 100]).unknown).toEqual([99, 100]);
  });

  it('legacy progress without an actual start gets the planned start; a later recorded start keeps the finish after it', () => {
    const legacy: UpdateTask[] = [
      // 50 % from an old file, no dates: planned 40 % → kept at 50, with the planned start
      { id: 1, isSummary: false, start: '2026-04-27', duration: 10, progress: 50 },
      // recorded start 4 May, planned done on 30 April (started late, finished as planned is impossible)
      { id: 2, isSummary: false, start: '2026-04-27', duration: 4, progress: 20, actualStart: '2026-05-04' },
    ];
    const plan = planUpdateAsScheduled(chile, legacy, '2026-05-05', new Set([1, 2]));
    expect(plan.entries).toEqual([
      { TaskID: 1, ActualStart: '2026-04-27', Progress: 50 },
      { TaskID: 2, ActualStart: '2026-05-04', ActualFinish: '2026-05-04', Progress: 100 },
    ]);
  });
});
