import { afterEach, describe, expect, it } from 'vitest';
import { FORCED_EXIT_MESSAGE, stopOnSignals } from './graceful-stop';

/** A stand-in for the app whose close the test settles by hand, recording what stopOnSignals does. */
function arrange(deadlineMs = 60_000) {
  let settleClose: { resolve: () => void; reject: (error: Error) => void } | undefined;
  const calls = { close: 0, exits: [] as number[], lines: [] as string[], logged: [] as string[] };
  let exited: () => void = () => {};
  const exitCalled = new Promise<void>((resolve) => (exited = resolve));
  const remove = stopOnSignals({
    app: {
      close: () => {
        calls.close += 1;
        return new Promise<void>((resolve, reject) => (settleClose = { resolve, reject }));
      },
      log: { info: (_details, message) => calls.logged.push(message) },
    },
    exit: (code) => {
      calls.exits.push(code);
      exited();
    },
    write: (line) => calls.lines.push(line),
    deadlineMs,
  });
  return { calls, exitCalled, remove, settle: () => settleClose! };
}

describe('stopOnSignals', () => {
  let remove: (() => void) | undefined;
  afterEach(() => remove?.());

  it('closes the app on SIGTERM and exits 0 once close has finished', async () => {
    const t = arrange();
    remove = t.remove;
    process.emit('SIGTERM');
    expect(t.calls.close).toBe(1);
    expect(t.calls.exits).toEqual([]);
    t.settle().resolve();
    await t.exitCalled;
    expect(t.calls.exits).toEqual([0]);
    expect(t.calls.lines).toEqual([]);
  });

  it('ignores a second SIGTERM or SIGINT while stopping: one close, one exit', async () => {
    const t = arrange();
    remove = t.remove;
    process.emit('SIGINT');
    process.emit('SIGTERM');
    process.emit('SIGINT');
    expect(t.calls.close).toBe(1);
    expect(t.calls.logged.filter((line) => line.includes('ignored'))).toHaveLength(2);
    t.settle().resolve();
    await t.exitCalled;
    expect(t.calls.exits).toEqual([0]);
  });

  it('exits 1 with one line when close does not finish before the deadline', async () => {
    const t = arrange(10);
    remove = t.remove;
    process.emit('SIGTERM');
    await t.exitCalled; // close never settles
    expect(t.calls.exits).toEqual([1]);
    expect(t.calls.lines).toEqual([`${FORCED_EXIT_MESSAGE}\n`]);
  });

  it('exits 1 with one line when close fails', async () => {
    const t = arrange();
    remove = t.remove;
    process.emit('SIGTERM');
    t.settle().reject(new Error('la base de datos no respondió'));
    await t.exitCalled;
    expect(t.calls.exits).toEqual([1]);
    expect(t.calls.lines).toEqual(['Cimiento no pudo detenerse bien: la base de datos no respondió\n']);
  });
});
