import { describe, expect, it } from 'vitest';
import { compareByPriority, sortByPriority } from './ordering';

const item = (priority: number, code: string, name = 'x') => ({ priority, code, name });

describe('compareByPriority (domain.md: priority ascending, then code, then name, es-CL numeric-aware)', () => {
  it('sorts by priority ascending first, whatever the codes say', () => {
    const sorted = sortByPriority([item(3, 'A'), item(1, 'C'), item(2, 'B')]);
    expect(sorted.map((entry) => entry.priority)).toEqual([1, 2, 3]);
  });

  it('breaks priority ties by code, numeric-aware: "1.2" < "1.10"', () => {
    const sorted = sortByPriority([item(1, '1.10'), item(1, '1.2'), item(1, '1.1')]);
    expect(sorted.map((entry) => entry.code)).toEqual(['1.1', '1.2', '1.10']);
  });

  it('compares codes numeric-aware inside text too: "ACT-2" < "ACT-10"', () => {
    expect(sortByPriority([item(1, 'ACT-10'), item(1, 'ACT-2')]).map((entry) => entry.code)).toEqual([
      'ACT-2',
      'ACT-10',
    ]);
  });

  it('breaks code ties by name in Spanish order (accents next to their letter, ñ after n)', () => {
    const sorted = sortByPriority([
      { priority: 1, code: 'A', name: 'Ñuble' },
      { priority: 1, code: 'A', name: 'Ésta' },
      { priority: 1, code: 'A', name: 'Nube' },
      { priority: 1, code: 'A', name: 'Zona' },
      { priority: 1, code: 'A', name: 'Eje' },
    ]);
    expect(sorted.map((entry) => entry.name)).toEqual(['Eje', 'Ésta', 'Nube', 'Ñuble', 'Zona']);
  });

  it('answers 0 for equal keys and is antisymmetric', () => {
    expect(compareByPriority(item(1, 'A', 'n'), item(1, 'A', 'n'))).toBe(0);
    expect(Math.sign(compareByPriority(item(1, 'A'), item(2, 'A')))).toBe(-1);
    expect(Math.sign(compareByPriority(item(2, 'A'), item(1, 'A')))).toBe(1);
  });

  it('sortByPriority leaves its input untouched', () => {
    const input = [item(2, 'B'), item(1, 'A')];
    sortByPriority(input);
    expect(input.map((entry) => entry.code)).toEqual(['B', 'A']);
  });
});
