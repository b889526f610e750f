import { describe, expect, it } from 'vitest';
import { tasksProgress } from './deletion-progress';
import type { CostTask } from './edp-amounts';

/*
 * Issue 33: the progress recorded on tasks about to be deleted, measured as an EP measures a
 * partida. A summary S (1) over three leaves: A (2) 5 working days at 100 %, B (3) 3 days at 50 %,
 * C (4) 2 days at 0 %; and D (5), 1 day at 80 %, outside S. By hand: S and its leaves weigh
 * 5 + 3 + 2 = 10 days, of which 5 × 100 + 3 × 50 + 2 × 0 = 650 day-% are done: 65 %.
 */
const tasks: CostTask[] = [
  { id: 1, sourceKey: 'edp:7', duration: 5 },
  { id: 2, parentId: 1, sourceKey: 'edc:7:ACT1', duration: 5 },
  { id: 3, parentId: 1, sourceKey: 'edc:7:ACT2', duration: 3 },
  { id: 4, parentId: 1, sourceKey: null, duration: 2 },
  { id: 5, sourceKey: null, duration: 1 },
];
const progress = new Map([
  [2, 100],
  [3, 50],
  [5, 80],
]);

describe('tasksProgress (issue 33: the progress a deletion of tasks takes)', () => {
  it('weighs the leaves among the tasks by working days', () => {
    expect(tasksProgress(tasks, [1, 2, 3, 4], progress)).toBe('65');
    // B and C alone: (3 × 50 + 2 × 0) / 5 = 30 %
    expect(tasksProgress(tasks, [3, 4], progress)).toBe('30');
    expect(tasksProgress(tasks, [5], progress)).toBe('80');
  });

  it('rounds to 2 decimals, as an EP prints a partida’s progress', () => {
    // A and B at 100 % and 50 %, C at 33,3 %: (500 + 150 + 66,6) / 10 = 71,66 %
    expect(tasksProgress(tasks, [2, 3, 4], new Map([...progress, [4, 33.3]]))).toBe('71.66');
    // B (3 days) at 12,345 % and D (1 day) at 0: 37,035 / 4 = 9,25875 → 9,26 %
    expect(tasksProgress(tasks, [3, 5], new Map([[3, 12.345]]))).toBe('9.26');
  });

  it('is 0 with no leaf among them, or no progress recorded', () => {
    expect(tasksProgress(tasks, [1], progress)).toBe('0');
    expect(tasksProgress(tasks, [99], progress)).toBe('0');
    expect(tasksProgress(tasks, [4], progress)).toBe('0');
  });

  it('weighs milestones (0 days) equally when they are all there is', () => {
    const milestones: CostTask[] = [
      { id: 1, sourceKey: null, duration: 0 },
      { id: 2, sourceKey: null, duration: 0 },
    ];
    expect(tasksProgress(milestones, [1, 2], new Map([[1, 100]]))).toBe('50');
  });
});
