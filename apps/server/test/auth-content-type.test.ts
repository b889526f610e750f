import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLOWED_AUTH_ENDPOINTS, AUTH_BASE_PATH } from '../src/auth/auth-endpoints';
import { NOT_JSON } from '../src/auth/auth-input';
import { TEST_PASSWORD, createFirstAdmin, uniqueEmail } from './support/factories';
import type { TestAccount } from './support/factories';
import { createTestApp, databaseKinds } from './support/test-app';
import type { TestApp } from './support/test-app';

const postEndpoints = ALLOWED_AUTH_ENDPOINTS.filter((endpoint) => endpoint.method === 'POST');
const getEndpoints = ALLOWED_AUTH_ENDPOINTS.filter((endpoint) => endpoint.method === 'GET');

/** What each endpoint would take as JSON; an endpoint added later gets {} (and is still covered). */
function sampleBody(path: string, email: string): Record<string, unknown> {
  switch (path) {
    case '/sign-in/email':
      return { email, password: 'una-clave-equivocada' };
    case '/sign-up/email':
      return { email: uniqueEmail('nueva'), password: TEST_PASSWORD, name: 'Nueva Persona' };
    case '/sign-in/social':
      return { provider: 'google', callbackURL: '/' };
    default:
      return {};
  }
}

/** Every Content-Type that is not JSON, with a body written in it; '' sends none. */
function notJsonBodies(body: Record<string, unknown>): { type: string; payload: string }[] {
  const json = JSON.stringify(body);
  const form = new URLSearchParams(
    Object.entries(body).map(([key, value]): [string, string] => [key, String(value)]),
  ).toString();
  return [
    { type: 'text/plain', payload: json },
    { type: 'text/plain;charset=UTF-8', payload: json },
    { type: 'application/x-www-form-urlencoded', payload: form },
    {
      type: 'multipart/form-data; boundary=limite',
      payload: `--limite\r\nContent-Disposition: form-data; name="email"\r\n\r\n${String(body.email ?? '')}\r\n--limite--\r\n`,
    },
    { type: 'application/xml', payload: '<a/>' },
    { type: 'application/jsonp', payload: json },
    { type: '', payload: json },
    { type: 'text/plain', payload: '' },
  ];
}

/** Issue 30: every /api/auth/* endpoint that takes a body takes JSON only; the GETs are as they were. */
describe.each(databaseKinds)('Content-Type on every auth endpoint (%s)', (kind) => {
  let t: TestApp;
  let admin: TestAccount;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await createFirstAdmin(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Everything better-auth and the sign-in guard write: a refusal before them leaves it as it was. */
  async function authTables() {
    const [users, sessions, accounts, verifications, failures, limits] = await Promise.all([
      t.db.selectFrom('user').select(['id', 'updatedAt']).orderBy('id').execute(),
      t.db.selectFrom('session').select(['id', 'expiresAt', 'updatedAt']).orderBy('id').execute(),
      t.db.selectFrom('account').select(['id']).orderBy('id').execute(),
      t.db.selectFrom('verification').select(['id']).orderBy('id').execute(),
      t.db.selectFrom('login_failure').selectAll().orderBy('key').execute(),
      t.db.selectFrom('rateLimit').selectAll().orderBy('key').execute(),
    ]);
    return { users, sessions, accounts, verifications, failures, limits };
  }

  function send(method: 'GET' | 'POST', path: string, type: string, payload: string) {
    return t.app.inject({
      method,
      url: `${AUTH_BASE_PATH}${path}`,
      headers: { origin: t.config.publicUrl, cookie: admin.cookie, ...(type === '' ? {} : { 'content-type': type }) },
      ...(payload === '' ? {} : { payload }),
    });
  }

  it("knows the endpoints: the web's four POSTs and two GETs", () => {
    expect(postEndpoints.map((endpoint) => endpoint.path).sort()).toEqual(
      ['/sign-in/email', '/sign-in/social', '/sign-out', '/sign-up/email'].sort(),
    );
    expect(getEndpoints.length).toBe(2);
  });

  it.each(postEndpoints)(
    'refuses $method $path with any Content-Type but JSON: 415 in Spanish, nothing written, the session kept',
    async ({ method, path }) => {
      for (const { type, payload } of notJsonBodies(sampleBody(path, admin.email))) {
        const before = await authTables();
        const response = await send(method, path, type, payload);
        expect(response.statusCode, `${type || 'sin Content-Type'} ${payload ? 'con cuerpo' : 'sin cuerpo'}`).toBe(415);
        expect(response.json()).toEqual({ code: NOT_JSON.code, message: NOT_JSON.message });
        expect(response.headers['set-cookie']).toBeUndefined();
        // neither the guard (login_failure) nor better-auth (its rate limit counts every request it sees) ran
        expect(await authTables(), type).toEqual(before);
      }
      const session = await send('GET', '/get-session', '', '');
      expect(session.json().user.id).toBe(admin.userId);
    },
  );

  it.each(postEndpoints)(
    'lets $method $path through as JSON (with or without charset), as the web sends it',
    async ({ method, path }) => {
      for (const type of ['application/json', 'application/json; charset=utf-8']) {
        const before = await authTables();
        const response = await send(method, path, type, JSON.stringify(sampleBody(path, admin.email)));
        expect(response.statusCode, `${path} ${type}: ${response.body}`).not.toBe(415);
        // better-auth saw it: its rate limit counted the request
        expect((await authTables()).limits, `${path} ${type}`).not.toEqual(before.limits);
        if (path === '/sign-out') admin = { ...admin, cookie: await signInAgain() };
      }
    },
  );

  it.each(getEndpoints)('answers $method $path whatever Content-Type the request names', async ({ method, path }) => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', '']) {
      const response = await send(method, path === '/callback/google' ? `${path}?code=abc` : path, type, '');
      expect(response.statusCode, `${path} ${type}`).not.toBe(415);
      if (path === '/get-session') expect(response.json().user.id).toBe(admin.userId);
      else expect(response.statusCode).toBe(302);
    }
  });

  async function signInAgain(): Promise<string> {
    const response = await t.app.inject({
      method: 'POST',
      url: `${AUTH_BASE_PATH}/sign-in/email`,
      headers: { origin: t.config.publicUrl, 'content-type': 'application/json' },
      payload: JSON.stringify({ email: admin.email, password: admin.password }),
    });
    expect(response.statusCode).toBe(200);
    const setCookie = response.headers['set-cookie'];
    const first = (Array.isArray(setCookie) ? setCookie[0] : setCookie) ?? '';
    return first.split(';')[0] ?? '';
  }
});
