import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFirstAdmin, signInContext, uniqueAccount } from '../support/api';
import { launchBrowser, newContext, screenshot } from '../support/browser';
import { ONE_PIXEL_GIF, ONE_PIXEL_PNG } from '../support/fixtures';
import type { RunningServer } from '../support/server';
import { startServer } from '../support/server';

describe('profile and appearance', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const admin = uniqueAccount('perfil');

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    await createFirstAdmin(server.url, admin);
    context = await newContext(browser, server.url);
    await signInContext(context, server.url, admin.email, admin.password);
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('updates the profile and keeps it after a reload', async () => {
    await page.goto('/profile/settings');
    await page.getByLabel('Cargo').fill('Jefa de proyecto');
    await page.getByLabel('Ubicación').fill('Valparaíso');
    await page.getByLabel('Teléfono móvil').fill('+56 9 8765 4321');
    await page.getByLabel('Fecha de nacimiento').fill('1988-09-18');
    await page.getByRole('button', { name: 'Actualizar información' }).click();
    await page.getByText('Usuario actualizado').waitFor();
    await page.getByText('Mensaje de Cimiento').first().waitFor();
    await screenshot(page, 'profile-updated');

    await page.reload();
    await expect(page.getByLabel('Cargo').inputValue()).resolves.toBe('Jefa de proyecto');
    await expect(page.getByLabel('Ubicación').inputValue()).resolves.toBe('Valparaíso');
    await expect(page.getByLabel('Teléfono móvil').inputValue()).resolves.toBe('+56 9 8765 4321');
    await expect(page.getByLabel('Fecha de nacimiento').inputValue()).resolves.toBe('1988-09-18');
  });

  it('uploads an avatar and shows it', async () => {
    await page.goto('/profile/settings');
    await page
      .getByLabel('Cambiar foto')
      .setInputFiles({ name: 'yo.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
    const avatar = page.locator('img[src*="/files/avatars/"]').first();
    await avatar.waitFor();
    const src = await avatar.getAttribute('src');
    const served = await fetch(new URL(src ?? '', server.url));
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(ONE_PIXEL_PNG)).toBe(true);
    await screenshot(page, 'profile-avatar');
  });

  it('refuses a GIF avatar with a clear message and keeps the old one', async () => {
    const before = await page.locator('img[src*="/files/avatars/"]').first().getAttribute('src');
    await page
      .getByLabel('Cambiar foto')
      .setInputFiles({ name: 'x.gif', mimeType: 'image/gif', buffer: ONE_PIXEL_GIF });
    await page
      .getByText(/PNG, JPEG o WebP/)
      .first()
      .waitFor();
    await page.reload();
    await expect(page.locator('img[src*="/files/avatars/"]').first().getAttribute('src')).resolves.toBe(before);
  });

  it('switches to dark mode from the configurator and keeps it after a reload', async () => {
    await page.goto('/home');
    await page.getByRole('button', { name: 'Configuración Dashboard' }).click();
    await page.getByLabel('Fondo claro / Fondo Oscuro').check();
    await page.locator('html[data-theme-mode="dark"]').waitFor({ state: 'attached' });
    await page.keyboard.press('Escape');
    await screenshot(page, 'home-dark');
    await page.reload();
    await page.locator('html[data-theme-mode="dark"]').waitFor({ state: 'attached' });
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const channels = (background.match(/\d+/g) ?? []).slice(0, 3).map(Number);
    expect(channels).toHaveLength(3);
    expect(Math.max(...channels)).toBeLessThan(80);
  });
});
