import { functionContracts } from '@cimiento/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { LazyHandler } from '../src/core/define-handler';
import { functionHandlers } from '../src/functions/handlers';
import { callFunction, createFirstAdmin, createUser, signIn } from './support/factories';
import { createTestApp, databaseKinds } from './support/test-app';
import type { TestApp } from './support/test-app';

// Words zod writes in its English messages; a Spanish product never shows them.
const ENGLISH_ZOD_WORDS = /\b(Invalid|expected|received|Unrecognized|Required|Too (big|small))\b/;

/** Top-level field names of a function's input, when its input is an object (or a union of objects). */
function inputFields(input: z.ZodType): string[] {
  if (input instanceof z.ZodObject) return Object.keys(input.shape);
  if (input instanceof z.ZodUnion) return input.options.flatMap((option) => inputFields(option as z.ZodType));
  return [];
}

describe('function registry', () => {
  it('has exactly one handler for every contract, and no handler without a contract', () => {
    const contractNames = functionContracts.map((contract) => contract.name);
    const handlerNames = functionHandlers.map((handler) => handler.contract.name);
    expect(new Set(contractNames).size).toBe(contractNames.length);
    expect(new Set(handlerNames).size).toBe(handlerNames.length);
    expect([...handlerNames].sort()).toEqual([...contractNames].sort());
    for (const contract of functionContracts) {
      // the very contract object, so the route validates with the schema the web client is typed from
      expect(functionHandlers.find((handler) => handler.contract.name === contract.name)?.contract).toBe(contract);
    }
  });

  it('loads each lazily imported handler from the module of its own contract', async () => {
    const lazy = functionHandlers.filter((handler): handler is LazyHandler => 'load' in handler);
    // issue 18: the Gantt, exchange, progress, estado de pago and S-curve functions
    expect(lazy.map((handler) => handler.contract.name)).toEqual(
      expect.arrayContaining(['loadGantt', 'exportGantt', 'importProject', 'exportEstadoPago', 'loadSCurve']),
    );
    for (const handler of lazy) {
      const loaded = await handler.load();
      expect(loaded.contract).toBe(handler.contract);
      expect('load' in loaded).toBe(false);
      // a second call gets the same module, not another import
      expect(await handler.load()).toBe(loaded);
    }
  });
});

describe.each(databaseKinds)('callable functions protocol (%s)', (kind) => {
  let t: TestApp;
  let cookie: string;
  let expiredCookie: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const admin = await createFirstAdmin(t);
    cookie = admin.cookie;
    const user = await createUser(t, cookie);
    expiredCookie = await signIn(t, user.email, user.password);
    await t.db
      .updateTable('session')
      .set({ expiresAt: new Date(Date.now() - 60_000).toISOString() })
      .where('userId', '=', user.userId)
      .execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  describe.each(functionContracts.map((contract) => [contract.name, contract] as const))('%s', (name, contract) => {
    it('refuses a caller without a session with UNAUTHENTICATED (401)', async () => {
      const response = await callFunction(t.app, name, null);
      expect(response.statusCode).toBe(401);
      expect(response.body.error.status).toBe('UNAUTHENTICATED');
      expect(response.body.error.message).toMatch(/sesión/);
    });

    it('refuses a garbage session cookie with UNAUTHENTICATED (401)', async () => {
      const response = await callFunction(t.app, name, null, 'better-auth.session_token=no-es-una-sesion.firma');
      expect(response.statusCode).toBe(401);
      expect(response.body.error.status).toBe('UNAUTHENTICATED');
    });

    it('refuses an expired session with UNAUTHENTICATED (401)', async () => {
      const response = await callFunction(t.app, name, null, expiredCookie);
      expect(response.statusCode).toBe(401);
      expect(response.body.error.status).toBe('UNAUTHENTICATED');
    });

    it.each([
      ['a number', 42],
      ['an object with an unexpected field', { unexpected: true }],
    ])('answers INVALID_ARGUMENT (400) in Spanish for %s as data', async (_label, data) => {
      const response = await callFunction(t.app, name, data, cookie);
      expect(response.statusCode).toBe(400);
      expect(response.body.error.status).toBe('INVALID_ARGUMENT');
      const message: string = response.body.error.message;
      expect(message.length).toBeGreaterThan(0);
      expect(message).not.toMatch(ENGLISH_ZOD_WORDS);
      if (typeof data === 'object') {
        // "<field>: <what is wrong>" for a field the contract knows, or a message naming the unexpected one
        const named = (message.split(':')[0] ?? '').split('.')[0];
        const namesKnownField = inputFields(contract.input).some((field) => named === field);
        expect(namesKnownField || message.includes('unexpected')).toBe(true);
      }
    });

    it('answers INVALID_ARGUMENT when the body is not JSON', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/functions/${name}`,
        headers: { 'content-type': 'application/json', cookie },
        payload: '{"data": no es json',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({
        status: 'INVALID_ARGUMENT',
        message: 'El cuerpo de la solicitud no es JSON válido',
      });
    });

    it('answers INVALID_ARGUMENT when the body has no "data"', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/functions/${name}`,
        headers: { 'content-type': 'application/json', cookie },
        payload: JSON.stringify({ datos: null }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.status).toBe('INVALID_ARGUMENT');
      expect(response.json().error.message).toMatch(/"data"/);
    });

    it(`answers INVALID_ARGUMENT for a body over its limit (${contract.bodyLimit} bytes)`, async () => {
      const filler = 'x'.repeat(contract.bodyLimit);
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/functions/${name}`,
        headers: { 'content-type': 'application/json', cookie },
        payload: JSON.stringify({ data: { filler } }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.status).toBe('INVALID_ARGUMENT');
      // whole megabytes from 1 MB up (every contract's limit is), kilobytes below
      const megabytes = contract.bodyLimit / (1024 * 1024);
      expect(response.json().error.message).toBe(
        `La solicitud supera el tamaño máximo de ${
          megabytes >= 1 && Number.isInteger(megabytes)
            ? `${megabytes} MB`
            : `${Math.round(contract.bodyLimit / 1024)} KB`
        }`,
      );
    });
  });

  it('answers NOT_FOUND (404) for a function that does not exist', async () => {
    const response = await callFunction(t.app, 'deleteEverything', null, cookie);
    expect(response.statusCode).toBe(404);
    expect(response.body.error.status).toBe('NOT_FOUND');
    expect(response.body.error.message).toContain('deleteEverything');
  });

  it('answers NOT_FOUND (404) for an unknown function even without a session', async () => {
    const response = await callFunction(t.app, 'deleteEverything', null);
    expect(response.statusCode).toBe(404);
    expect(response.body.error.status).toBe('NOT_FOUND');
  });

  it('answers a valid call with 200 {"result": …}', async () => {
    const response = await callFunction(t.app, 'loadProfile', null, cookie);
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.body)).toEqual(['result']);
  });
});

describe.each(databaseKinds)('an unexpected failure inside a function (%s)', (kind) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    cookie = (await createFirstAdmin(t)).cookie;
    // break the database under the app: loadProfile reads this table
    await sql`drop table user_profile`.execute(t.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers INTERNAL (500) with only the request id, no stack, no SQL', async () => {
    const response = await callFunction(t.app, 'loadProfile', null, cookie);
    expect(response.statusCode).toBe(500);
    const requestId = response.headers['x-request-id'];
    expect(typeof requestId).toBe('string');
    expect(response.body.error.status).toBe('INTERNAL');
    expect(response.body.error.message).toBe(`Error interno (solicitud ${String(requestId)})`);
    const text = JSON.stringify(response.body);
    expect(text).not.toMatch(/user_profile|select|relation|no such table|\s+at\s|\.ts:/i);
  });
});
