import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAUTH_CALLBACK_PATH, crossSiteRefusalMessage } from '../src/http/same-origin';
import { TEST_PASSWORD, createFirstAdmin, createSignedInUser } from './support/factories';
import type { TestAccount } from './support/factories';
import { createTestApp, databaseKinds } from './support/test-app';
import type { TestApp } from './support/test-app';

/**
 * Issue 17, F4: with a valid session cookie, a call that a browser marks as coming from another
 * site is refused before it does anything; the app's own calls (same Origin, or none) go on.
 */
describe.each(databaseKinds)('same-origin calls only (%s)', (kind) => {
  let t: TestApp;
  let admin: TestAccount;
  let member: TestAccount;
  let codeCounter = 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await createFirstAdmin(t);
    // issue 36: the catalogue (saveObject, the call these tests send) is an administrator's
    member = await createSignedInUser(t, admin.cookie, { admin: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  function nextCode(): string {
    codeCounter += 1;
    return `ORIG${codeCounter}`;
  }

  async function saveActivity(code: string, headers: Record<string, string>, url = '/api/functions/saveObject') {
    return t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', cookie: member.cookie, ...headers },
      payload: JSON.stringify({ data: { collection: 'actividades', object: { code, name: 'Excavación' } } }),
    });
  }

  async function activityExists(code: string): Promise<boolean> {
    const rows = await t.db.selectFrom('catalogue_activity').select('code').where('code', '=', code).execute();
    return rows.length > 0;
  }

  it.each([
    ['an Origin of another site', { origin: 'http://evil.example' }],
    ['Origin: null (a sandboxed frame, a data: page)', { origin: 'null' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['a sibling origin on another port', { origin: 'http://localhost:4000' }],
    ['an Origin that is not a URL', { origin: 'evil' }],
    [
      'the own Origin with Sec-Fetch-Site: cross-site',
      { origin: 'http://localhost:3000', 'sec-fetch-site': 'cross-site' },
    ],
  ])('refuses saveObject with %s: 403 PERMISSION_DENIED in Spanish, and creates nothing', async (_name, headers) => {
    const code = nextCode();
    const response = await saveActivity(code, headers);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: { status: 'PERMISSION_DENIED', message: crossSiteRefusalMessage(t.config.publicUrl) },
    });
    expect(response.json().error.message).toMatch(
      /^La solicitud llegó desde otro sitio y fue rechazada: abre Cimiento en /,
    );
    expect(await activityExists(code)).toBe(false);
  });

  it("accepts the app's own calls: its Origin with Sec-Fetch-Site same-origin, or no such headers at all", async () => {
    expect(t.config.publicUrl).toBe('http://localhost:3000');
    const ownCalls: Record<string, string>[] = [
      { origin: t.config.publicUrl, 'sec-fetch-site': 'same-origin' },
      { origin: t.config.publicUrl.toUpperCase() },
      { 'sec-fetch-site': 'none' },
      {},
    ];
    for (const headers of ownCalls) {
      const code = nextCode();
      const response = await saveActivity(code, headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(200);
      expect(await activityExists(code)).toBe(true);
    }
  });

  it('refuses a foreign Origin however the function path is spelled, and for a function that does not exist', async () => {
    const code = nextCode();
    const encoded = await saveActivity(code, { origin: 'http://evil.example' }, '/api/%66unctions/saveObject');
    expect(encoded.statusCode).toBe(403);
    expect(await activityExists(code)).toBe(false);
    const missing = await saveActivity(nextCode(), { 'sec-fetch-site': 'cross-site' }, '/api/functions/noExiste');
    expect(missing.statusCode).toBe(403);
    expect(missing.json().error.status).toBe('PERMISSION_DENIED');
  });

  it('refuses sign-in/email from a foreign Origin with 403 {code, message} in Spanish, and signs nobody in', async () => {
    const before = await t.db.selectFrom('session').select('id').execute();
    for (const headers of [
      { origin: 'http://evil.example' },
      { origin: 'null' },
      { origin: t.config.publicUrl, 'sec-fetch-site': 'cross-site' },
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { 'content-type': 'application/json', ...headers },
        payload: JSON.stringify({ email: member.email, password: TEST_PASSWORD }),
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        code: 'PERMISSION_DENIED',
        message: crossSiteRefusalMessage(t.config.publicUrl),
      });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    expect(await t.db.selectFrom('session').select('id').execute()).toHaveLength(before.length);
  });

  it('refuses a cross-site read of the session and a cross-site sign-out, which then leaves the session alive', async () => {
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: member.cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(read.statusCode).toBe(403);
    expect(read.body).not.toContain(member.email);
    const signOut = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { 'content-type': 'application/json', cookie: member.cookie, origin: 'http://evil.example' },
      payload: '{}',
    });
    expect(signOut.statusCode).toBe(403);
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: member.cookie },
    });
    expect(session.json().user.email).toBe(member.email);
  });

  it("lets the provider's cross-site GET navigation reach the OAuth callback (state decides), and only that", async () => {
    // no sign-in was started, so better-auth's state check sends the browser to /login with an error
    const callback = await t.app.inject({
      method: 'GET',
      url: `${OAUTH_CALLBACK_PATH}?code=abc&state=forjado`,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(callback.statusCode).toBe(302);
    expect(new URL(String(callback.headers.location), t.config.publicUrl).pathname).toBe('/login');
    expect(callback.headers['set-cookie'] ?? '').not.toMatch(/session_token=/);

    for (const method of ['POST', 'HEAD'] as const) {
      const response = await t.app.inject({
        method,
        url: `${OAUTH_CALLBACK_PATH}?code=abc&state=forjado`,
        headers: { 'sec-fetch-site': 'cross-site' },
      });
      expect(response.statusCode, method).toBe(403);
    }
    const otherProvider = await t.app.inject({
      method: 'GET',
      url: '/api/auth/callback/otro?code=abc&state=forjado',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(otherProvider.statusCode).toBe(403);
  });
});
