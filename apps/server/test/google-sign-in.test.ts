import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from './support/browser-fetch';
import { callFunction, createFirstAdmin } from './support/factories';
import { GOOGLE_CALLBACK_PATH, startOidcProvider } from './support/oidc-provider';
import type { OidcProvider } from './support/oidc-provider';
import { createTestApp, databaseKinds, findFreePort } from './support/test-app';
import type { TestApp } from './support/test-app';

describe.each(databaseKinds)('Google sign-in through a local OpenID provider (%s)', (kind) => {
  let provider: OidcProvider;
  let t: TestApp;
  beforeAll(async () => {
    const port = await findFreePort();
    provider = await startOidcProvider({ redirectUris: [`http://127.0.0.1:${port}${GOOGLE_CALLBACK_PATH}`] });
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

  async function signInWithGoogle(email: string) {
    const browser = new TestBrowser();
    const start = await browser.request(`${t.origin}/api/auth/sign-in/social`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: t.origin },
      body: JSON.stringify({ provider: 'google', callbackURL: '/' }),
    });
    const started = (await start.json()) as { url: string };
    console.log(start.status, started);
    const login = await browser.navigate(started.url);
    console.log(login.hops, login.html.slice(0, 200));
    const consent = await browser.submitForm(login, { login: email, password: 'cualquiera' });
    console.log(consent.hops);
    const end = await browser.submitForm(consent, {}, { stopAt: (url) => url.origin === t.origin && !url.pathname.startsWith('/api/') });
    console.log(end.hops);
    return { browser, end };
  }

  it('disallowed', async () => {
    const { end } = await signInWithGoogle('intruso@otro.cl');
    console.log(end);
  });
  it('allowed domain creates the user', async () => {
    const { browser } = await signInWithGoogle('ana.perez@empresa.cl');
    const cookie = browser.jar.header(t.origin);
    const r = await callFunction(t.app, 'loadProfile', null, cookie);
    console.log(r.body);
    expect(r.body.result.profile.email).toBe('ana.perez@empresa.cl');
  });
});
