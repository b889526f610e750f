import { describe, expect, it } from 'vitest';
import { nextNumber } from './next-child';

describe('nextNumber', () => {
  it('gives a new row the highest id plus 1, not the row count plus 1', () => {
    expect(nextNumber([1, 7, 3])).toBe(8);
  });

  it('starts an empty grid at 1', () => {
    expect(nextNumber([])).toBe(1);
  });

  it('ignores rows still without a number and values that are not numbers', () => {
    expect(nextNumber([undefined, 2, Number.NaN])).toBe(3);
  });
});
