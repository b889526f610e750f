import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../support/api';
import { createUserApi, signInApi, signInContext, uniqueAccount } from '../support/api';
import { axeViolations, describeViolations } from '../support/axe';
import { newContext, screenshot } from '../support/browser';
import { confirmDialog, waitForSuccessToast } from '../support/catalogues';
import type { LoadedProject } from '../support/projects';
import { ProjectApi, sidebar } from '../support/projects';
import type { SignedInSession } from '../support/signed-in';
import { openAsFirstAdmin } from '../support/signed-in';

/*
 * Issue 36, 'Miembros': the first administrator creates a project and, on its 'Miembros' screen,
 * adds Pedro as 'Terreno', a company (refused first a wrong RUT at the field), Sofía as
 * 'Subcontratista' of that company, changes Sofía's role and removes her after the question. Pedro
 * then sees the project in his list with his role and the screen read-only; Tomás, who is not a
 * member, does not see it, and its address shows the server's refusal.
 */

const NOT_A_MEMBER = 'No eres miembro de este proyecto: pide a un Planificador del proyecto que te agregue';
const LAST_PLANNER =
  'El proyecto debe tener al menos un Planificador: agrega otro Planificador antes de cambiar o quitar a este';

describe('Miembros: members, roles and companies of a project', () => {
  let session: SignedInSession;
  let page: Page;
  let project: LoadedProject;
  let pedro: Account;
  let sofia: Account;
  let tomas: Account;
  const contexts: BrowserContext[] = [];

  const membersPath = () => `/projects/${project._id}/miembros`;
  const memberRow = (name: string): Locator =>
    page.getByRole('table', { name: 'Miembros del proyecto' }).getByRole('row').filter({ hasText: name });
  const companyRow = (name: string): Locator =>
    page.getByRole('table', { name: 'Empresas del proyecto' }).getByRole('row').filter({ hasText: name });

  /** Until no transition or animation runs (a dialog closing, a button fading to its colour). */
  async function settle(target: Page) {
    await target.waitForFunction(
      () => document.getAnimations().every((animation) => animation.playState !== 'running'),
      undefined,
      { timeout: 5_000, polling: 100 },
    );
  }

  async function setDarkMode(target: Page, isDarkMode: boolean) {
    await target.evaluate((dark) => {
      const key = 'cimiento-settings';
      const saved = JSON.parse(localStorage.getItem(key) ?? '{"state":{},"version":1}') as {
        state: Record<string, unknown>;
        version: number;
      };
      localStorage.setItem(key, JSON.stringify({ ...saved, state: { ...saved.state, isDarkMode: dark } }));
    }, isDarkMode);
  }

  async function openMembers(target: Page) {
    await target.goto(membersPath());
    await target.getByRole('heading', { level: 1, name: 'Miembros' }).waitFor();
    await target
      .getByRole('table', { name: 'Miembros del proyecto' })
      .or(target.getByRole('list', { name: 'Miembros del proyecto' }))
      .waitFor();
  }

  /** Chooses an option of an MUI select by its field's label. */
  async function choose(dialog: Locator, label: RegExp, option: RegExp | string) {
    await dialog.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: option }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
  }

  async function signedInPage(account: Account): Promise<Page> {
    const context = await newContext(session.browser, session.server.url);
    contexts.push(context);
    await signInContext(context, session.server.url, account.email, account.password);
    return context.newPage();
  }

  beforeAll(async () => {
    session = await openAsFirstAdmin('miembros');
    page = session.page;
    const adminCookie = await signInApi(session.server.url, session.admin.email, session.admin.password);
    pedro = { ...uniqueAccount('pedro'), name: 'Pedro Terreno' };
    sofia = { ...uniqueAccount('sofia'), name: 'Sofía Subcontrato' };
    tomas = { ...uniqueAccount('tomas'), name: 'Tomás Ajeno' };
    for (const account of [pedro, sofia, tomas]) await createUserApi(session.server.url, adminCookie, account);
    const api = await ProjectApi.forSession(session);
    project = await api.save({
      name: 'Edificio Ñuñoa',
      code: 'EÑ1',
      template: 'plantilla-2',
      currency: 'CLP',
      budget: '900000000',
    });
  }, 120_000);

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await session?.close();
  });

  it('the creator is its Planificador; the sidebar opens Miembros after Estados de pago', async () => {
    await page.goto(`/projects/${project._id}`);
    await page.getByRole('heading', { level: 1, name: 'Edificio Ñuñoa' }).waitFor();
    const links = await sidebar(page).getByRole('link').allInnerTexts();
    expect(links.indexOf('Miembros')).toBe(links.indexOf('Estados de pago') + 1);
    await sidebar(page).getByRole('link', { name: 'Miembros' }).click();
    await page.waitForURL(`**${membersPath()}`);
    await page.getByRole('heading', { level: 1, name: 'Miembros' }).waitFor();
    await expect.poll(() => memberRow(session.admin.name).innerText()).toContain('Planificador');
    expect(await memberRow(session.admin.name).innerText()).toContain('Administrador');
    await page.getByText('Tu rol en este proyecto: Planificador').waitFor();
    await page.getByTestId('companies-empty').waitFor();
  });

  it('adds Pedro as Terreno, picked by name', async () => {
    await page.getByRole('button', { name: 'Agregar miembro' }).click();
    const dialog = page.getByRole('dialog', { name: 'Agregar miembro' });
    await dialog.getByRole('combobox', { name: /Usuario/ }).fill('Pedro');
    await page.getByRole('option', { name: /Pedro Terreno/ }).click();
    await choose(dialog, /^Rol/, /^Terreno/);
    await dialog.getByText('Registra avance y trabaja el Last Planner; lee el resto').waitFor();
    await dialog.getByRole('button', { name: 'Grabar' }).click();
    await waitForSuccessToast(page, 'Pedro Terreno agregado al proyecto como Terreno');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => memberRow('Pedro Terreno').innerText()).toContain('Terreno');
  });

  it('adds a company: a wrong check digit is refused at the field, the right RUT is written 76.086.428-5', async () => {
    await page.getByRole('button', { name: 'Agregar empresa' }).click();
    const dialog = page.getByRole('dialog', { name: 'Agregar empresa' });
    await dialog.getByRole('textbox', { name: /^Nombre/ }).fill('Constructora Andes');
    const rut = dialog.getByRole('textbox', { name: /^RUT/ });
    await rut.fill('76.086.428-4');
    await dialog.getByText('El dígito verificador del RUT no corresponde').waitFor();
    await expect.poll(() => rut.getAttribute('aria-invalid')).toBe('true');
    await settle(page);
    await screenshot(page, 'members-rut-refused');
    await dialog.getByRole('button', { name: 'Grabar' }).click();
    await rut.fill('760864285');
    await rut.blur();
    await expect.poll(() => rut.inputValue()).toBe('76.086.428-5');
    await choose(dialog, /^Tipo/, 'Subcontratista');
    await dialog.getByRole('button', { name: 'Grabar' }).click();
    await waitForSuccessToast(page, 'Empresa Constructora Andes agregada');
    await dialog.waitFor({ state: 'detached' });
    expect(await companyRow('Constructora Andes').innerText()).toMatch(/76\.086\.428-5\s+Subcontratista\s+0/);
  });

  it('adds Sofía as Subcontratista: the company is required, said at the field', async () => {
    await page.getByRole('button', { name: 'Agregar miembro' }).click();
    const dialog = page.getByRole('dialog', { name: 'Agregar miembro' });
    await dialog.getByRole('combobox', { name: /Usuario/ }).fill('Sofía');
    // Pedro is a member already: only Sofía matches among the users offered
    expect(await page.getByRole('option', { name: /Pedro/ }).count()).toBe(0);
    await page.getByRole('option', { name: /Sofía Subcontrato/ }).click();
    await choose(dialog, /^Rol/, /^Subcontratista/);
    await dialog.getByText('Un Subcontratista debe pertenecer a una empresa del proyecto').waitFor();
    await dialog.getByRole('button', { name: 'Grabar' }).click();
    await choose(dialog, /^Empresa/, 'Constructora Andes (76.086.428-5)');
    await dialog.getByRole('button', { name: 'Grabar' }).click();
    await waitForSuccessToast(page, 'Sofía Subcontrato agregado al proyecto como Subcontratista');
    await dialog.waitFor({ state: 'detached' });
    const row = await memberRow('Sofía Subcontrato').innerText();
    expect(row).toContain('Subcontratista');
    expect(row).toContain('Constructora Andes');
    await expect.poll(() => companyRow('Constructora Andes').innerText()).toMatch(/Subcontratista\s+1/);
  });

  it("shows the server's refusals: the last Planificador, a company with members; nothing changes", async () => {
    await page.getByRole('button', { name: `Cambiar rol de ${session.admin.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Cambiar el rol de ${session.admin.name}` });
    await choose(dialog, /^Rol/, /^Lector/);
    await dialog.getByRole('button', { name: 'Grabar' }).click();
    await dialog.getByText(LAST_PLANNER).waitFor();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await memberRow(session.admin.name).innerText()).toContain('Planificador');

    await page.getByRole('button', { name: 'Eliminar Constructora Andes' }).click();
    const question = confirmDialog(page);
    await question.getByText('Se eliminará la empresa Constructora Andes (76.086.428-5) del proyecto.').waitFor();
    await question.getByRole('button', { name: 'Si, estoy seguro' }).click();
    await question
      .getByText(
        'Constructora Andes tiene 1 miembro en el proyecto: cámbialos de empresa o quítalos antes de eliminarla',
      )
      .waitFor();
    await question.getByRole('button', { name: 'Cancelar' }).click();
    await question.waitFor({ state: 'hidden' });
    await companyRow('Constructora Andes').waitFor();
  });

  it('changes Sofía to Lector, then removes her after saying what it takes', async () => {
    await page.getByRole('button', { name: 'Cambiar rol de Sofía Subcontrato' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cambiar el rol de Sofía Subcontrato' });
    await choose(dialog, /^Rol/, /^Lector/);
    await dialog.getByRole('button', { name: 'Grabar' }).click();
    await waitForSuccessToast(page, 'Sofía Subcontrato ahora es Lector');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => memberRow('Sofía Subcontrato').innerText()).toContain('Lector');

    await page.getByRole('button', { name: 'Quitar a Sofía Subcontrato del proyecto' }).click();
    const question = confirmDialog(page);
    await question
      .getByText('Quitar a Sofía Subcontrato del proyecto: deja de ver el proyecto y sus notificaciones de él.')
      .waitFor();
    await settle(page);
    await screenshot(page, 'members-remove-confirm');
    await question.getByRole('button', { name: 'Si, estoy seguro' }).click();
    await waitForSuccessToast(page, 'Sofía Subcontrato ya no es miembro del proyecto');
    await memberRow('Sofía Subcontrato').waitFor({ state: 'detached' });
    await expect.poll(() => companyRow('Constructora Andes').innerText()).toMatch(/Subcontratista\s+0/);
  });

  it('passes axe, and looks right at 1440 and 390 px, light and dark', async () => {
    await openMembers(page);
    await settle(page);
    const violations = await axeViolations(page, 'main');
    expect(describeViolations(membersPath(), violations)).toEqual([]);
    for (const isDarkMode of [false, true]) {
      await setDarkMode(page, isDarkMode);
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: width > 1000 ? 900 : 844 });
        await openMembers(page);
        await page.getByText('Constructora Andes').first().waitFor();
        await settle(page);
        await screenshot(page, `members-${width}-${isDarkMode ? 'oscuro' : 'claro'}`);
      }
    }
    // the narrow screen's cards pass axe too (dark)
    const narrow = await axeViolations(page, 'main');
    expect(describeViolations(`${membersPath()} (390 px, oscuro)`, narrow)).toEqual([]);
    await setDarkMode(page, false);
    await page.setViewportSize({ width: 1400, height: 900 });
  });

  it('Pedro sees the project in his list with his role, and Miembros read-only', async () => {
    const own = await signedInPage(pedro);
    await own.goto('/projects');
    await own.getByRole('heading', { level: 1, name: 'Lista de proyectos' }).waitFor();
    const row = own.getByRole('row').filter({ hasText: 'Edificio Ñuñoa (EÑ1)' });
    await row.waitFor();
    expect(await row.innerText()).toContain('Terreno');
    await screenshot(own, 'members-pedro-projects');

    await own.goto(membersPath());
    await own.getByRole('heading', { level: 1, name: 'Miembros' }).waitFor();
    await own.getByText('Tu rol en este proyecto: Terreno').waitFor();
    await own.getByText('Constructora Andes').first().waitFor();
    expect(await own.getByRole('button', { name: 'Agregar miembro' }).count()).toBe(0);
    expect(await own.getByRole('button', { name: 'Agregar empresa' }).count()).toBe(0);
    expect(await own.getByRole('button', { name: /^(Cambiar rol|Quitar a|Editar|Eliminar) / }).count()).toBe(0);
    await settle(own);
    await screenshot(own, 'members-read-only-terreno');
    const violations = await axeViolations(own, 'main');
    expect(describeViolations(`${membersPath()} (Terreno)`, violations)).toEqual([]);
  });

  it("Pedro (Terreno) sees the plan's screens without their write controls, told why; the Gantt keeps 'Registrar avance'", async () => {
    const own = await signedInPage(pedro);
    const notice =
      'Tu rol en este proyecto es Terreno: puedes ver esta pantalla; para cambiarla se necesita el rol Planificador.';
    const base = `/projects/${project._id}`;

    await own.goto(base);
    await own.getByRole('heading', { level: 1, name: 'Edificio Ñuñoa' }).waitFor();
    await own.getByRole('link', { name: 'Abrir EDP' }).waitFor();
    expect(await own.getByRole('button', { name: 'Editar proyecto' }).count()).toBe(0);

    await own.goto(`${base}/edp`);
    await own.getByTestId('role-notice').filter({ hasText: notice }).waitFor();
    const edpToolbar = own.getByRole('toolbar', { name: 'Herramientas del EDP' });
    await edpToolbar.getByRole('button', { name: 'Imprimir' }).waitFor();
    expect(await edpToolbar.getByRole('button').allInnerTexts()).toEqual(['Imprimir', 'Exportar a Excel']);
    // a double-click on a row opens nothing
    await own.getByRole('row').filter({ hasText: 'EÑ1' }).first().dblclick();
    expect(await own.getByRole('textbox', { name: /^Nombre del ítem/ }).count()).toBe(0);
    await settle(own);
    await screenshot(own, 'members-terreno-edp');

    await own.goto(`${base}/edc`);
    await own.getByTestId('role-notice').filter({ hasText: notice }).waitFor();
    expect(await own.getByRole('button', { name: 'Asignar' }).count()).toBe(0);
    expect(await own.getByRole('toolbar', { name: 'Herramientas del EDC' }).count()).toBe(0);
    expect(await own.getByRole('toolbar', { name: 'Acciones sobre los ítems marcados' }).count()).toBe(0);

    await own.goto(`${base}/gantt`);
    await own.getByTestId('role-notice').filter({ hasText: notice }).waitFor();
    const ganttToolbar = own.getByRole('toolbar', { name: 'Herramientas del Gantt' });
    await ganttToolbar.getByRole('button', { name: 'Registrar avance' }).waitFor();
    for (const name of ['Grabar Gantt', 'Agregar', 'Importar desde Excel', 'Calendario']) {
      expect(await ganttToolbar.getByRole('button', { name, exact: true }).count(), name).toBe(0);
    }
    expect(await ganttToolbar.getByRole('combobox', { name: 'Secuencia' }).count()).toBe(0);
    await ganttToolbar.getByRole('button', { name: /^Exportar/ }).waitFor();
    await settle(own);
    await screenshot(own, 'members-terreno-gantt');
    const violations = await axeViolations(own, 'main');
    expect(describeViolations(`${base}/gantt (Terreno)`, violations)).toEqual([]);

    await own.goto(`${base}/estados-pago`);
    await own.getByTestId('role-notice').filter({ hasText: notice }).waitFor();
    expect(await own.getByRole('button', { name: 'Nuevo estado de pago' }).count()).toBe(0);
  });

  it("Tomás, not a member, does not see the project; its address shows the server's refusal", async () => {
    const stranger = await signedInPage(tomas);
    await stranger.goto('/projects');
    await stranger.getByRole('heading', { level: 1, name: 'Lista de proyectos' }).waitFor();
    await stranger.getByText('No se encontraron resultados').first().waitFor();
    expect(await stranger.getByText('Edificio Ñuñoa').count()).toBe(0);

    await stranger.goto(`/projects/${project._id}`);
    await stranger.getByRole('heading', { level: 1, name: 'Sin acceso a este proyecto' }).waitFor();
    await stranger.getByText(NOT_A_MEMBER).waitFor();
    await stranger.goto(membersPath());
    await stranger.getByRole('heading', { level: 1, name: 'Sin acceso a este proyecto' }).waitFor();
    await stranger.getByText(NOT_A_MEMBER).waitFor();
    await screenshot(stranger, 'members-stranger');
  });
});
