import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueAccount } from '../support/api';
import { launchBrowser, newContext, screenshot } from '../support/browser';
import type { RunningServer } from '../support/server';
import { startServer } from '../support/server';

describe('sign-in on a fresh installation', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const admin = uniqueAccount('admin');

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    context = await newContext(browser, server.url);
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('sends a visitor without a session to /login', async () => {
    await page.goto('/profile/settings');
    await page.waitForURL('**/login');
  });

  it('offers "Crear cuenta de administrador" while no user exists and creates the administrator', async () => {
    await page.goto('/login');
    await page.getByLabel('Nombre').fill(admin.name);
    await page.getByLabel('Correo').fill(admin.email);
    await page.getByLabel('Contraseña').fill(admin.password);
    await screenshot(page, 'login-first-account');
    await page.getByRole('button', { name: 'Crear cuenta de administrador' }).click();
    await page.waitForURL('**/home');
    await page.getByText(admin.name).first().waitFor();
    await screenshot(page, 'home-after-first-account');
  });

  it('no longer offers the first-account form once a user exists', async () => {
    const options = (await (await fetch(`${server.url}/api/login-options`)).json()) as { needsFirstAccount: boolean };
    expect(options.needsFirstAccount).toBe(false);
  });

  it('signs out with the "Cerrar sesión" icon and lands on /login', async () => {
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await page.waitForURL('**/login');
    await expect(page.getByRole('button', { name: 'Crear cuenta de administrador' }).count()).resolves.toBe(0);
    await page.goto('/home');
    await page.waitForURL('**/login');
    await screenshot(page, 'login');
  });

  it('shows a red alert on a wrong password and stays on /login', async () => {
    await page.getByLabel('Correo').fill(admin.email);
    await page.getByLabel('Contraseña').fill('no-es-la-clave');
    await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    await expect(alert.textContent()).resolves.toMatch(/incorrect/i);
    expect(new URL(page.url()).pathname).toBe('/login');
    await screenshot(page, 'login-wrong-password');
  });

  it('signs in again with email and password and goes to the home screen', async () => {
    await page.getByLabel('Contraseña').fill(admin.password);
    await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
    await page.waitForURL('**/home');
  });

  it('sends a signed-in user who opens /login back to the app', async () => {
    await page.goto('/login');
    await page.waitForURL('**/home');
  });

  it('goes to /login when the session is revoked elsewhere', async () => {
    // the screen's own loads (the sidebar's project list among them) finish first, so the call
    // that meets the revoked session is the one the click makes
    await page.getByRole('link', { name: 'Mi perfil' }).waitFor();
    await page.waitForLoadState('networkidle');
    const cookies = await context.cookies();
    const cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const revoked = await fetch(`${server.url}/api/auth/sign-out`, {
      method: 'POST',
      headers: { cookie, origin: server.url, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(revoked.ok).toBe(true);
    // the next call the app makes answers UNAUTHENTICATED
    await page.getByRole('link', { name: 'Mi perfil' }).click();
    await page.waitForURL('**/login');
  });
});
