import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureServerBuild, startServerProcess, waitForHealth } from './support/server-process';
import type { ServerProcess } from './support/server-process';
import { createTestConfig, databaseKinds, findFreePort } from './support/test-app';
import type { DatabaseKind, TestConfig } from './support/test-app';

const PASSWORD = 'una-clave-de-prueba-secreta-77';
const WRONG_PASSWORD = 'otra-clave-equivocada-secreta-88';

type Exchange = { label: string; status: number };

/**
 * Requests that make better-auth write a line of its own, the among them (an unauthenticated
 * sign-out as text/plain, which better-auth answered with a coloured 'ERROR [Better Auth]' line on
 * stdout), and the request its router refused and wrote to the console (a sign-out without Origin, a
 * social sign-in without provider). Answers what each got.
 */
async function sendNoisyRequests(baseUrl: string, email: string): Promise<{ exchanges: Exchange[]; cookie: string }> {
  const exchanges: Exchange[] = [];
  const post = async (label: string, path: string, body: string, headers: Record<string, string>) => {
    const response = await fetch(`${baseUrl}${path}`, { method: 'POST', headers, body, redirect: 'manual' });
    exchanges.push({ label, status: response.status });
    return response;
  };
  const json = { 'content-type': 'application/json', origin: baseUrl };

  const signUp = await post(
    'first sign-up',
    '/api/auth/sign-up/email',
    JSON.stringify({ email, password: PASSWORD, name: 'Ana' }),
    json,
  );
  const cookie = (signUp.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
  await post('sign-out as text/plain', '/api/auth/sign-out', 'x', { 'content-type': 'text/plain', origin: baseUrl });
  await post('sign-out as a form', '/api/auth/sign-out', 'a=b', {
    'content-type': 'application/x-www-form-urlencoded',
    origin: baseUrl,
  });
  await post('sign-out without Origin', '/api/auth/sign-out', '{}', { 'content-type': 'application/json', cookie });
  await post('social sign-in without provider', '/api/auth/sign-in/social', JSON.stringify({ callbackURL: '/' }), json);
  await post('Google, not configured', '/api/auth/sign-in/social', JSON.stringify({ provider: 'google' }), json);
  await post('wrong password', '/api/auth/sign-in/email', JSON.stringify({ email, password: WRONG_PASSWORD }), json);
  await post(
    'unknown account',
    '/api/auth/sign-in/email',
    JSON.stringify({ email: `nadie-${email}`, password: WRONG_PASSWORD }),
    json,
  );
  await post(
    'second sign-up',
    '/api/auth/sign-up/email',
    JSON.stringify({ email, password: PASSWORD, name: 'Ana' }),
    json,
  );
  await post('body that is not JSON', '/api/auth/sign-in/email', '{"email":', json);
  const callback = await fetch(`${baseUrl}/api/auth/callback/google?code=abc&state=forjado`, { redirect: 'manual' });
  exchanges.push({ label: 'forged Google return', status: callback.status });
  return { exchanges, cookie };
}

/** Every line the process wrote, stdout and stderr, non-empty. */
function linesOf(text: string): string[] {
  return text.split('\n').filter((line) => line.trim() !== '');
}

describe.each(databaseKinds)(
  "better-auth's own lines in the app's JSON log, built server (%s)",
  (kind: DatabaseKind) => {
    let target: TestConfig;
    const servers: ServerProcess[] = [];

    beforeAll(async () => {
      ensureServerBuild();
      target = await createTestConfig(kind);
    }, 120_000);
    afterAll(async () => {
      for (const server of servers) await server.stop();
      await target?.cleanup();
    });

    async function start(logLevel: string): Promise<ServerProcess> {
      const port = await findFreePort();
      const server = startServerProcess(
        port,
        {
          DATA_DIR: target.config.dataDir,
          ...(target.config.databaseUrl ? { DATABASE_URL: target.config.databaseUrl } : {}),
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          LOG_LEVEL: logLevel,
        },
        { built: true },
      );
      servers.push(server);
      expect(await waitForHealth(server), server.output()).toBe(200);
      return server;
    }

    it("at LOG_LEVEL=info: every stdout and stderr line is a JSON record; better-auth's at warn or below, no error, no secret", async () => {
      const server = await start('info');
      const email = `ana-${kind}@empresa.cl`;
      const { exchanges, cookie } = await sendNoisyRequests(server.baseUrl, email);
      expect(Object.fromEntries(exchanges.map(({ label, status }) => [label, status]))).toEqual({
        'first sign-up': 200,
        'sign-out as text/plain': 415,
        'sign-out as a form': 415,
        'sign-out without Origin': 403,
        'social sign-in without provider': 400,
        'Google, not configured': 404,
        'wrong password': 401,
        'unknown account': 401,
        'second sign-up': 422,
        'body that is not JSON': 400,
        'forged Google return': 302,
      });
      const exit = await server.stop();
      expect(exit.code, server.output()).toBe(0);

      const output = server.output();
      // no colour codes, no 'ERROR [Better Auth]' text line, anywhere
      expect(output).not.toContain('\u001b[');
      expect(output).not.toContain('[Better Auth]');
      const lines = linesOf(output);
      expect(lines.length).toBeGreaterThan(exchanges.length);
      const records = lines.map((line) => {
        let record: Record<string, unknown> | undefined;
        expect(() => (record = JSON.parse(line) as Record<string, unknown>), line).not.toThrow();
        expect(record, line).toMatchObject({
          level: expect.any(Number),
          time: expect.any(Number),
          msg: expect.any(String),
        });
        return record as { level: number; msg: string; source?: string };
      });
      // LOG_LEVEL=info: nothing below info (30); what a caller can cause is never an error (50)
      expect(records.filter((record) => record.level < 30)).toEqual([]);
      expect(records.filter((record) => record.level >= 50)).toEqual([]);
      // better-auth's own lines are there, from inside its endpoints, at warn
      const betterAuth = records.filter((record) => record.source === 'better-auth');
      expect(betterAuth.map((record) => record.msg)).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/parse state|State not found/i),
          expect.stringMatching(/Invalid password/i),
          expect.stringMatching(/User not found/i),
          expect.stringMatching(/Provider not found/i),
        ]),
      );
      for (const record of betterAuth) expect([30, 40], JSON.stringify(record)).toContain(record.level);
      // the refusals better-auth's router wrote to the console are the app's own lines
      expect(records.filter((record) => record.msg === 'auth request refused').length).toBeGreaterThanOrEqual(4);
      // and none of it carries a password or the session token
      const token = decodeURIComponent(cookie.split('=')[1] ?? '');
      expect(token.length).toBeGreaterThan(10);
      for (const secret of [PASSWORD, WRONG_PASSWORD, token, token.split('.')[0] ?? token]) {
        expect(output).not.toContain(secret);
      }
    }, 120_000);

    it("at LOG_LEVEL=error: the same requests write nothing at all (better-auth's lines follow LOG_LEVEL)", async () => {
      const server = await start('error');
      // the installation has its first account already: the sign-up is refused this time
      const { exchanges } = await sendNoisyRequests(server.baseUrl, `otra-${kind}@empresa.cl`);
      expect(exchanges.find((exchange) => exchange.label === 'first sign-up')?.status).toBe(403);
      expect(exchanges.find((exchange) => exchange.label === 'wrong password')?.status).toBe(401);
      const exit = await server.stop();
      expect(exit.code, server.output()).toBe(0);
      expect(linesOf(server.output())).toEqual([]);
    }, 120_000);
  },
);
