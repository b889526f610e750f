import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISABLED_USER_MESSAGE } from '../src/auth/auth';
import { TestBrowser } from './support/browser-fetch';
import { callFunction, createUser } from './support/factories';
import { GOOGLE_CALLBACK_PATH, startOidcProvider } from './support/oidc-provider';
import type { OidcProvider } from './support/oidc-provider';
import { createTestApp, databaseKinds, findFreePort } from './support/test-app';
import type { TestApp } from './support/test-app';

/**
 * The production Google code path (better-auth's generic OAuth provider 'google': discovery,
 * authorize with PKCE, the provider's login and consent pages, callback, token exchange, ID token
 * check) against a local OpenID provider, with fetch and a cookie jar as the browser.
 */
describe.each(databaseKinds)('Google sign-in through a local OpenID provider (%s)', (kind) => {
  let provider: OidcProvider;
  let t: TestApp;

  beforeAll(async () => {
    const port = await findFreePort();
    // the app reads the discovery document at start-up: the provider comes first
    provider = await startOidcProvider({
      redirectUris: [`http://127.0.0.1:${port}${GOOGLE_CALLBACK_PATH}`],
      accounts: [
        { email: 'primera@empresa.cl', name: 'Primera Persona' },
        { email: 'con.foto@empresa.cl', name: 'Con Foto', picture: 'https://lh3.googleusercontent.com/a/foto.png' },
        { email: 'nombre.raro@empresa.cl', name: 'Ana\u0000\u0085 Pérez\n' },
      ],
    });
    t = await createTestApp(
      kind,
      {
        GOOGLE_CLIENT_ID: provider.clientId,
        GOOGLE_CLIENT_SECRET: provider.clientSecret,
        GOOGLE_DISCOVERY_URL: provider.discoveryUrl,
        ALLOWED_EMAIL_DOMAINS: 'empresa.cl',
      },
      { listen: true, port },
    );
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  /**
   * What a person does: "Ingresa con Google", the provider's login form, its consent page, back to
   * the app. With crossSite, every hop into the app carries Sec-Fetch-Site: cross-site, as a
   * browser marks the navigation back from Google's own site (the local provider shares the app's host).
   */
  async function signInWithGoogle(email: string, options: { crossSite?: boolean } = {}) {
    const crossSiteHops: string[] = [];
    const hopHeaders = (next: URL): Record<string, string> => {
      if (!options.crossSite || next.origin !== t.origin) return {};
      crossSiteHops.push(next.pathname);
      return { 'sec-fetch-site': 'cross-site' };
    };
    const browser = new TestBrowser();
    const start = await browser.request(`${t.origin}/api/auth/sign-in/social`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: t.origin },
      body: JSON.stringify({ provider: 'google', callbackURL: '/' }),
    });
    expect(start.status).toBe(200);
    const { url } = (await start.json()) as { url: string };
    expect(url.startsWith(`${provider.issuer}/`)).toBe(true);

    const loginPage = await browser.navigate(url);
    expect(loginPage.url).toMatch(/\/interaction\//);
    expect(loginPage.html).toContain('name="login"');
    const consentPage = await browser.submitForm(loginPage, { login: email, password: 'cualquiera' });
    expect(consentPage.url).toMatch(/\/interaction\//);
    const backInApp = await browser.submitForm(
      consentPage,
      {},
      { stopAt: (next) => next.origin === t.origin && !next.pathname.startsWith('/api/'), hopHeaders },
    );
    expect(backInApp.hops.some((hop) => hop.url.startsWith(`${t.origin}${GOOGLE_CALLBACK_PATH}?`))).toBe(true);
    return { cookie: browser.jar.header(t.origin), landedAt: new URL(backInApp.url), crossSiteHops };
  }

  async function usersWithEmail(email: string) {
    return t.db.selectFrom('user').select(['id', 'role']).where('email', '=', email).execute();
  }

  it('offers Google on /login when it is configured', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/login-options' });
    expect(response.json()).toEqual({ needsFirstAccount: true, googleEnabled: true });
  });

  it('makes the first account on an empty installation, from an allowed domain, the administrator', async () => {
    const { cookie, landedAt } = await signInWithGoogle('primera@empresa.cl');
    expect(landedAt.pathname).toBe('/');
    const response = await callFunction(t.app, 'loadProfile', null, cookie);
    expect(response.statusCode).toBe(200);
    expect(response.body.result.profile).toMatchObject({
      email: 'primera@empresa.cl',
      displayName: 'Primera Persona',
      admin: true,
    });
  });

  it('creates an ordinary user for a later person of an allowed domain', async () => {
    const { cookie } = await signInWithGoogle('maria.gonzalez@empresa.cl');
    const response = await callFunction(t.app, 'loadProfile', null, cookie);
    expect(response.body.result.profile).toMatchObject({
      email: 'maria.gonzalez@empresa.cl',
      displayName: 'Maria Gonzalez',
      admin: false,
    });
    expect(await usersWithEmail('maria.gonzalez@empresa.cl')).toHaveLength(1);
  });

  it('completes the sign-in when the return from the provider is a cross-site navigation (Sec-Fetch-Site: cross-site)', async () => {
    const { cookie, landedAt, crossSiteHops } = await signInWithGoogle('maria.gonzalez@empresa.cl', {
      crossSite: true,
    });
    expect(crossSiteHops).toEqual([GOOGLE_CALLBACK_PATH]);
    expect(landedAt.pathname).toBe('/');
    const response = await callFunction(t.app, 'loadProfile', null, cookie);
    expect(response.statusCode).toBe(200);
    expect(response.body.result.profile.email).toBe('maria.gonzalez@empresa.cl');

    // the exemption is that GET alone: starting a sign-in from another site is refused
    const start = await fetch(`${t.origin}/api/auth/sign-in/social`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
      body: JSON.stringify({ provider: 'google', callbackURL: '/' }),
    });
    expect(start.status).toBe(403);
  });

  it("does not take the provider's picture as the avatar (avatars come only from uploadFile)", async () => {
    const { cookie } = await signInWithGoogle('con.foto@empresa.cl');
    const response = await callFunction(t.app, 'loadProfile', null, cookie);
    expect(response.body.result.profile).toMatchObject({ email: 'con.foto@empresa.cl', displayName: 'Con Foto' });
    expect(response.body.result.profile.photoUrl ?? null).toBeNull();
    const [row] = await t.db.selectFrom('user').select('image').where('email', '=', 'con.foto@empresa.cl').execute();
    expect(row).toEqual({ image: null });
  });

  it("cleans control characters out of the provider's name instead of storing them (issue 17, F1)", async () => {
    const { cookie } = await signInWithGoogle('nombre.raro@empresa.cl');
    const response = await callFunction(t.app, 'loadProfile', null, cookie);
    expect(response.body.result.profile).toMatchObject({ email: 'nombre.raro@empresa.cl', displayName: 'Ana Pérez' });
  });

  it('signs a returning Google user in as the same user', async () => {
    const [before] = await usersWithEmail('maria.gonzalez@empresa.cl');
    const { cookie } = await signInWithGoogle('maria.gonzalez@empresa.cl');
    const response = await callFunction(t.app, 'loadProfile', null, cookie);
    expect(response.body.result.profile.uid).toBe(before?.id);
    expect(await usersWithEmail('maria.gonzalez@empresa.cl')).toHaveLength(1);
  });

  it('sends a person of a domain not allowed to /login?error=DOMAIN_NOT_ALLOWED and creates nothing', async () => {
    const usersBefore = await t.db.selectFrom('user').select('id').execute();
    const { cookie, landedAt } = await signInWithGoogle('intruso@otro.cl');
    expect(landedAt.pathname).toBe('/login');
    expect(landedAt.searchParams.get('error')).toBe('DOMAIN_NOT_ALLOWED');
    expect(landedAt.searchParams.get('error_description')).toContain('no tiene acceso');
    expect(cookie).not.toMatch(/session_token=/);
    expect(await usersWithEmail('intruso@otro.cl')).toHaveLength(0);
    expect(await t.db.selectFrom('user').select('id').execute()).toHaveLength(usersBefore.length);
  });

  it('signs a person whose email already belongs to a user in as that user, whatever the domain', async () => {
    const admin = await signInWithGoogle('primera@empresa.cl');
    const existing = await createUser(t, admin.cookie, { email: 'socia@externa.com', name: 'Socia Externa' });

    const { cookie } = await signInWithGoogle('socia@externa.com');
    const response = await callFunction(t.app, 'loadProfile', null, cookie);
    expect(response.statusCode).toBe(200);
    expect(response.body.result.profile).toMatchObject({
      uid: existing.userId,
      email: 'socia@externa.com',
      admin: false,
    });
    expect(await usersWithEmail('socia@externa.com')).toHaveLength(1);
    const accounts = await t.db
      .selectFrom('account')
      .select('providerId')
      .where('userId', '=', existing.userId)
      .orderBy('providerId')
      .execute();
    expect(accounts.map((account) => account.providerId)).toEqual(['credential', 'google']);
  });

  it('keeps a disabled user out of Google sign-in too', async () => {
    const admin = await signInWithGoogle('primera@empresa.cl');
    const person = await createUser(t, admin.cookie, { email: 'suspendida@empresa.cl' });
    await callFunction(t.app, 'saveUser', { user: { id: person.userId, disabled: true } }, admin.cookie);

    const { cookie, landedAt } = await signInWithGoogle('suspendida@empresa.cl');
    expect(landedAt.pathname).toBe('/login');
    expect(landedAt.searchParams.get('error')).toBe('BANNED_USER');
    expect(landedAt.searchParams.get('error_description')).toBe(DISABLED_USER_MESSAGE);
    expect(cookie).not.toMatch(/session_token=/);
  });
});
