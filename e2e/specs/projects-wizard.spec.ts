import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import {
  CatalogueApi,
  confirmDialog,
  expectValidation,
  waitForErrorToast,
  waitForSuccessToast,
} from '../support/catalogues';
import { ProjectApi, sidebar, stepButton, summaryPairs, wizardButton } from '../support/projects';
import type { SignedInSession } from '../support/signed-in';
import { openAsFirstAdmin } from '../support/signed-in';

describe('Nuevo Proyecto (wizard)', () => {
  let session: SignedInSession;
  let projects: ProjectApi;

  beforeAll(async () => {
    session = await openAsFirstAdmin('asistente');
    const catalogues = await CatalogueApi.forSession(session);
    projects = await ProjectApi.forSession(session);
    // saved out of priority order: the wizard lists them by priority
    await catalogues.save('tipos-area', { code: 'PAT', name: 'Patio', priority: 3, sectores: [] });
    await catalogues.save('tipos-area', {
      code: 'EDI',
      name: 'Edificio',
      priority: 1,
      sectores: [
        { code: 'SUB', name: 'Subterráneo', quantity: 1, priority: 2 },
        { code: 'PIS', name: 'Piso', quantity: 2, priority: 1 },
      ],
    });
    await catalogues.save('tipos-area', { code: 'EST', name: 'Estacionamiento', priority: 2, sectores: [] });
  });

  afterAll(async () => {
    await session?.close();
  });

  const field = (name: string) => session.page.getByRole('textbox', { name, exact: true });
  const numberField = (name: string) => session.page.getByRole('spinbutton', { name, exact: true });
  const progress = () => session.page.getByRole('progressbar', { name: 'Progreso del asistente' });

  async function openWizard() {
    const { page } = session;
    await page.goto('/projects/new');
    await page.getByRole('heading', { level: 1, name: 'Nuevo Proyecto' }).waitFor();
    await field('Nombre').waitFor();
  }

  it('walks the three steps with their validation states, Previous/Next and the progress bar, then creates the project after a cancelled first try', async () => {
    const { page } = session;
    await openWizard();

    // step 1: empty name and code, priority 0 → error states, Next disabled
    await expect.poll(() => progress().getAttribute('aria-valuenow')).toBe('33');
    await expectValidation(field('Nombre'), 'error');
    await expectValidation(field('Código'), 'error');
    await expect.poll(() => numberField('Prioridad').inputValue()).toBe('0');
    await expectValidation(numberField('Prioridad'), 'error');
    expect(await wizardButton(page, 'Siguiente').isDisabled()).toBe(true);
    expect(await wizardButton(page, 'Anterior').isDisabled()).toBe(true);
    // the later steps cannot be opened from the progress bar yet
    await stepButton(page, 'Resumen').click({ force: true });
    await field('Nombre').waitFor();

    // area types: 'priority. name', by priority, each starting at 0
    const areaTable = page.getByRole('table', { name: 'Tipos de área' });
    await areaTable.getByText('1. Edificio').waitFor();
    const rowTexts = await areaTable.locator('tbody tr').allInnerTexts();
    expect(rowTexts.map((text) => text.trim().split(/\n|\t/)[0]?.trim())).toEqual([
      '1. Edificio',
      '2. Estacionamiento',
      '3. Patio',
    ]);
    for (const label of ['1. Edificio', '2. Estacionamiento', '3. Patio']) {
      expect(await numberField(`Cantidad de ${label}`).inputValue()).toBe('0');
    }
    await screenshot(page, 'projects-wizard-step1-empty');

    await field('Nombre').fill('Torre Los Aromos');
    expect(await wizardButton(page, 'Siguiente').isDisabled()).toBe(true);
    await field('Código').fill('TLA');
    await numberField('Prioridad').fill('5');
    await expectValidation(field('Nombre'), 'success');
    await expectValidation(field('Código'), 'success');
    await expectValidation(numberField('Prioridad'), 'success');
    await numberField('Cantidad de 1. Edificio').fill('2');
    await numberField('Cantidad de 2. Estacionamiento').fill('1');
    await screenshot(page, 'projects-wizard-step1-filled');
    await wizardButton(page, 'Siguiente').click();

    // step 2: defaults, years required for Next, error states at 0
    await expect.poll(() => progress().getAttribute('aria-valuenow')).toBe('67');
    await expect.poll(() => numberField('Año inicio de Obras').inputValue()).toBe('2023');
    expect(await numberField('Año previsto de cierre').inputValue()).toBe('2023');
    await expectValidation(field('Presupuesto'), 'error');
    await numberField('Año inicio de Obras').fill('');
    expect(await wizardButton(page, 'Siguiente').isDisabled()).toBe(true);
    await numberField('Año inicio de Obras').fill('0');
    await expectValidation(numberField('Año inicio de Obras'), 'error');
    await numberField('Año inicio de Obras').fill('2025');
    await numberField('Año previsto de cierre').fill('2027');
    await expectValidation(numberField('Año inicio de Obras'), 'success');
    await expectValidation(numberField('Año previsto de cierre'), 'success');
    expect(await wizardButton(page, 'Siguiente').isDisabled()).toBe(false);
    await page.getByRole('combobox', { name: 'Moneda' }).click();
    await page.getByRole('option', { name: 'CLP', exact: true }).click();
    await field('Presupuesto').fill('1.234.567');
    await expectValidation(field('Presupuesto'), 'success');
    await page.getByText('$1.234.567').first().waitFor();
    await screenshot(page, 'projects-wizard-step2');

    // Previous keeps what was typed; the progress bar jumps forward once the steps before are valid
    await wizardButton(page, 'Anterior').click();
    await expect.poll(() => field('Nombre').inputValue()).toBe('Torre Los Aromos');
    expect(await numberField('Cantidad de 1. Edificio').inputValue()).toBe('2');
    await stepButton(page, 'Resumen').click();

    // step 3: the summary
    await expect.poll(() => progress().getAttribute('aria-valuenow')).toBe('100');
    await wizardButton(page, 'Crear proyecto').waitFor();
    const pairs = await summaryPairs(page);
    expect(pairs).toMatchObject({
      Nombre: 'Torre Los Aromos',
      Código: 'TLA',
      'Plantilla EDP': 'generica',
      Presupuesto: '$1.234.567',
      'Período de ejecución': '2025 - 2027',
      '1. Edificio': '2',
      '2. Estacionamiento': '1',
      '3. Patio': '0',
    });
    await screenshot(page, 'projects-wizard-summary');

    // cancelled: nothing is created and the wizard stays on the summary
    await wizardButton(page, 'Crear proyecto').click();
    const dialog = confirmDialog(page);
    await dialog.getByText('Confirma que deseas crear un nuevo proyecto').waitFor();
    await screenshot(page, 'projects-wizard-confirm');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await projects.list()).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/projects/new');

    // confirmed: saved, message shown, redirected to the new project's EDP, which is now current
    await wizardButton(page, 'Crear proyecto').click();
    await confirmDialog(page).getByRole('button', { name: 'Si, estoy seguro' }).click();
    await waitForSuccessToast(page, /creado/);
    await page.waitForURL(/\/projects\/[^/]+\/edp$/);
    const id = new URL(page.url()).pathname.split('/')[2] ?? '';
    await sidebar(page).getByRole('button', { name: 'Torre Los Aromos' }).waitFor();
    expect(await sidebar(page).getByRole('link', { name: 'EDP', exact: true }).getAttribute('href')).toBe(
      `/projects/${id}/edp`,
    );
    await page.getByRole('heading', { level: 1, name: 'Torre Los Aromos' }).waitFor();
    await screenshot(page, 'projects-wizard-landed-edp');

    // the generated EDP (domain.md): root, running n over area types, sub-areas repeated by quantity
    const stored = await projects.load(id);
    expect(stored).toMatchObject({
      name: 'Torre Los Aromos',
      code: 'TLA',
      priority: '5',
      template: 'generica',
      currency: 'CLP',
      budget: '1234567',
      startYear: '2025',
      endYear: '2027',
    });
    expect(stored.edp.items.map((item) => `${item.code} ${item.name}`)).toEqual([
      'TLA Torre Los Aromos',
      'TLA.1 Edificio 1',
      'TLA.1.1 Piso 1',
      'TLA.1.2 Piso 2',
      'TLA.1.3 Subterráneo',
      'TLA.2 Edificio 2',
      'TLA.2.1 Piso 1',
      'TLA.2.2 Piso 2',
      'TLA.2.3 Subterráneo',
      'TLA.3 Estacionamiento',
    ]);
    expect(stored.tiposArea.map((areaType) => [areaType.name, areaType.quantity])).toEqual([
      ['Edificio', 2],
      ['Estacionamiento', 1],
      ['Patio', 0],
    ]);

    // opening the wizard again starts from an empty draft on the first step
    await openWizard();
    expect(await field('Nombre').inputValue()).toBe('');
    expect(await field('Código').inputValue()).toBe('');
    await expect.poll(() => progress().getAttribute('aria-valuenow')).toBe('33');
  });

  it('keeps the draft and shows the error when the code is taken (in another case) after step 1 found it free', async () => {
    const { page } = session;
    await openWizard();
    await field('Nombre').fill('Torre repetida');
    await field('Código').fill('tlb');
    // step 1 asks as the code is typed (projects-edit.spec.ts covers a code taken by then)
    await page.getByText('El código «tlb» está disponible').waitFor();
    await wizardButton(page, 'Siguiente').click();
    await numberField('Año inicio de Obras').waitFor();
    // someone else takes the code meanwhile: saveProject still refuses it
    await projects.save({ name: 'Se adelantó', code: 'TLB' });
    await wizardButton(page, 'Siguiente').click();
    await wizardButton(page, 'Crear proyecto').click();
    await confirmDialog(page).getByRole('button', { name: 'Si, estoy seguro' }).click();
    await waitForErrorToast(page);
    await page.getByText('Ya existe un proyecto con el código «TLB»').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/projects/new');
    expect((await summaryPairs(page)).Nombre).toBe('Torre repetida');
    await screenshot(page, 'projects-wizard-duplicate-code');
    expect((await projects.list()).map((project) => project.code).sort()).toEqual(['TLA', 'TLB']);
  });

  it('creates a project from plantilla-1 without the area-type table', async () => {
    const { page } = session;
    await openWizard();
    await field('Nombre').fill('Edificio Plaza Ñuñoa');
    await field('Código').fill('EPN');
    await page.getByRole('combobox', { name: 'Plantilla EDP' }).click();
    await page.getByRole('option', { name: 'plantilla-1', exact: true }).click();
    await page.getByRole('table', { name: 'Tipos de área' }).waitFor({ state: 'detached' });
    await wizardButton(page, 'Siguiente').click();
    await page.getByRole('combobox', { name: 'Moneda' }).click();
    await page.getByRole('option', { name: 'UF', exact: true }).click();
    await field('Presupuesto').fill('2.500,25');
    await page.getByText('UF 2.500,25').first().waitFor();
    await wizardButton(page, 'Siguiente').click();
    expect(await summaryPairs(page)).toMatchObject({ 'Plantilla EDP': 'plantilla-1', Presupuesto: 'UF 2.500,25' });
    await wizardButton(page, 'Crear proyecto').click();
    await confirmDialog(page).getByRole('button', { name: 'Si, estoy seguro' }).click();
    await page.waitForURL(/\/projects\/[^/]+\/edp$/);
    const id = new URL(page.url()).pathname.split('/')[2] ?? '';
    const stored = await projects.load(id);
    expect(stored.budget).toBe('2500.25');
    expect(stored.edp.items[0]).toMatchObject({ code: 'EPN', name: 'Edificio Plaza Ñuñoa' });
    expect(stored.edp.items.length).toBeGreaterThanOrEqual(16);
    expect(stored.edp.items.slice(1).every((item) => item.code.startsWith('EPN.'))).toBe(true);
  });
});
