import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { confirmDialog, expectValidation, waitForSuccessToast } from '../support/catalogues';
import type { LoadedProject } from '../support/projects';
import { ProjectApi, sidebar, stepButton, wizardButton } from '../support/projects';
import type { SignedInSession } from '../support/signed-in';
import { openAsFirstAdmin } from '../support/signed-in';

const STALE_MESSAGE = 'El proyecto fue modificado por otra persona; recarga para ver los cambios';

describe("'Editar proyecto' and the wizard's code check", () => {
  let session: SignedInSession;
  let projects: ProjectApi;

  beforeAll(async () => {
    session = await openAsFirstAdmin('editar');
    projects = await ProjectApi.forSession(session);
  });

  afterAll(async () => {
    await session?.close();
  });

  function seed(name: string, code: string): Promise<LoadedProject> {
    return projects.save({
      name,
      code,
      template: 'plantilla-1',
      priority: '2',
      currency: 'CLP',
      budget: '1234567',
      startYear: '2025',
      endYear: '2026',
    });
  }

  const editDialog = () => session.page.getByRole('dialog', { name: 'Editar proyecto' });
  const field = (dialog: Locator, name: string) => dialog.getByRole('textbox', { name, exact: true });
  const numberField = (dialog: Locator, name: string) => dialog.getByRole('spinbutton', { name, exact: true });
  const saveButton = (dialog: Locator) => dialog.getByRole('button', { name: 'Grabar', exact: true });

  async function choose(dialog: Locator, label: string, option: string) {
    await dialog.getByRole('combobox', { name: label }).click();
    await session.page.getByRole('option', { name: option, exact: true }).click();
  }

  async function confirmSave(dialog: Locator) {
    await saveButton(dialog).click();
    const confirm = confirmDialog(session.page);
    await confirm.getByText('Confirma que deseas modificar el proyecto').waitFor();
    await confirm.getByRole('button', { name: 'Si, estoy seguro' }).click();
  }

  it('edits a project from its row in the list: the stored values, every field, the confirmation, the list and the sidebar', async () => {
    const { page } = session;
    const project = await seed('Torre Los Aromos', 'TLA');
    await page.goto('/projects');
    await page.getByRole('heading', { level: 1, name: 'Lista de proyectos' }).waitFor();
    await page.getByRole('button', { name: 'Editar Torre Los Aromos' }).click();

    const dialog = editDialog();
    await dialog.waitFor();
    expect(await field(dialog, 'Nombre').inputValue()).toBe('Torre Los Aromos');
    expect(await field(dialog, 'Código').inputValue()).toBe('TLA');
    expect(await field(dialog, 'Código').isDisabled()).toBe(true);
    expect(await numberField(dialog, 'Prioridad').inputValue()).toBe('2');
    expect(await field(dialog, 'Presupuesto').inputValue()).toBe('1.234.567');
    expect(await numberField(dialog, 'Año inicio de Obras').inputValue()).toBe('2025');
    expect(await numberField(dialog, 'Año previsto de cierre').inputValue()).toBe('2026');
    expect(await dialog.getByRole('combobox', { name: 'Semana laboral' }).innerText()).toBe('Lunes a viernes');
    expect(await saveButton(dialog).isDisabled()).toBe(true);
    await screenshot(page, 'projects-edit-dialog');

    await field(dialog, 'Nombre').fill('Torre Los Aromos II');
    await numberField(dialog, 'Prioridad').fill('7');
    await choose(dialog, 'Moneda', 'UF');
    await field(dialog, 'Presupuesto').fill('2.500,5');
    await dialog.getByText('UF 2.500,50').waitFor();
    await expectValidation(field(dialog, 'Presupuesto'), 'success');
    await numberField(dialog, 'Año previsto de cierre').fill('2024');
    await expectValidation(numberField(dialog, 'Año previsto de cierre'), 'error');
    expect(await saveButton(dialog).isDisabled()).toBe(true);
    await numberField(dialog, 'Año previsto de cierre').fill('2028');
    await numberField(dialog, 'Año inicio de Obras').fill('2026');
    // a later start year moves the Gantt's earlier tasks to it: the dialog says so
    await dialog.getByText(/las tareas que empiezan antes de 2026/).waitFor();
    await choose(dialog, 'Semana laboral', 'Lunes a sábado');
    await screenshot(page, 'projects-edit-dialog-changed');

    await confirmSave(dialog);
    await waitForSuccessToast(page, 'Proyecto «Torre Los Aromos II» actualizado');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('table').getByRole('button', { name: 'Torre Los Aromos II (TLA)' }).waitFor();
    await page.getByRole('table').getByRole('button', { name: 'UF 2.500,50', exact: true }).waitFor();
    await sidebar(page).getByRole('link', { name: 'Torre Los Aromos II', exact: true }).waitFor();

    expect(await projects.load(project._id)).toMatchObject({
      name: 'Torre Los Aromos II',
      code: 'TLA',
      template: 'plantilla-1',
      priority: '7',
      currency: 'UF',
      budget: '2500.5',
      startYear: '2026',
      endYear: '2028',
      workWeek: 'mon-sat',
      version: 2,
    });
    // the EDP is not touched: its root keeps the name it was generated with
    expect((await projects.load(project._id)).edp.items[0]).toMatchObject({ code: 'TLA', name: 'Torre Los Aromos' });
  });

  it('edits the project from its home; the heading, the card and the sidebar follow', async () => {
    const { page } = session;
    const project = await seed('Edificio Plaza', 'EPL');
    await page.goto(`/projects/${project._id}`);
    await page.getByRole('heading', { level: 1, name: 'Edificio Plaza' }).waitFor();
    await sidebar(page).getByRole('button', { name: 'Edificio Plaza' }).waitFor();
    await page.getByRole('button', { name: 'Editar proyecto' }).click();

    const dialog = editDialog();
    await field(dialog, 'Nombre').fill('Edificio Plaza Ñuñoa');
    await field(dialog, 'Presupuesto').fill('3.000.000');
    // closing with changes asks first; cancelling keeps the typing
    await dialog.getByRole('button', { name: 'Cancelar', exact: true }).click();
    const ask = confirmDialog(page);
    await ask.getByText('Hay cambios sin grabar en el proyecto. Si cierras la ventana se perderán.').waitFor();
    await ask.getByRole('button', { name: 'Cancelar' }).click();
    await ask.waitFor({ state: 'hidden' });
    expect(await field(dialog, 'Nombre').inputValue()).toBe('Edificio Plaza Ñuñoa');

    await confirmSave(dialog);
    await waitForSuccessToast(page, 'Proyecto «Edificio Plaza Ñuñoa» actualizado');
    await page.getByRole('heading', { level: 1, name: 'Edificio Plaza Ñuñoa' }).waitFor();
    await page.getByRole('main').getByText('$3.000.000', { exact: true }).waitFor();
    await sidebar(page).getByRole('button', { name: 'Edificio Plaza Ñuñoa' }).waitFor();
    await screenshot(page, 'projects-edit-home-saved');
    expect(await projects.load(project._id)).toMatchObject({ name: 'Edificio Plaza Ñuñoa', budget: '3000000' });
  });

  it('a save after someone else changed the project is refused: the typing stays, Recargar shows their values, and saving again succeeds', async () => {
    const { page } = session;
    const project = await seed('Liceo Curicó', 'LCU');
    await page.goto(`/projects/${project._id}`);
    await page.getByRole('heading', { level: 1, name: 'Liceo Curicó' }).waitFor();
    await page.getByRole('button', { name: 'Editar proyecto' }).click();
    const dialog = editDialog();
    await field(dialog, 'Nombre').waitFor();

    // someone else saves through the API while the dialog is open
    await projects.update(
      project._id,
      {
        name: 'Liceo Curicó (otro)',
        priority: '2',
        currency: 'USD',
        budget: '999',
        startYear: '2025',
        endYear: '2027',
        workWeek: 'mon-fri',
      },
      project.version,
    );

    await field(dialog, 'Nombre').fill('Liceo Bicentenario Curicó');
    await numberField(dialog, 'Prioridad').fill('9');
    await confirmSave(dialog);
    await dialog.getByText(STALE_MESSAGE).waitFor();
    await confirmDialog(page).waitFor({ state: 'hidden' });
    expect(await field(dialog, 'Nombre').inputValue()).toBe('Liceo Bicentenario Curicó');
    expect(await numberField(dialog, 'Prioridad').inputValue()).toBe('9');
    expect(await saveButton(dialog).isDisabled()).toBe(true);
    await screenshot(page, 'projects-edit-stale');
    expect(await projects.load(project._id)).toMatchObject({ name: 'Liceo Curicó (otro)', version: 2 });

    // Recargar drops the typing, so it asks first
    await dialog.getByRole('button', { name: 'Recargar' }).click();
    const ask = confirmDialog(page);
    await ask
      .getByText('Se descartarán tus cambios sin grabar y se cargarán los datos del proyecto que están grabados.')
      .waitFor();
    await ask.getByRole('button', { name: 'Si, estoy seguro' }).click();
    await expect.poll(() => field(dialog, 'Nombre').inputValue()).toBe('Liceo Curicó (otro)');
    expect(await field(dialog, 'Presupuesto').inputValue()).toBe('999');
    expect(await numberField(dialog, 'Año previsto de cierre').inputValue()).toBe('2027');
    expect(await dialog.getByRole('combobox', { name: 'Moneda' }).innerText()).toBe('USD');
    expect(await dialog.getByText(STALE_MESSAGE).count()).toBe(0);

    await field(dialog, 'Nombre').fill('Liceo Bicentenario Curicó');
    await confirmSave(dialog);
    await waitForSuccessToast(page, 'Proyecto «Liceo Bicentenario Curicó» actualizado');
    await page.getByRole('heading', { level: 1, name: 'Liceo Bicentenario Curicó' }).waitFor();
    expect(await projects.load(project._id)).toMatchObject({
      name: 'Liceo Bicentenario Curicó',
      budget: '999',
      endYear: '2027',
      version: 3,
    });
  });

  it('the wizard refuses a taken code at step 1 as it is typed, and goes on once it is changed', async () => {
    const { page } = session;
    await seed('Hospital de Talca', 'HTA');
    await page.goto('/projects/new');
    await page.getByRole('heading', { level: 1, name: 'Nuevo Proyecto' }).waitFor();
    await page.getByRole('textbox', { name: 'Nombre', exact: true }).fill('Otro hospital');
    const code = page.getByRole('textbox', { name: 'Código', exact: true });
    await code.pressSequentially('hta');

    await page.getByText('Ya existe un proyecto con el código «HTA»').waitFor();
    await expectValidation(code, 'error');
    expect(await wizardButton(page, 'Siguiente').isDisabled()).toBe(true);
    expect(await stepButton(page, 'Datos financieros').isDisabled()).toBe(true);
    expect(await stepButton(page, 'Resumen').isDisabled()).toBe(true);
    await screenshot(page, 'projects-wizard-code-taken');

    await code.pressSequentially('2');
    await page.getByText('El código «hta2» está disponible').waitFor();
    await expectValidation(code, 'success');
    await wizardButton(page, 'Siguiente').click();
    await page.getByRole('spinbutton', { name: 'Año inicio de Obras', exact: true }).waitFor();
  });
});
