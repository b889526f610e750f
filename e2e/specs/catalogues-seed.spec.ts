import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction, signInApi, uniqueAccount } from '../support/api';
import { launchBrowser, newContext, screenshot } from '../support/browser';
import type { CatalogueRecord } from '../support/catalogues';
import { openCatalogue, rowButton } from '../support/catalogues';
import type { RunningServer } from '../support/server';
import { startServer } from '../support/server';

describe('starter catalogue from the first-administrator form', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const admin = uniqueAccount('inicial');

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = await (await newContext(browser, server.url)).newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function load(collection: string): Promise<CatalogueRecord[]> {
    const cookie = await signInApi(server.url, admin.email, admin.password);
    return (await callFunction<{ objects: CatalogueRecord[] }>(server.url, 'loadObjects', { collection }, cookie))
      .objects;
  }

  it("creates the administrator and loads the starter catalogue ('Cargar catálogos de ejemplo' ticked by default)", async () => {
    await page.goto('/login');
    await page.getByLabel('Nombre').fill(admin.name);
    await page.getByLabel('Correo').fill(admin.email);
    await page.getByLabel('Contraseña').fill(admin.password);
    const seedBox = page.getByRole('checkbox', { name: 'Cargar catálogos de ejemplo' });
    await expect.poll(() => seedBox.isChecked()).toBe(true);
    await screenshot(page, 'catalogues-seed-first-account');
    await page.getByRole('button', { name: 'Crear cuenta de administrador' }).click();
    await page.waitForURL('**/home');
    await page
      .getByText(/Catálogos de ejemplo cargados/)
      .first()
      .waitFor();
  });

  it('shows the starter activities, area types, systems and components on their screens', async () => {
    const activities = await load('actividades');
    expect(activities.length).toBeGreaterThanOrEqual(30);
    await openCatalogue(page, '/admin/actividades', 'Actividades', activities[0]?.name);
    await rowButton(page, activities[1]?.name ?? '').waitFor();
    await screenshot(page, 'catalogues-seed-actividades');

    const areaTypes = await load('tipos-area');
    expect(areaTypes.length).toBeGreaterThanOrEqual(6);
    await openCatalogue(page, '/admin/tipos-area', 'Áreas', areaTypes[0]?.name);

    const systems = await load('sistemas');
    expect(systems.length).toBeGreaterThanOrEqual(8);
    await openCatalogue(page, '/admin/sistemas', 'Sistemas', systems[0]?.name);

    const components = await load('componentes');
    expect(components.length).toBeGreaterThanOrEqual(8);
    await openCatalogue(page, '/admin/componentes', 'Componentes principales', components[0]?.name);
    await rowButton(page, components[0]?.name ?? '').click();
    const dialog = page.getByRole('dialog', { name: 'Componente Principal' });
    await dialog.getByRole('radio', { name: 'Ver actividades de la fila 1' }).check();
    const first = components[0]?.subcomponents?.[0];
    const checklist = dialog.getByRole('group', { name: `${first?.name} - Actividades` });
    await checklist.waitFor();
    await expect.poll(() => checklist.getByRole('checkbox', { checked: true }).count()).toBe(first?.actividades.length);
    await screenshot(page, 'catalogues-seed-componente');
  });
});
