import { MAX_ACTIVITY_DURATION } from '@cimiento/domain';
import { describe, expect, it } from 'vitest';
import { durationProblem, isMilestoneDuration } from './activity-duration';

describe('durationProblem', () => {
  it('accepts whole working days from 0 (a milestone) to the maximum', () => {
    for (const value of [0, 1, 5, MAX_ACTIVITY_DURATION]) expect(durationProblem(value)).toBeNull();
  });

  it('refuses an emptied field, a fraction, a negative number and more than the maximum', () => {
    expect(durationProblem(Number.NaN)).toBe('required');
    expect(durationProblem(undefined)).toBe('required');
    expect(durationProblem(2.5)).toBe('integer');
    expect(durationProblem(-1)).toBe('min');
    expect(durationProblem(MAX_ACTIVITY_DURATION + 1)).toBe('max');
  });

  it('calls 0 a milestone, and nothing else', () => {
    expect(isMilestoneDuration(0)).toBe(true);
    expect(isMilestoneDuration(1)).toBe(false);
    expect(isMilestoneDuration(Number.NaN)).toBe(false);
  });
});
