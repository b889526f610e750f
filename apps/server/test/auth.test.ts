import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_MANY_ATTEMPTS_MESSAGE } from '../src/auth/sign-in-guard';
import {
  TEST_PASSWORD,
  callFunction,
  cookieHeaderFrom,
  createFirstAdmin,
  createUser,
  postSignIn,
  signIn,
  uniqueEmail,
} from './support/factories';
import { eventually } from './support/eventually';
import { createTestApp, databaseKinds } from './support/test-app';
import type { TestApp } from './support/test-app';

function sessionCookieLine(setCookie: string | string[] | undefined): string {
  const lines = setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie];
  const line = lines.find((candidate) => /^(__Secure-)?better-auth\.session_token=/.test(candidate));
  if (!line) throw new Error(`sin cookie de sesión en ${JSON.stringify(lines)}`);
  return line;
}

describe.each(databaseKinds)('email and password accounts (%s)', (kind) => {
  let t: TestApp;
  let admin: { email: string; cookie: string };

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function countUsers(): Promise<number> {
    return (await t.db.selectFrom('user').select('id').execute()).length;
  }

  it('offers the first account on an empty installation, and no Google when it is not configured', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/login-options' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ needsFirstAccount: true, googleEnabled: false });
  });

  it('makes the first account created through sign-up an administrator', async () => {
    admin = await createFirstAdmin(t);
    const response = await callFunction(t.app, 'loadProfile', null, admin.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.body.result.profile).toMatchObject({ email: admin.email, admin: true });
  });

  it('stops offering the first account once there is one', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/login-options' });
    expect(response.json()).toEqual({ needsFirstAccount: false, googleEnabled: false });
  });

  it('refuses a second sign-up with SIGN_UP_CLOSED (403) and creates nothing', async () => {
    const before = await countUsers();
    const email = uniqueEmail('segunda');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { 'content-type': 'application/json', origin: t.config.publicUrl },
      payload: JSON.stringify({ email, password: TEST_PASSWORD, name: 'Segunda' }),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'SIGN_UP_CLOSED' });
    expect(response.json().message).toMatch(/registro está cerrado/);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await countUsers()).toBe(before);
    expect(await t.db.selectFrom('user').select('id').where('email', '=', email).execute()).toHaveLength(0);
  });

  it('sets the session cookie HttpOnly and SameSite=Lax, and not Secure on plain http', async () => {
    const response = await postSignIn(t, admin.email, TEST_PASSWORD);
    expect(response.statusCode).toBe(200);
    const line = sessionCookieLine(response.headers['set-cookie']);
    expect(line).toMatch(/;\s*HttpOnly/i);
    expect(line).toMatch(/;\s*SameSite=Lax/i);
    expect(line).not.toMatch(/;\s*Secure/i);
    expect(line).toMatch(/;\s*Path=\//i);
  });

  it('revokes the session on sign-out: the old cookie is then UNAUTHENTICATED', async () => {
    const cookie = await signIn(t, admin.email, TEST_PASSWORD);
    expect((await callFunction(t.app, 'loadProfile', null, cookie)).statusCode).toBe(200);
    const signOut = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { 'content-type': 'application/json', origin: t.config.publicUrl, cookie },
      payload: '{}',
    });
    expect(signOut.statusCode).toBe(200);
    const response = await callFunction(t.app, 'loadProfile', null, cookie);
    expect(response.statusCode).toBe(401);
    expect(response.body.error.status).toBe('UNAUTHENTICATED');
    // the other sessions of the same person are not touched
    expect((await callFunction(t.app, 'loadProfile', null, admin.cookie)).statusCode).toBe(200);
  });

  it('refuses a session whose expiry has passed, even though it is still stored', async () => {
    const user = await createUser(t, admin.cookie);
    const cookie = await signIn(t, user.email, user.password);
    expect((await callFunction(t.app, 'loadProfile', null, cookie)).statusCode).toBe(200);
    await t.db
      .updateTable('session')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('userId', '=', user.userId)
      .execute();
    // written past the app: its session cache may answer from the last lookup for up to 1 s (issue 18;
    // an expiry reached in time is refused at once, session-cache.test.ts)
    const response = await eventually(
      () => callFunction(t.app, 'loadProfile', null, cookie),
      (answer) => answer.statusCode !== 200,
    );
    expect(response.statusCode).toBe(401);
    expect(response.body.error.status).toBe('UNAUTHENTICATED');
  });

  it('refuses a wrong password with 401 and no session', async () => {
    const response = await postSignIn(t, admin.email, 'no-es-la-clave');
    expect(response.statusCode).toBe(401);
    expect(cookieHeaderFrom(response.headers['set-cookie'])).not.toMatch(/session_token=/);
  });

  it('refuses the 6th attempt after 5 wrong passwords, even with the right password (429, in Spanish)', async () => {
    const user = await createUser(t, admin.cookie);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await postSignIn(t, user.email, `incorrecta-${attempt}`)).statusCode).toBe(401);
    }
    const response = await postSignIn(t, user.email, user.password);
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({ code: 'TOO_MANY_ATTEMPTS', message: TOO_MANY_ATTEMPTS_MESSAGE });
    expect(response.json().message).toMatch(/^Demasiados intentos fallidos/);
    expect(response.headers['set-cookie']).toBeUndefined();

    // the block is for that email from that address: the person can still sign in from elsewhere
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: '10.20.30.40',
      headers: { 'content-type': 'application/json', origin: t.config.publicUrl },
      payload: JSON.stringify({ email: user.email, password: user.password }),
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('forgets earlier wrong passwords after a successful sign-in', async () => {
    const user = await createUser(t, admin.cookie);
    for (let attempt = 1; attempt <= 4; attempt += 1) await postSignIn(t, user.email, 'incorrecta');
    expect((await postSignIn(t, user.email, user.password)).statusCode).toBe(200);
    for (let attempt = 1; attempt <= 4; attempt += 1) await postSignIn(t, user.email, 'incorrecta');
    expect((await postSignIn(t, user.email, user.password)).statusCode).toBe(200);
  });
});

describe.each(databaseKinds)('accounts behind https (%s)', (kind) => {
  const publicUrl = 'https://cimiento.example.cl';
  const firstEmail = uniqueEmail('segura');
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { PUBLIC_URL: publicUrl });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('marks the session cookie Secure (and HttpOnly, SameSite=Lax) when PUBLIC_URL is https', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { 'content-type': 'application/json', origin: publicUrl },
      payload: JSON.stringify({ email: firstEmail, password: TEST_PASSWORD, name: 'Segura' }),
    });
    expect(response.statusCode).toBe(200);
    const line = sessionCookieLine(response.headers['set-cookie']);
    expect(line).toMatch(/;\s*Secure/i);
    expect(line).toMatch(/;\s*HttpOnly/i);
    expect(line).toMatch(/;\s*SameSite=Lax/i);
    const cookie = cookieHeaderFrom(response.headers['set-cookie']);
    expect((await callFunction(t.app, 'loadProfile', null, cookie)).statusCode).toBe(200);
  });

  it('refuses a cookie-carrying auth request sent from another origin (no cross-site sign-out)', async () => {
    const account = await createFirstAdmin(t).catch(() => undefined);
    const cookie = account?.cookie ?? (await signIn(t, firstEmail, TEST_PASSWORD));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { 'content-type': 'application/json', origin: 'https://atacante.example.com', cookie },
      payload: '{}',
    });
    expect(response.statusCode).toBe(403);
    expect((await callFunction(t.app, 'loadProfile', null, cookie)).statusCode).toBe(200);
  });
});

describe.each(databaseKinds)('the first account under a race (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('makes exactly one administrator when several first sign-ups arrive at once', async () => {
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/sign-up/email',
          headers: { 'content-type': 'application/json', origin: t.config.publicUrl },
          payload: JSON.stringify({ email: uniqueEmail(`carrera${index}`), password: TEST_PASSWORD, name: 'Carrera' }),
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 403, 403, 403, 403, 403]);
    const users = await t.db.selectFrom('user').select('role').execute();
    expect(users).toEqual([{ role: 'admin' }]);
  });
});
