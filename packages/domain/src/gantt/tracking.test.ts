import { describe, expect, it } from 'vitest';
import { WorkingCalendar } from './calendar';
import { finishVariance, rollUpProgress } from './tracking';

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
