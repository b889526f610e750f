import v8 from 'node:v8';

/**
 * The V8 flags main sets as it starts (issue 18, server memory).
 *
 * After each full garbage collection V8 sets the old generation's next limit to the live size times
 * a factor it picks from how fast collection is against the program, up to 4×. Under the 50-user
 * mixed load the server's collections are fast, so V8 picked 4×: the old space reached ~100 MB
 * (RSS ~265 MB) for ~30–45 MB live. A fixed 2× keeps it near 60 MB (RSS ~180 MB). The heap's
 * maximum is unchanged: a 100,000-task import still has all of it, only in smaller steps.
 *
 * V8 reads this flag at every collection, so setting it after start takes effect. The young
 * generation's size cannot be set that way (V8 fixes it when the heap is created): it is on the
 * start line instead (`--max-semi-space-size`, in package.json's `start` and `serve`).
 */
export const RUNTIME_V8_FLAGS: readonly string[] = ['--heap-growing-percent=100'];

/** Sets RUNTIME_V8_FLAGS in this process; answers them (main logs them). */
export function applyRuntimeV8Flags(): readonly string[] {
  for (const flag of RUNTIME_V8_FLAGS) v8.setFlagsFromString(flag);
  return RUNTIME_V8_FLAGS;
}
