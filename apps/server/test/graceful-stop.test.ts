import { once } from 'node:events';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { FORCED_EXIT_MESSAGE } from '../src/http/graceful-stop';
import { loadObjects } from './support/catalogues';
import { cookieHeaderFrom, TEST_PASSWORD, uniqueEmail } from './support/factories';
import { startMain, waitForHealth } from './support/main-process';
import { createTestConfig, databaseKinds, findFreePort } from './support/test-app';

const CLIENTS = 6;
/** Acknowledged writes before SIGTERM, so the load is well under way when it arrives. */
const WRITES_BEFORE_SIGTERM = 60;
/** What a client may see when the server is gone or closed its idle connection: no write was acknowledged. */
const CONNECTION_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

type Outcome = {
  code: string;
  /** The HTTP status, or the connection error's code when no answer came. */
  status?: number;
  error?: string;
  sentBeforeSigterm: boolean;
  answeredAfterSigterm: boolean;
};

function connectionErrorCode(error: unknown): string {
  const cause = (error as { cause?: { code?: string } }).cause;
  return cause?.code ?? String(error);
}

/** Resolves once the port refuses new connections: the server has begun to close. */
async function waitUntilRefused(port: number): Promise<void> {
  for (;;) {
    const refused = await new Promise<boolean>((resolve) => {
      const probe = net.connect(port, '127.0.0.1');
      probe.once('connect', () => {
        probe.destroy();
        resolve(false);
      });
      probe.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
    });
    if (refused) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * A client on a slow link: the request line of a saveObject goes out now, the rest of the request
 * when `finish` is called. The server holds it as a request in progress, not as an idle connection.
 */
async function startSlowSave(port: number, origin: string, cookie: string, code: string) {
  const socket = net.connect(port, '127.0.0.1');
  await once(socket, 'connect');
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  const ended = new Promise<string>((resolve, reject) => {
    socket.once('close', () => resolve(received));
    socket.once('error', reject);
  });
  socket.write(`POST /api/functions/saveObject HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`);
  return {
    /** Sends the rest; resolves with the response's status once the server closes the connection. */
    finish: async (): Promise<number | undefined> => {
      const body = JSON.stringify({ data: { collection: 'actividades', object: { code, name: `Actividad ${code}` } } });
      socket.write(
        `Content-Type: application/json\r\nOrigin: ${origin}\r\nCookie: ${cookie}\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
      const response = await ended;
      const status = /^HTTP\/1\.1 (\d{3}) /.exec(response)?.[1];
      return status === undefined ? undefined : Number(status);
    },
  };
}

describe.each(databaseKinds)('a graceful stop of main.ts (%s)', (kind) => {
  it('on SIGTERM under a write load finishes the requests it received (no 5xx), ignores more signals, exits 0, and keeps every acknowledged write', async () => {
    const port = await findFreePort();
    const origin = `http://127.0.0.1:${port}`;
    const { config, cleanup } = await createTestConfig(kind, { PORT: String(port), PUBLIC_URL: origin });
    const main = startMain({
      DATA_DIR: config.dataDir,
      ...(config.databaseUrl ? { DATABASE_URL: config.databaseUrl } : {}),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      LOG_LEVEL: 'warn',
    });
    try {
      const health = await waitForHealth(origin);
      expect(health?.status, main.output()).toBe(200);

      // the first account, over HTTP as the browser makes it
      const signUp = await fetch(`${origin}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify({ email: uniqueEmail('admin'), password: TEST_PASSWORD, name: 'Administradora' }),
      });
      expect(signUp.status, await signUp.clone().text()).toBe(200);
      const cookie = cookieHeaderFrom(signUp.headers.getSetCookie());

      const slow = await startSlowSave(port, origin, cookie, 'GS-LENTO');
      const outcomes: Outcome[] = [];
      let sigtermSent = false;
      let acknowledged = 0;
      async function client(index: number): Promise<void> {
        for (let n = 0; ; n += 1) {
          const code = `GS-${index}-${n}`;
          const outcome: Outcome = { code, sentBeforeSigterm: !sigtermSent, answeredAfterSigterm: false };
          outcomes.push(outcome);
          try {
            // fetch keeps connections alive between calls, as browsers do
            const response = await fetch(`${origin}/api/functions/saveObject`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', origin, cookie },
              body: JSON.stringify({
                data: { collection: 'actividades', object: { code, name: `Actividad ${code}` } },
              }),
            });
            await response.arrayBuffer();
            outcome.status = response.status;
            outcome.answeredAfterSigterm = sigtermSent;
            if (response.status === 200) acknowledged += 1;
          } catch (error) {
            outcome.error = connectionErrorCode(error);
            return; // the server stopped listening: this client is done
          }
        }
      }
      const load = Promise.all(Array.from({ length: CLIENTS }, (_, index) => client(index)));
      while (acknowledged < WRITES_BEFORE_SIGTERM) await new Promise((resolve) => setTimeout(resolve, 5));
      sigtermSent = true;
      main.child.kill('SIGTERM');
      await waitUntilRefused(port);
      // an impatient operator: more signals while the stop is under way are ignored, not fatal
      main.child.kill('SIGINT');
      main.child.kill('SIGTERM');
      // the slow request is finished only once the stop is under way, and still gets its answer
      const [slowStatus, exit] = await Promise.all([slow.finish(), main.exited, load]);

      const output = exit.stdout + exit.stderr;
      expect(exit.code, output).toBe(0);
      expect(output).not.toContain(FORCED_EXIT_MESSAGE);
      expect(exit.stdout, 'no error-level log line').not.toMatch(/"level":(50|60)/);
      expect(slowStatus, output).toBe(200);
      const answered = outcomes.filter((outcome) => outcome.status !== undefined);
      expect(answered.filter((outcome) => outcome.status !== 200)).toEqual([]);
      expect(outcomes.filter((outcome) => outcome.error && !CONNECTION_ERRORS.has(outcome.error))).toEqual([]);
      // the stop really happened under load: requests sent before SIGTERM were answered after it
      expect(
        answered.filter((outcome) => outcome.sentBeforeSigterm && outcome.answeredAfterSigterm).length,
      ).toBeGreaterThan(0);

      // restarted on the same data, every write that got a 200 is there
      const app = await buildApp(config, { logger: false });
      try {
        const codes = new Set((await loadObjects({ app }, cookie, 'actividades')).map((object) => object.code));
        const acknowledgedCodes = [...answered.map((outcome) => outcome.code), 'GS-LENTO'];
        expect(acknowledgedCodes.length).toBeGreaterThanOrEqual(WRITES_BEFORE_SIGTERM);
        expect(acknowledgedCodes.filter((code) => !codes.has(code))).toEqual([]);
      } finally {
        await app.close();
      }
    } finally {
      if (main.child.exitCode === null && main.child.signalCode === null) main.child.kill('SIGKILL');
      await main.exited;
      await cleanup();
    }
  }, 60_000);
});
