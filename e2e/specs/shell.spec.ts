import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFirstAdmin, signInContext, uniqueAccount } from '../support/api';
import { launchBrowser, newContext, screenshot } from '../support/browser';
import type { RunningServer } from '../support/server';
import { startServer } from '../support/server';

const routes = [
  '/home',
  '/projects',
  '/projects/new',
  '/projects/current',
  '/projects/current/edp',
  '/projects/current/edc',
  '/projects/current/gantt',
  '/admin/tipos-area',
  '/admin/actividades',
  '/admin/sistemas',
  '/admin/componentes',
  '/usuarios/list',
  '/usuarios/new',
  '/profile/settings',
  '/dashboards/dashboard-default',
  '/dashboards/dashboard-default-old',
  '/dashboards/sales',
  // two of the spec's leftover template demo routes
  '/pages/pricing-page',
  '/applications/kanban',
];

describe('app shell', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const admin = uniqueAccount('shell');

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

  it('redirects / to /home', async () => {
    await page.goto('/');
    await page.waitForURL('**/home');
  });

  it('shows every menu of the sidebar, with the brand and the user', async () => {
    for (const name of [
      'Mi perfil',
      'Nuevo Proyecto',
      'Proyectos',
      'Actividades',
      'Tipos de área',
      'Sistemas',
      'Componentes',
      'Usuarios',
    ]) {
      await page.getByRole('link', { name, exact: true }).first().waitFor();
    }
    for (const text of ['Mis proyectos', 'Administración', admin.name]) {
      await page.getByText(text, { exact: true }).first().waitFor();
    }
    await expect(page.getByRole('link', { name: 'Cimiento' }).first().getAttribute('href')).resolves.toBe('/home');
  });

  it('marks the active link and starts the breadcrumbs with Inicio', async () => {
    await page.getByRole('link', { name: 'Usuarios', exact: true }).click();
    await page.waitForURL('**/usuarios/list');
    await page.locator('a[aria-current="page"]', { hasText: 'Usuarios' }).waitFor();
    await expect(page.locator('a[aria-current="page"]').count()).resolves.toBe(1);
    const inicio = page.getByRole('navigation', { name: 'Ruta de navegación' }).getByRole('link', { name: 'Inicio' });
    await expect(inicio.getAttribute('href')).resolves.toBe('/home');
  });

  it('opens the notifications dropdown with its sample notification', async () => {
    await page.getByRole('button', { name: 'Notificaciones' }).click();
    await expect(page.getByRole('menu').isVisible()).resolves.toBe(true);
    await expect(page.getByRole('menuitem').count()).resolves.toBeGreaterThan(0);
    await screenshot(page, 'shell-notifications');
    await page.keyboard.press('Escape');
  });

  it('has a footer with a copyright line', async () => {
    await page
      .getByText(/©\s*\d{4}\s*Cimiento/)
      .first()
      .waitFor();
  });

  it('opens the configurator with its options', async () => {
    await page.getByRole('button', { name: 'Configuración Dashboard' }).click();
    for (const label of ['Barra de navegación fija', 'Menú lateral angosto', 'Fondo claro / Fondo Oscuro']) {
      await page.getByLabel(label).waitFor();
    }
    await screenshot(page, 'shell-configurator');
    await page.keyboard.press('Escape');
  });

  it('serves every route of the spec without a not-found page', async () => {
    for (const route of routes) {
      await page.goto(route);
      await page.getByRole('link', { name: 'Mi perfil' }).first().waitFor();
      await expect(page.getByText('Página no encontrada').count(), route).resolves.toBe(0);
      await screenshot(page, `route${route.replaceAll('/', '-')}`);
    }
  });

  it('hides the navigation chrome on /login', async () => {
    const fresh = await newContext(browser, server.url);
    const loginPage = await fresh.newPage();
    await loginPage.goto('/login');
    await loginPage.getByLabel('Correo').waitFor();
    await expect(loginPage.getByRole('link', { name: 'Mi perfil' }).count()).resolves.toBe(0);
    await expect(loginPage.getByRole('button', { name: 'Cerrar sesión' }).count()).resolves.toBe(0);
    await fresh.close();
  });
});
