import { describe, expect, it } from 'vitest';
import type { CostTask } from './edp-amounts';
import { taskMoveEffects } from './task-move';

/*
 * The e2e's seeded Gantt: 1 ELA · 2 ELA.1 · 3 ELA.1.1 (built from EDP item 30) · 4 M · 5 M.1 ·
 * 6 ACT1 · 7 ACT2 · 8 ACT3 · 9 ELA.1.2 (EDP item 31); ELA (item 10) and ELA.1 (item 20) too.
 */
const tree: CostTask[] = [
  { id: 1, sourceKey: 'edp:10', duration: 0 },
  { id: 2, parentId: 1, sourceKey: 'edp:20', duration: 0 },
  { id: 3, parentId: 2, sourceKey: 'edp:30', duration: 0 },
  { id: 4, parentId: 3, sourceKey: 'edc:M', duration: 0 },
  { id: 5, parentId: 4, sourceKey: 'edc:M.1', duration: 0 },
  { id: 6, parentId: 5, sourceKey: 'edc:ACT1', duration: 5 },
  { id: 7, parentId: 5, sourceKey: 'edc:ACT2', duration: 5 },
  { id: 8, parentId: 5, sourceKey: 'edc:ACT3', duration: 5 },
  { id: 9, parentId: 2, sourceKey: 'edp:31', duration: 5 },
];

function withParent(id: number, parentId: number | undefined): CostTask[] {
  return tree.map((task) => {
    if (task.id !== id) return task;
    const { parentId: _old, ...rest } = task;
    return parentId === undefined ? rest : { ...rest, parentId };
  });
}

describe('taskMoveEffects', () => {
  it('ACT2 indented under ACT1: the same partida, and ACT1 (a leaf until now) turns into a summary', () => {
    expect(taskMoveEffects(tree, withParent(7, 6), 7)).toEqual({ taskIds: [7, 6], from: 30, to: 30 });
  });

  it('ELA.1.2 indented under ELA.1.1: it keeps its own partida, and ELA.1.1 was a summary already', () => {
    expect(taskMoveEffects(tree, withParent(9, 3), 9)).toEqual({ taskIds: [9], from: 31, to: 31 });
  });

  it('M outdented to ELA.1: its tasks leave ELA.1.1 for ELA.1, and ELA.1.1 turns into a leaf', () => {
    const effects = taskMoveEffects(tree, withParent(4, 2), 4);
    expect(effects.from).toBe(30);
    expect(effects.to).toBe(20);
    expect([...effects.taskIds].sort((a, b) => a - b)).toEqual([3, 4, 5, 6, 7, 8]);
  });

  it('a task of the user moved out of every partida, to the first level: to is null', () => {
    expect(taskMoveEffects(tree, withParent(8, undefined), 8)).toEqual({ taskIds: [8], from: 30, to: null });
  });
});
