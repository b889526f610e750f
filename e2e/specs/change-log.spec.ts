import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction, createUserApi, signInApi, signInContext, uniqueAccount } from '../support/api';
import type { Account } from '../support/api';
import { newContext, screenshot } from '../support/browser';
import { openCatalogue, recordDialog, rowButton } from '../support/catalogues';
import type { SignedInSession } from '../support/signed-in';
import { openAsFirstAdmin } from '../support/signed-in';

/**
 * Issue 30, nothing destroyed without a trace: the UF values are read-only for a user who is not an
 * administrator; an administrator's change to a UF value and to a catalogue record both appear in
 * the 'Registro de cambios' under Administración, with the record's name and who made it.
 */

/** The year it is in Santiago: 'Valores UF' opens on it. */
const YEAR = Number(
  new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Santiago', year: 'numeric' }).format(new Date()),
);
const UF_DATE = `${YEAR}-03-01`;
const UF_SHOWN = `01-03-${YEAR}`;

async function toggleDarkMode(page: Page, isDark: boolean): Promise<void> {
  await page.getByRole('button', { name: 'Configuración Dashboard' }).click();
  const toggle = page.getByLabel('Fondo claro / Fondo Oscuro');
  if (isDark) await toggle.check();
  else await toggle.uncheck();
  await page.locator(`html[data-theme-mode="${isDark ? 'dark' : 'light'}"]`).waitFor({ state: 'attached' });
  await page.keyboard.press('Escape');
}

describe('Registro de cambios', () => {
  let session: SignedInSession;
  let member: Account;
  let memberContext: BrowserContext;

  beforeAll(async () => {
    session = await openAsFirstAdmin('registro');
    const adminCookie = await signInApi(session.server.url, session.admin.email, session.admin.password);
    member = uniqueAccount('planificadora');
    await createUserApi(session.server.url, adminCookie, member);
    await callFunction(
      session.server.url,
      'saveUfValues',
      { values: [{ date: UF_DATE, value: '39101.11' }] },
      adminCookie,
    );
    await callFunction(
      session.server.url,
      'saveObject',
      { collection: 'actividades', object: { code: 'ACT12', name: 'Relleno y compactación', priority: 1 } },
      adminCookie,
    );
    memberContext = await newContext(session.browser, session.server.url);
    await signInContext(memberContext, session.server.url, member.email, member.password);
  });

  afterAll(async () => {
    await session?.close();
  });

  it("shows a user who is not an administrator 'Valores UF' read-only, and says only an administrator changes them", async () => {
    const page = await memberContext.newPage();
    await page.goto('/admin/valores-uf');
    const row = page.getByTestId(`uf-row-${UF_DATE}`);
    await row.waitFor();
    expect(await row.innerText()).toContain('$39.101,11');
    expect(await page.getByTestId('uf-read-only').innerText()).toContain(
      'Solo un administrador puede cambiar los valores UF',
    );
    for (const name of ['Importar archivo', 'Agregar valor', `Editar el valor del ${UF_SHOWN}`]) {
      expect(await page.getByRole('button', { name }).count()).toBe(0);
    }
    expect(await page.getByRole('checkbox').count()).toBe(0);
    await screenshot(page, 'change-log-uf-read-only');
    await page.close();
  });

  it('lets an administrator change a UF value and a catalogue record', async () => {
    const { page } = session;
    await page.goto('/admin/valores-uf');
    await page.getByRole('button', { name: `Editar el valor del ${UF_SHOWN}` }).click();
    const field = page.getByRole('textbox', { name: `Valor del ${UF_SHOWN}` });
    await field.fill('39.102,22');
    await field.press('Enter');
    await field.waitFor({ state: 'hidden' });
    expect(await page.getByTestId(`uf-row-${UF_DATE}`).innerText()).toContain('$39.102,22');

    await openCatalogue(page, '/admin/actividades', 'Actividades', 'Relleno y compactación');
    await rowButton(page, 'Relleno y compactación').click();
    const dialog = recordDialog(page, 'Tipo de área');
    await dialog.waitFor();
    await dialog.getByRole('textbox', { name: 'Nombre' }).fill('Relleno compactado');
    await dialog.getByRole('button', { name: 'Grabar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await rowButton(page, 'Relleno compactado').waitFor();
  });

  it("lists both changes in the 'Registro de cambios' with their names and author, and opens their detail", async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/home');
    await page.getByRole('link', { name: 'Registro de cambios' }).click();
    await page.waitForURL('**/admin/registro-cambios');
    const list = page.getByRole('list', { name: 'Registro de cambios' });
    await list.waitFor();
    const entries = list.getByRole('listitem');
    // newest first: the catalogue record, then the UF value, then what the set-up wrote
    await expect.poll(() => entries.count()).toBe(4);
    const newest = await entries.nth(0).innerText();
    expect(newest).toContain('Actividad ACT12 Relleno compactado');
    expect(newest).toContain('modificó: Nombre');
    expect(newest).toContain(session.admin.name);
    const uf = await entries.nth(1).innerText();
    expect(uf).toContain(`UF ${UF_SHOWN}`);
    expect(uf).toContain('modificó: Valor');
    expect(uf).toContain(session.admin.name);
    await screenshot(page, 'change-log-light');

    await entries.nth(1).getByRole('button').click();
    const detail = page.getByRole('dialog', { name: `UF ${UF_SHOWN}` });
    await detail.waitFor();
    expect(await detail.getByTestId('change-log-changes').innerText()).toMatch(
      /Valor\s+\$39\.101,11\s+→\s+\$39\.102,22/,
    );
    await page.waitForTimeout(400);
    await screenshot(page, 'change-log-detail-light');
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'hidden' });

    // the filter asks the server for one area
    await page.getByRole('combobox', { name: 'Área' }).click();
    await page.getByRole('option', { name: 'Valores UF' }).click();
    await expect.poll(() => entries.count()).toBe(2);
    expect(await entries.nth(0).innerText()).toContain(`UF ${UF_SHOWN}`);

    await toggleDarkMode(page, true);
    await screenshot(page, 'change-log-dark');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('combobox', { name: 'Área' }).click();
    await page.getByRole('option', { name: 'Todas' }).click();
    await expect.poll(() => entries.count()).toBe(4);
    await screenshot(page, 'change-log-narrow-dark');
    await entries.nth(0).getByRole('button').click();
    const narrowDetail = page.getByRole('dialog', { name: 'Actividad ACT12 Relleno compactado' });
    await narrowDetail.waitFor();
    // the before and after fit the phone's width: nothing to scroll sideways
    const table = narrowDetail.getByTestId('change-log-changes');
    expect(await table.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    await page.waitForTimeout(400);
    await screenshot(page, 'change-log-detail-narrow-dark');
    await page.keyboard.press('Escape');
    await toggleDarkMode(page, false);
    await screenshot(page, 'change-log-narrow-light');
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});
