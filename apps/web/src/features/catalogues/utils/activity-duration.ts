import { MAX_ACTIVITY_DURATION } from '@cimiento/domain';

/**
 * Why a typed activity duration ('Duración (días hábiles)', issue 13) cannot be saved, or null when
 * it can: a whole number of working days from 0 (a milestone) to MAX_ACTIVITY_DURATION. An emptied
 * number input reads as NaN. The same rule as saveObject's contract, checked before sending so the
 * field says what is wrong instead of a refused save.
 */
export type DurationProblem = 'required' | 'integer' | 'min' | 'max';

export function durationProblem(value: unknown): DurationProblem | null {
  if (typeof value !== 'number' || Number.isNaN(value)) return 'required';
  if (!Number.isInteger(value)) return 'integer';
  if (value < 0) return 'min';
  if (value > MAX_ACTIVITY_DURATION) return 'max';
  return null;
}

/** A milestone: an activity of no duration (the Gantt draws it as a diamond). */
export function isMilestoneDuration(value: unknown): boolean {
  return value === 0;
}
