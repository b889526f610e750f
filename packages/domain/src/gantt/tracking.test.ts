import { describe, expect, it } from 'vitest';
import { WorkingCalendar } from './calendar';
import { finishVariance, formatProgress, remainingWorkDays, rollUpProgress, roundPercent } from './tracking';

describe('rollUpProgress (issue 15): summaries weighted by their leaves’ planned durations', () => {
  it('weights each leaf by its duration, through every level', () => {
    // 1 ─┬─ 2 (10 d, 50 %)
    //    └─ 3 ─┬─ 4 (30 d, 100 %)
    //          └─ 5 (0 d milestone, 0 %)
    const { summaries, project } = rollUpProgress([
      { id: 1, duration: 0, progress: 0 },
      { id: 2, parentId: 1, duration: 10, progress: 50 },
      { id: 3, parentId: 1, duration: 0, progress: 0 },
      { id: 4, parentId: 3, duration: 30, progress: 100 },
      { id: 5, parentId: 3, duration: 0, progress: 0 },
    ]);
    // (10 × 50 + 30 × 100) / 40 = 87.5; task 3: 30 × 100 / 30
    expect(summaries.get(1)).toBe(87.5);
    expect(summaries.get(3)).toBe(100);
    expect(summaries.has(2)).toBe(false);
    expect(project).toBe(87.5);
  });

  it('a summary of milestones only takes their plain average; an empty list is 0', () => {
    const { summaries } = rollUpProgress([
      { id: 1, duration: 0, progress: 0 },
      { id: 2, parentId: 1, duration: 0, progress: 100 },
      { id: 3, parentId: 1, duration: 0, progress: 0 },
    ]);
    expect(summaries.get(1)).toBe(50);
    expect(rollUpProgress([]).project).toBe(0);
  });

  it('clamps progress to 0–100 and survives a parent chain that loops', () => {
    const { summaries } = rollUpProgress([
      { id: 1, parentId: 2, duration: 5, progress: 150 },
      { id: 2, parentId: 1, duration: 5, progress: -3 },
      { id: 3, parentId: 1, duration: 5, progress: 40 },
    ]);
    // 1 and 2 are both summaries (each the other's parent); only 3 is a leaf
    expect(summaries.get(1)).toBe(40);
    expect(summaries.get(2)).toBe(40);
  });
});

describe('finishVariance (issue 15): Δ Fin in working days', () => {
  const calendar = new WorkingCalendar('mon-fri', () => ['2025-03-05'], 2025);
  it('counts working days late (positive) and ahead (negative), skipping weekends and holidays', () => {
    // Mon 3 March → Mon 10 March: 4, 6, 7, 10 (Wed 5 is a holiday) = 4 working days late
    expect(finishVariance(calendar, '2025-03-03', '2025-03-10')).toBe(4);
    expect(finishVariance(calendar, '2025-03-10', '2025-03-03')).toBe(-4);
    expect(finishVariance(calendar, '2025-03-07', '2025-03-07')).toBe(0);
  });
  it('issue 30: a finish on a day off counts as the working day before it (work done on the weekend)', () => {
    // finished on Saturday 8 March, planned for Friday 7: not late; planned for Thursday 6: one day late
    expect(finishVariance(calendar, '2025-03-07', '2025-03-08')).toBe(0);
    expect(finishVariance(calendar, '2025-03-06', '2025-03-09')).toBe(1);
    // on the holiday (Wed 5) against Tuesday 4: not late; Monday 10 against a baseline on Sunday 9: one day
    expect(finishVariance(calendar, '2025-03-04', '2025-03-05')).toBe(0);
    expect(finishVariance(calendar, '2025-03-09', '2025-03-10')).toBe(1);
    // and ahead: Saturday 8 against Monday 10
    expect(finishVariance(calendar, '2025-03-10', '2025-03-08')).toBe(-1);
  });
});

describe('rollUpProgress with amounts (issue 33): one measure, weighted by money when priced', () => {
  // R ─┬─ A ─┬─ a1 (5 d, 100 %)   A: 1 gl × $1.100.000 spread by working days:
  //    │     ├─ a2 (3 d, 0 %)        a1 500.000, a2 300.000, a3 100.000, a4 200.000
  //    │     ├─ a3 (1 d, 0 %)
  //    │     └─ a4 (2 d, 0 %)
  //    ├─ B ── b1 (10 d, 25 %)     B: $400.000 on b1
  //    └─ C ── c1 (20 d, 50 %)     C: no price
  const tasks = [
    { id: 1, duration: 0, progress: 0 },
    { id: 2, parentId: 1, duration: 0, progress: 0 },
    { id: 21, parentId: 2, duration: 5, progress: 100 },
    { id: 22, parentId: 2, duration: 3, progress: 0 },
    { id: 23, parentId: 2, duration: 1, progress: 0 },
    { id: 24, parentId: 2, duration: 2, progress: 0 },
    { id: 3, parentId: 1, duration: 0, progress: 0 },
    { id: 31, parentId: 3, duration: 10, progress: 25 },
    { id: 4, parentId: 1, duration: 0, progress: 0 },
    { id: 41, parentId: 4, duration: 20, progress: 50 },
  ];
  const weights = new Map([
    [21, 500_000],
    [22, 300_000],
    [23, 100_000],
    [24, 200_000],
    [31, 400_000],
  ]);

  it('weights each leaf by its money: an item’s figure is its earned value over its amount', () => {
    const { summaries, project, basis } = rollUpProgress(tasks, weights);
    expect(basis).toBe('amount');
    // A: 500.000 × 100 % / 1.100.000 = 45,4545… % (the estado de pago pays exactly $500.000)
    expect(summaries.get(2)).toBeCloseTo(100 * (500_000 / 1_100_000), 12);
    expect(roundPercent(summaries.get(2) as number)).toBe(45.45);
    expect(summaries.get(3)).toBe(25);
    // C carries no money: by its leaves' durations
    expect(summaries.get(4)).toBe(50);
    // the project: (500.000 × 100 + 400.000 × 25) / 1.500.000 = 40 % (the unpriced c1 weighs nothing)
    expect(project).toBe(40);
    expect(summaries.get(1)).toBe(40);
  });

  it('without amounts the same tree is weighted by duration', () => {
    const { project, basis } = rollUpProgress(tasks);
    expect(basis).toBe('duration');
    // (5 × 100 + 10 × 25 + 20 × 50) / 41 = 1.750 / 41 = 42,68…
    expect(roundPercent(project)).toBe(42.68);
  });

  it('roundPercent rounds an exact half up even when the float sum lands a hair below it', () => {
    // 79,21 % on one of two equal amounts: exactly 39,605 %, which binary floating point holds as 39,60499…
    const { project } = rollUpProgress(
      [
        { id: 1, duration: 1, progress: 79.21 },
        { id: 2, duration: 1, progress: 0 },
      ],
      new Map([
        [1, 1],
        [2, 1],
      ]),
    );
    expect(roundPercent(project)).toBe(39.61);
    expect(roundPercent(12.344)).toBe(12.34);
    expect(formatProgress(project)).toBe('39,61 %');
    expect(formatProgress(40)).toBe('40 %');
    expect(formatProgress(37.5)).toBe('37,5 %');
    expect(formatProgress(1234.5)).toBe('1.234,5 %');
    expect(formatProgress(0)).toBe('0 %');
    expect(roundPercent(Number.NaN)).toBe(0);
  });
});

describe('remainingWorkDays: what is left of a task under way', () => {
  it('is ⌈duration × (1 − avance)⌉ on a whole, non-negative duration and a progress in 0–100', () => {
    // 10 days at 35 %: 6,5 → 7; at 100 %: 0; 5,9 days count as 5; a milestone and nonsense stay at 0
    expect(remainingWorkDays(10, 35)).toBe(7);
    expect(remainingWorkDays(10, 100)).toBe(0);
    expect(remainingWorkDays(5.9, 20)).toBe(4);
    expect(remainingWorkDays(0, 50)).toBe(0);
    expect(remainingWorkDays(-3, 50)).toBe(0);
    expect(remainingWorkDays(8, 150)).toBe(0);
    expect(remainingWorkDays(8, -10)).toBe(8);
  });

  it('issue 34: a remaining duration recorded wins over the progress, taken whole and not below 0', () => {
    // 10 days at 50 % leave 5; MS Project's file says 8 are left: 8; 0 left (to be closed) stays 0
    expect(remainingWorkDays(10, 50)).toBe(5);
    expect(remainingWorkDays(10, 50, 8)).toBe(8);
    expect(remainingWorkDays(10, 50, 0)).toBe(0);
    expect(remainingWorkDays(10, 90, 14)).toBe(14);
    expect(remainingWorkDays(10, 50, 3.7)).toBe(3);
    expect(remainingWorkDays(10, 50, -2)).toBe(0);
  });
});
