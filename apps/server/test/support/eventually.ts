/**
 * Calls `attempt` until `isDone` accepts its result or `capMs` has passed, and returns the last
 * result: for what must happen within a bound (the session cache's 1 s, issue 18) without timing it
 * in a test. The cap is generous; the caller asserts on the result.
 */
export async function eventually<T>(
  attempt: () => Promise<T>,
  isDone: (result: T) => boolean,
  capMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + capMs;
  for (;;) {
    const result = await attempt();
    if (isDone(result) || Date.now() > deadline) return result;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
