import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OidcProvider } from '../../apps/server/test/support/oidc-provider';
import { GOOGLE_CALLBACK_PATH, startOidcProvider } from '../../apps/server/test/support/oidc-provider';
import { createFirstAdmin, createUserApi, uniqueAccount } from '../support/api';
import { launchBrowser, newContext, screenshot } from '../support/browser';
import type { RunningServer } from '../support/server';
import { onFreePort, startServer } from '../support/server';

/** Clicks 'Ingresa con Google' and signs in on the local OpenID provider's pages as `email`. */
async function signInWithGoogle(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Ingresa con Google' }).click();
  await page.waitForURL(/\/interaction\//);
  await page.locator('input[name=login]').fill(email);
  await page.locator('input[name=password]').fill('cualquiera');
  await page.locator('button[type=submit]').click();
  // consent page
  await page.waitForURL(/\/interaction\//);
  await page.locator('button[type=submit]').click();
}

describe('Google sign-in through a local OpenID provider', () => {
  let oidc: OidcProvider;
  let server: RunningServer;
  let browser: Browser;
  const admin = uniqueAccount('admin');
  const invited = uniqueAccount('invitada', 'externo.com');

  beforeAll(async () => {
    // the provider must know the server's callback (its port) before the server starts: both again
    // on another port when that one was taken meanwhile (spec files run in parallel workers)
    ({ oidc, server } = await onFreePort(async (port) => {
      const provider = await startOidcProvider({ redirectUris: [`http://127.0.0.1:${port}${GOOGLE_CALLBACK_PATH}`] });
      try {
        const started = await startServer(
          {
            GOOGLE_CLIENT_ID: provider.clientId,
            GOOGLE_CLIENT_SECRET: provider.clientSecret,
            GOOGLE_DISCOVERY_URL: provider.discoveryUrl,
            ALLOWED_EMAIL_DOMAINS: 'empresa.cl',
          },
          port,
        );
        return { oidc: provider, server: started };
      } catch (error) {
        await provider.close();
        throw error;
      }
    }));
    const adminCookie = await createFirstAdmin(server.url, admin);
    await createUserApi(server.url, adminCookie, invited);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await oidc?.close();
  });

  it('signs in a new person of an allowed domain and opens the app', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await page.goto('/login');
    await screenshot(page, 'login-with-google');
    await signInWithGoogle(page, 'maria.gonzalez@empresa.cl');
    await page.waitForURL('**/home');
    await page.getByText('Maria Gonzalez').first().waitFor();
    await context.close();
  });

  it('signs in a person whose email already belongs to a user, as that user', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await signInWithGoogle(page, invited.email);
    await page.waitForURL('**/home');
    await page.getByText(invited.name).first().waitFor();
    await context.close();
  });

  it('refuses a person of another domain with a Spanish message on /login', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await signInWithGoogle(page, 'intruso@otro.com');
    await page.waitForURL('**/login**');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    await expect(alert.textContent()).resolves.toContain('no tiene acceso');
    await screenshot(page, 'login-google-refused');
    await context.close();
  });
});
