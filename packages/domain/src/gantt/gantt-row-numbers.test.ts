import { describe, expect, it } from 'vitest';
import { ganttRowNumbers } from './gantt-row-numbers';

describe('ganttRowNumbers (issue 32: the Id column, MS Project ID)', () => {
  it('numbers an outline in list order, 1-based, a parent before its children', () => {
    const numbers = ganttRowNumbers([
      { id: 10 },
      { id: 11, parentId: 10 },
      { id: 12, parentId: 11 },
      { id: 13, parentId: 10 },
      { id: 20 },
    ]);
    expect([...numbers.entries()]).toEqual([
      [10, 1],
      [11, 2],
      [12, 3],
      [13, 4],
      [20, 5],
    ]);
  });

  it('follows the outline when the list is not depth-first (a child listed after a later top task)', () => {
    const numbers = ganttRowNumbers([{ id: 1 }, { id: 2 }, { id: 3, parentId: 1 }, { id: 4, parentId: 3 }]);
    expect(numbers.get(1)).toBe(1);
    expect(numbers.get(3)).toBe(2);
    expect(numbers.get(4)).toBe(3);
    expect(numbers.get(2)).toBe(4);
  });

  it('counts a task whose parent is missing as a top-level one, and survives a cycle', () => {
    const numbers = ganttRowNumbers([
      { id: 1, parentId: 99 },
      { id: 2, parentId: 3 },
      { id: 3, parentId: 2 },
      { id: 4 },
    ]);
    expect(numbers.get(1)).toBe(1);
    expect(numbers.get(4)).toBe(2);
    expect(new Set(numbers.values())).toEqual(new Set([1, 2, 3, 4]));
  });

  it('numbers 10,000 tasks nested 5,000 deep without a stack overflow', () => {
    const tasks = Array.from({ length: 10_000 }, (_, index) => ({
      id: index + 1,
      ...(index > 0 && index < 5_000 ? { parentId: index } : {}),
    }));
    const numbers = ganttRowNumbers(tasks);
    expect(numbers.get(5_000)).toBe(5_000);
    expect(numbers.get(10_000)).toBe(10_000);
  });
});
