import type { FastifyInstance, FastifyServerOptions } from 'fastify';

/**
 * Fastify options for a graceful stop. While closing, Fastify answers 503 by default to requests that
 * reach it on connections it already had (a kept-alive browser connection, say); we let them run to
 * the end instead (they are answered with `Connection: close`), since no new connection is accepted
 * once the listener is closed. Idle kept-alive connections are closed at once.
 */
export const gracefulStopServerOptions = {
  return503OnClosing: false,
  forceCloseConnections: 'idle',
} satisfies FastifyServerOptions;

/** The line main.ts writes when close does not finish within the deadline; tests look for it. */
export const FORCED_EXIT_MESSAGE = 'Cimiento no terminó de detenerse a tiempo; se fuerza la salida.';

/** Close must finish within this; platforms usually send SIGKILL 10 s after SIGTERM. */
export const STOP_DEADLINE_MS = 9_000;

/**
 * Once close has begun, every response also closes its connection: a request that was already
 * running when the stop began would otherwise leave its kept-alive connection open, and the
 * server's close waits for every connection.
 */
export function registerGracefulStop(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
}

export type StopSignalOptions = {
  app: { close: () => PromiseLike<unknown>; log: { info: (details: object, message: string) => void } };
  exit?: (code: number) => void;
  write?: (line: string) => void;
  deadlineMs?: number;
};

/**
 * SIGTERM and SIGINT close the app (requests already received finish, then the database closes)
 * and exit 0. A close that takes longer than the deadline, or fails, exits 1 with one line on
 * stderr. A second signal while stopping is ignored: the first stop is already on its way.
 * Returns a function that removes the signal handlers (for tests).
 */
export function stopOnSignals({
  app,
  exit = (code) => process.exit(code),
  write = (line) => process.stderr.write(line),
  deadlineMs = STOP_DEADLINE_MS,
}: StopSignalOptions): () => void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.info({ signal }, 'stop already under way; signal ignored');
      return;
    }
    stopping = true;
    app.log.info({ signal }, 'stopping: finishing the requests already received');
    const deadline = setTimeout(() => {
      write(`${FORCED_EXIT_MESSAGE}\n`);
      exit(1);
    }, deadlineMs); // not unref'd: a close stuck on nothing must still end through the deadline
    app.close().then(
      () => {
        clearTimeout(deadline);
        exit(0);
      },
      (error: unknown) => {
        clearTimeout(deadline);
        write(`Cimiento no pudo detenerse bien: ${error instanceof Error ? error.message : String(error)}\n`);
        exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  return () => {
    process.off('SIGTERM', stop);
    process.off('SIGINT', stop);
  };
}
