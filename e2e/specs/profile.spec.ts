import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { ONE_PIXEL_GIF, ONE_PIXEL_PNG } from '../support/fixtures';
import type { SignedInSession } from '../support/signed-in';
import { openAsFirstAdmin } from '../support/signed-in';

describe('profile and appearance', () => {
  let session: SignedInSession;

  beforeAll(async () => {
    session = await openAsFirstAdmin('perfil');
  });

  afterAll(async () => {
    await session?.close();
  });

  it('updates the profile and keeps it after a reload', async () => {
    await session.page.goto('/profile/settings');
    await session.page.getByLabel('Cargo').fill('Jefa de proyecto');
    await session.page.getByLabel('Ubicación').fill('Valparaíso');
    await session.page.getByLabel('Teléfono móvil').fill('+56 9 8765 4321');
    await session.page.getByLabel('Fecha de nacimiento').fill('1988-09-18');
    await session.page.getByRole('button', { name: 'Actualizar información' }).click();
    await session.page.getByText('Usuario actualizado').waitFor();
    await session.page.getByText('Mensaje de Cimiento').first().waitFor();
    await screenshot(session.page, 'profile-updated');

    await session.page.reload();
    await expect(session.page.getByLabel('Cargo').inputValue()).resolves.toBe('Jefa de proyecto');
    await expect(session.page.getByLabel('Ubicación').inputValue()).resolves.toBe('Valparaíso');
    await expect(session.page.getByLabel('Teléfono móvil').inputValue()).resolves.toBe('+56 9 8765 4321');
    await expect(session.page.getByLabel('Fecha de nacimiento').inputValue()).resolves.toBe('1988-09-18');
  });

  it('uploads an avatar and shows it', async () => {
    await session.page.goto('/profile/settings');
    await session.page
      .getByLabel('Cambiar foto')
      .setInputFiles({ name: 'yo.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
    const avatar = session.page.locator('img[src*="/files/avatars/"]').first();
    await avatar.waitFor();
    const src = new URL((await avatar.getAttribute('src')) ?? '', session.server.url).toString();
    // the page shows it: the browser sent its session cookie with the image
    const shownWidth = await avatar.evaluate((element) => {
      const image = element as HTMLImageElement;
      if (image.complete) return image.naturalWidth;
      return new Promise<number>((resolve) => {
        image.addEventListener('load', () => resolve(image.naturalWidth));
        image.addEventListener('error', () => resolve(0));
      });
    });
    expect(shownWidth).toBe(1);
    const served = await session.context.request.get(src);
    expect(served.status()).toBe(200);
    expect((await served.body()).equals(ONE_PIXEL_PNG)).toBe(true);
    // avatars need a session
    expect((await fetch(src)).status).toBe(401);
    await screenshot(session.page, 'profile-avatar');
  });

  it('refuses a GIF avatar with a clear message and keeps the old one', async () => {
    const before = await session.page.locator('img[src*="/files/avatars/"]').first().getAttribute('src');
    await session.page
      .getByLabel('Cambiar foto')
      .setInputFiles({ name: 'x.gif', mimeType: 'image/gif', buffer: ONE_PIXEL_GIF });
    await session.page
      .getByText(/PNG, JPEG o WebP/)
      .first()
      .waitFor();
    await session.page.reload();
    await expect(session.page.locator('img[src*="/files/avatars/"]').first().getAttribute('src')).resolves.toBe(before);
  });

  it('switches to dark mode from the configurator and keeps it after a reload', async () => {
    await session.page.goto('/home');
    await session.page.getByRole('button', { name: 'Configuración Dashboard' }).click();
    await session.page.getByLabel('Fondo claro / Fondo Oscuro').check();
    await session.page.locator('html[data-theme-mode="dark"]').waitFor({ state: 'attached' });
    await session.page.keyboard.press('Escape');
    await screenshot(session.page, 'home-dark');
    await session.page.reload();
    await session.page.locator('html[data-theme-mode="dark"]').waitFor({ state: 'attached' });
    const background = await session.page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const channels = (background.match(/\d+/g) ?? []).slice(0, 3).map(Number);
    expect(channels).toHaveLength(3);
    expect(Math.max(...channels)).toBeLessThan(80);
  });
});
