import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFirstAdmin, createUserApi, signInContext, uniqueAccount } from '../support/api';
import { launchBrowser, newContext, screenshot } from '../support/browser';
import type { RunningServer } from '../support/server';
import { startServer } from '../support/server';

describe('Usuarios', () => {
  let server: RunningServer;
  let browser: Browser;
  const admin = uniqueAccount('admin');
  const colleague = uniqueAccount('colega');
  const viewer = uniqueAccount('visor');

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const adminCookie = await createFirstAdmin(server.url, admin);
    await createUserApi(server.url, adminCookie, viewer, false);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('lets an administrator create a user who then signs in with the temporary password', async () => {
    const context = await newContext(browser, server.url);
    await signInContext(context, server.url, admin.email, admin.password);
    const page = await context.newPage();
    await page.goto('/usuarios/list');
    await page.getByRole('button', { name: 'Nuevo Usuario' }).click();
    await page.waitForURL('**/usuarios/new');
    await page.getByRole('button', { name: 'Crear usuario' }).waitFor();
    await page.getByLabel('Nombre').fill(colleague.name);
    await page.getByLabel('Correo').fill(colleague.email);
    await page.getByLabel('Contraseña temporal').fill(colleague.password);
    await screenshot(page, 'usuarios-new');
    await page.getByRole('button', { name: 'Crear usuario' }).click();
    await page.waitForURL('**/usuarios/list');
    // the table's cell (the notice of the new account may name the email too, while it shows)
    await page.getByRole('cell', { name: colleague.email, exact: true }).waitFor();
    await screenshot(page, 'usuarios-list-admin');
    await context.close();

    const own = await newContext(browser, server.url);
    const ownPage = await own.newPage();
    await ownPage.goto('/login');
    await ownPage.getByLabel('Correo').fill(colleague.email);
    await ownPage.getByLabel('Contraseña').fill(colleague.password);
    await ownPage.getByRole('button', { name: 'Ingresar', exact: true }).click();
    await ownPage.waitForURL('**/home');
    await ownPage.getByText(colleague.name).first().waitFor();
    await own.close();
  });

  it('shows a non-administrator the list only, and refuses the new-user form', async () => {
    const context = await newContext(browser, server.url);
    await signInContext(context, server.url, viewer.email, viewer.password);
    const page = await context.newPage();
    await page.goto('/usuarios/list');
    await page.getByText(admin.email).waitFor();
    await expect(page.getByRole('button', { name: 'Nuevo Usuario' }).count()).resolves.toBe(0);
    await screenshot(page, 'usuarios-list-viewer');
    await page.goto('/usuarios/new');
    await page.getByText('Solo un administrador puede crear usuarios').waitFor();
    await expect(page.getByRole('button', { name: 'Crear usuario' }).count()).resolves.toBe(0);
    await context.close();
  });
});
