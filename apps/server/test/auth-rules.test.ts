import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuth } from '../src/auth/auth';
import { resolveAuthSecret } from '../src/auth/secret';
import { ALLOWED_AUTH_ENDPOINTS, AUTH_BASE_PATH, UNUSED_ENDPOINT_MESSAGE } from '../src/auth/auth-endpoints';
import { callFunction, cookieHeaderFrom, createFirstAdmin, createSignedInUser } from './support/factories';
import { dataUrl, tinyPng } from './support/images';
import type { TestAccount } from './support/factories';
import { GOOGLE_CALLBACK_PATH, startOidcProvider } from './support/oidc-provider';
import type { OidcProvider } from './support/oidc-provider';
import { createTestApp, databaseKinds, findFreePort } from './support/test-app';
import type { TestApp } from './support/test-app';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** An endpoint of better-auth's auth.api as it is reachable over HTTP: its methods and its path pattern. */
type HttpEndpoint = { name: string; methods: Method[]; path: string };

function httpEndpoints(api: Record<string, unknown>): HttpEndpoint[] {
  const endpoints: HttpEndpoint[] = [];
  for (const [name, endpoint] of Object.entries(api)) {
    const { path, options } = endpoint as { path?: string; options?: { method?: string | string[] } };
    // server-only endpoints (setPassword) have no path: HTTP cannot reach them
    if (typeof path !== 'string') continue;
    const declared = options?.method ?? 'GET';
    const methods = (Array.isArray(declared) ? declared : [declared]).flatMap((method) =>
      method === '*' ? (['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as Method[]) : [method as Method],
    );
    endpoints.push({ name, methods, path });
  }
  return endpoints;
}

function isAllowed(method: string, concretePath: string): boolean {
  return ALLOWED_AUTH_ENDPOINTS.some((allowed) => allowed.method === method && allowed.path === concretePath);
}

/** Issue 17, F7: better-auth's endpoints held to our rules, and HSTS. */
describe.each(databaseKinds)("better-auth's own endpoints (%s)", (kind) => {
  let provider: OidcProvider;
  let t: TestApp;
  let admin: TestAccount;
  let member: TestAccount;
  let endpoints: HttpEndpoint[];

  beforeAll(async () => {
    const port = await findFreePort();
    provider = await startOidcProvider({ redirectUris: [`http://127.0.0.1:${port}${GOOGLE_CALLBACK_PATH}`] });
    t = await createTestApp(
      kind,
      {
        GOOGLE_CLIENT_ID: provider.clientId,
        GOOGLE_CLIENT_SECRET: provider.clientSecret,
        GOOGLE_DISCOVERY_URL: provider.discoveryUrl,
      },
      { listen: true, port },
    );
    admin = await createFirstAdmin(t);
    member = await createSignedInUser(t, admin.cookie, { name: 'Persona Normal' });
    // the same configuration as the app's, so the same endpoints (plugins included)
    const auth = createAuth({ db: t.db, dialect: kind, config: t.config, secret: 'x'.repeat(48) });
    endpoints = httpEndpoints(auth.api as unknown as Record<string, unknown>);
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  it("lists better-auth's endpoints, its admin plugin's among them (the enumeration sees them all)", () => {
    const paths = endpoints.map((endpoint) => endpoint.path);
    expect(paths).toEqual(expect.arrayContaining(['/get-session', '/update-user', '/admin/set-role', '/callback/:id']));
    expect(endpoints.length).toBeGreaterThan(40);
  });

  it('allows only endpoints better-auth has, each with a method it accepts', () => {
    for (const allowed of ALLOWED_AUTH_ENDPOINTS) {
      const match = endpoints.find(
        (endpoint) =>
          endpoint.methods.includes(allowed.method) &&
          new RegExp(`^${endpoint.path.replace(/:[A-Za-z]+/g, '[^/]+')}$`).test(allowed.path),
      );
      expect(match, `${allowed.method} ${allowed.path}`).toBeDefined();
    }
  });

  it('refuses over HTTP, with 404 in Spanish, every endpoint and method the app does not use, signed in as an administrator', async () => {
    const refused: string[] = [];
    for (const endpoint of endpoints) {
      const concretePath = endpoint.path.replace(/:[A-Za-z]+/g, 'x');
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
        if (isAllowed(method, concretePath)) continue;
        const response = await t.app.inject({
          method,
          url: `${AUTH_BASE_PATH}${concretePath}`,
          headers: {
            cookie: admin.cookie,
            origin: t.config.publicUrl,
            ...(method === 'GET' ? {} : { 'content-type': 'application/json' }),
          },
          ...(method === 'GET' ? {} : { payload: '{}' }),
        });
        expect(response.statusCode, `${method} ${concretePath}`).toBe(404);
        expect(response.json()).toEqual({ code: 'NOT_FOUND', message: UNUSED_ENDPOINT_MESSAGE });
        refused.push(`${method} ${concretePath}`);
      }
    }
    expect(refused).toEqual(
      expect.arrayContaining(['POST /update-user', 'POST /change-password', 'POST /admin/set-role']),
    );
  });

  it('refuses an allowed path spelled differently (percent-escapes, trailing slash, HEAD)', async () => {
    for (const [method, url] of [
      ['GET', '/api/auth/get-session/'],
      ['GET', '/api/auth/get-%73ession'],
      ['POST', '/api/auth/update%2Duser'],
      ['HEAD', '/api/auth/get-session'],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: { cookie: admin.cookie } });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it('still answers the endpoints the web uses', async () => {
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: member.cookie },
    });
    expect(session.statusCode).toBe(200);
    expect(session.json().user.email).toBe(member.email);
    const social = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: { 'content-type': 'application/json', origin: t.config.publicUrl },
      payload: JSON.stringify({ provider: 'google', callbackURL: '/' }),
    });
    expect(social.statusCode).toBe(200);
    expect(social.json().url).toMatch(new RegExp(`^${provider.issuer}/`));
  });

  it('does not let update-user set the avatar or the name: loadProfile shows neither', async () => {
    for (const payload of [{ image: 'javascript:alert(1)' }, { name: '<img src=x onerror=alert(1)>' }]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/update-user',
        headers: { 'content-type': 'application/json', origin: t.config.publicUrl, cookie: member.cookie },
        payload: JSON.stringify(payload),
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(UNUSED_ENDPOINT_MESSAGE);
    }
    const profile = await callFunction(t.app, 'loadProfile', null, member.cookie);
    expect(profile.statusCode).toBe(200);
    expect(profile.body.result.profile.displayName).toBe('Persona Normal');
    expect(profile.body.result.profile.photoUrl ?? null).toBeNull();
    const [row] = await t.db.selectFrom('user').select(['name', 'image']).where('id', '=', member.userId).execute();
    expect(row).toEqual({ name: 'Persona Normal', image: null });
  });

  it('sends no HSTS header when PUBLIC_URL is http', async () => {
    expect(t.config.publicUrl.startsWith('http://')).toBe(true);
    for (const url of ['/healthz', '/api/login-options', '/api/auth/get-session']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['strict-transport-security'], url).toBeUndefined();
    }
  });
});

describe.each(databaseKinds)('HSTS behind https (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { PUBLIC_URL: 'https://cimiento.example.cl' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sends Strict-Transport-Security for a year, on every kind of answer, when PUBLIC_URL is https', async () => {
    const admin = await createFirstAdmin(t);
    const answers = [
      await t.app.inject({ method: 'GET', url: '/healthz' }),
      await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie: admin.cookie } }),
      await t.app.inject({ method: 'GET', url: '/api/nope' }),
      await callFunction(t.app, 'loadProfile', null, admin.cookie),
    ];
    for (const answer of answers) {
      expect(answer.headers['strict-transport-security']).toBe('max-age=31536000');
    }
  });
});

describe.each(databaseKinds)('avatars only from uploadFile (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function storedImage(userId: string): Promise<string | null> {
    const [row] = await t.db.selectFrom('user').select('image').where('id', '=', userId).execute();
    return row?.image ?? null;
  }

  it("drops the sign-up body's image, refuses update-user's even on the server, and keeps uploadFile's", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { 'content-type': 'application/json', origin: t.config.publicUrl },
      payload: JSON.stringify({
        email: 'primera@example.cl',
        password: 'contraseña-de-prueba-1',
        name: 'Primera',
        image: 'javascript:alert(1)',
      }),
    });
    expect(response.statusCode).toBe(200);
    const userId = response.json().user.id as string;
    const cookie = cookieHeaderFrom(response.headers['set-cookie']);
    expect(await storedImage(userId)).toBeNull();
    expect((await callFunction(t.app, 'loadProfile', null, cookie)).body.result.profile.photoUrl ?? null).toBeNull();

    // better-auth's own update-user, called in process with the app's secret (HTTP refuses it):
    // the other fields change, the image does not
    const secret = resolveAuthSecret(t.config.authSecret, t.config.dataDir);
    const auth = createAuth({ db: t.db, dialect: kind, config: t.config, secret });
    const headers = new Headers({ cookie, origin: t.config.publicUrl });
    await auth.api.updateUser({ body: { image: 'javascript:alert(1)', name: 'Primera Persona' }, headers });
    const [row] = await t.db.selectFrom('user').select(['name', 'image']).where('id', '=', userId).execute();
    expect(row).toEqual({ name: 'Primera Persona', image: null });

    const upload = await callFunction(
      t.app,
      'uploadFile',
      { purpose: 'avatar', dataUrl: dataUrl('image/png', tinyPng()) },
      cookie,
    );
    expect(upload.statusCode).toBe(200);
    expect(await storedImage(userId)).toBe(upload.body.result.url);
  });
});
