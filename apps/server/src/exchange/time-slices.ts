import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Long reads on the event loop in short slices (issue 30): a reader calls `turn()` after each piece
 * of work, and every SLICE_MS it waits for the event loop's next turn, so other requests are
 * answered while a large upload is read.
 */
export const SLICE_MS = 15;

export class TimeSlices {
  private since = performance.now();

  async turn(): Promise<void> {
    if (performance.now() - this.since < SLICE_MS) return;
    await nextTurn();
    this.since = performance.now();
  }
}
