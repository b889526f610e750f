import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction, signInApi } from '../support/api';
import { axeViolations, describeViolations } from '../support/axe';
import { screenshot } from '../support/browser';
import {
  CatalogueApi,
  confirmDialog,
  expectValidation,
  waitForErrorToast,
  waitForSuccessToast,
} from '../support/catalogues';
import type { GanttOutput, GanttTask } from '../support/gantt';
import { openGanttPage } from '../support/gantt';
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

  /*
   * Issue 35: '2 torres, cada una 1 subterráneo + N pisos tipo + cubierta' from the wizard, then its
   * Gantt (docs/SEQUENCING.md rule 4b, the train with crews). Torre's sub-areas are Subterráneo, Piso
   * tipo and Cubierta, one each in the catalogue; the wizard makes it 3 pisos tipo, so each tower has
   * 5 locations in EDP order (Subterráneo, Piso tipo 1–3, Cubierta). Each gets the component
   * Estructura › Losa: Moldaje (3 days), Enfierradura (5, the slowest) and Hormigonado (2), in that
   * order (rule 2), each done by one crew of its own resource (1 available, 1 a task). One crew per
   * trade moves location by location through Torre 1, then Torre 2 (the towers share the crews). In
   * working days from Friday 02-01-2026 (day 0; no holiday falls in January–March 2026), location i of
   * the 10 (Torre 1's five, then Torre 2's):
   *   Moldaje      days 3i … 3i + 2
   *   Enfierradura days 5i + 3 … 5i + 7   (waits for its crew: the bottleneck)
   *   Hormigonado  days 5i + 8 … 5i + 9
   * so the floors finish 5 working days apart (the slowest trade), and Torre 2's Subterráneo starts its
   * Moldaje on day 15, the day after the crew finished Torre 1's Cubierta (without shared crews it
   * would start on day 0, with Torre 1's).
   */
  it('issue 35: creates a 2-tower building with its sub-areas counted, whose Gantt staggers floors by the slowest trade and shares the crews between the towers', async () => {
    const { page } = session;
    const catalogues = await CatalogueApi.forSession(session);
    const crew = (code: string, name: string) =>
      catalogues.save('recursos', { code, name, type: 'labor', unit: 'cuadrilla', maxUnits: 1 });
    const trades = [
      { code: 'MOL', name: 'Moldaje', duration: 3, resource: await crew('CMOL', 'Cuadrilla moldaje') },
      { code: 'ENF', name: 'Enfierradura', duration: 5, resource: await crew('CENF', 'Cuadrilla enfierradura') },
      { code: 'HOR', name: 'Hormigonado', duration: 2, resource: await crew('CHOR', 'Cuadrilla hormigón') },
    ];
    const activities = [];
    for (const [index, trade] of trades.entries()) {
      activities.push(
        await catalogues.save('actividades', {
          code: trade.code,
          name: trade.name,
          priority: index + 1,
          duration: trade.duration,
          resourceId: trade.resource._id,
          crews: 1,
        }),
      );
    }
    const system = await catalogues.save('sistemas', { code: 'OC', name: 'Obra civil', priority: 1 });
    const component = await catalogues.save('componentes', {
      code: 'EST',
      name: 'Estructura',
      priority: 1,
      subcomponents: [
        {
          id: 1,
          code: 'LOS',
          name: 'Losa',
          priority: 1,
          actividades: activities.map((activity) => ({ _id: activity._id })),
        },
      ],
    });
    await catalogues.save('tipos-area', {
      code: 'TOR',
      name: 'Torre',
      priority: 4,
      sectores: [
        { code: 'SUB', name: 'Subterráneo', quantity: 1, priority: 1 },
        { code: 'PT', name: 'Piso tipo', quantity: 1, priority: 2 },
        { code: 'CUB', name: 'Cubierta', quantity: 1, priority: 3 },
      ],
    });

    // the wizard: 2 towers, each 1 subterráneo + 3 pisos tipo + cubierta
    await openWizard();
    await field('Nombre').fill('Edificio Dos Torres');
    await field('Código').fill('EDT');
    await page.getByText('El código «EDT» está disponible').waitFor();
    const count = page.getByTestId('wizard-edp-count');
    await expect.poll(() => count.innerText()).toBe('Se generará 1 ítem en el EDP');
    await numberField('Cantidad de 4. Torre').fill('2');
    const floors = numberField('Cantidad de Piso tipo en 4. Torre');
    await page.getByText('Cada Torre tiene:').waitFor();
    expect(await floors.inputValue()).toBe('1');
    await expect.poll(() => count.innerText()).toBe('Se generarán 9 ítems en el EDP');
    // checked at the field: a typo is refused there, and 'Siguiente' waits
    await floors.fill('1000');
    await page.getByText('Debe ser un número entero de 0 a 999').waitFor();
    expect(await wizardButton(page, 'Siguiente').isDisabled()).toBe(true);
    // the sub-area fields and their error pass WCAG 2.1 AA (issue 19)
    expect(describeViolations('/projects/new', await axeViolations(page, 'main'))).toEqual([]);
    await floors.fill('3');
    await expect.poll(() => count.innerText()).toBe('Se generarán 13 ítems en el EDP');
    expect(await page.getByText('Debe ser un número entero de 0 a 999').count()).toBe(0);
    expect(await numberField('Cantidad de Subterráneo en 4. Torre').inputValue()).toBe('1');
    expect(await numberField('Cantidad de Cubierta en 4. Torre').inputValue()).toBe('1');
    await screenshot(page, 'projects-wizard-building-step1');
    await wizardButton(page, 'Siguiente').click();
    await numberField('Año inicio de Obras').fill('2026');
    await numberField('Año previsto de cierre').fill('2027');
    await wizardButton(page, 'Siguiente').click();
    await wizardButton(page, 'Crear proyecto').waitFor();
    expect(await summaryPairs(page)).toMatchObject({
      'Secuencia del Gantt': 'Tren de actividades',
      '4. Torre': '2',
      'Subáreas de cada 4. Torre': 'Subterráneo × 1, Piso tipo × 3, Cubierta × 1',
      'Ítems del EDP': '13',
    });
    await screenshot(page, 'projects-wizard-building-summary');
    await wizardButton(page, 'Crear proyecto').click();
    await confirmDialog(page).getByRole('button', { name: 'Si, estoy seguro' }).click();
    await waitForSuccessToast(page, /creado con 13 ítems/);
    await page.waitForURL(/\/projects\/[^/]+\/edp$/);
    const project = await projects.load(new URL(page.url()).pathname.split('/')[2] ?? '');
    const tower = (n: number) => [
      `EDT.${n} Torre ${n}`,
      `EDT.${n}.1 Subterráneo`,
      `EDT.${n}.2 Piso tipo 1`,
      `EDT.${n}.3 Piso tipo 2`,
      `EDT.${n}.4 Piso tipo 3`,
      `EDT.${n}.5 Cubierta`,
    ];
    expect(project.edp.items.map((item) => `${item.code} ${item.name}`)).toEqual([
      'EDT Edificio Dos Torres',
      ...tower(1),
      ...tower(2),
    ]);

    // the rest is seeded: Estructura on Obra civil for the ten locations (assignEdc)
    const locations = project.edp.items.filter((item) => item.code.split('.').length === 3);
    const cookie = await signInApi(session.server.url, session.admin.email, session.admin.password);
    await callFunction(
      session.server.url,
      'assignEdc',
      { id: project._id, itemIds: locations.map((item) => item.id), componentId: component._id, systemId: system._id },
      cookie,
    );

    // its Gantt, generated when it first opens
    await openGanttPage(page, project, 1);
    await screenshot(page, 'projects-wizard-building-gantt');
    const gantt = await callFunction<GanttOutput>(session.server.url, 'loadGantt', { id: project._id }, cookie);
    const byId = new Map(gantt.activities.map((task) => [task.TaskID, task]));
    /** the EDP item (location) a task sits under */
    const locationOf = (task: GanttTask): string | undefined => {
      for (
        let at: GanttTask | undefined = task;
        at;
        at = at.ParentId === undefined ? undefined : byId.get(at.ParentId)
      ) {
        if (locations.some((item) => item.code === at?.TaskCode)) return at.TaskCode;
      }
      return undefined;
    };
    const leaf = (location: string, name: string) => {
      const found = gantt.activities.find(
        (task) => !task.isSummary && task.TaskName === name && locationOf(task) === location,
      );
      if (!found) throw new Error(`no ${name} en ${location}`);
      return found;
    };
    // day n: the n-th working day from Friday 02-01-2026, Monday to Friday
    const day = (n: number) => {
      const date = new Date(Date.UTC(2026, 0, 2));
      for (let left = n; left > 0;) {
        date.setUTCDate(date.getUTCDate() + 1);
        if (date.getUTCDay() !== 0 && date.getUTCDay() !== 6) left -= 1;
      }
      return date.toISOString().slice(0, 10);
    };
    const spans = locations.map((item) =>
      ['Moldaje', 'Enfierradura', 'Hormigonado'].map((name) => {
        const task = leaf(item.code, name);
        return [task.StartDate, task.EndDate];
      }),
    );
    expect(spans).toEqual(
      locations.map((_, i) => [
        [day(3 * i), day(3 * i + 2)],
        [day(5 * i + 3), day(5 * i + 7)],
        [day(5 * i + 8), day(5 * i + 9)],
      ]),
    );
    // staggered by the slowest trade: each location's concrete finishes 5 working days after the one before
    const weekdaysBetween = (from: string, to: string) => {
      let count = 0;
      for (let date = new Date(`${from}T00:00:00Z`); date.toISOString().slice(0, 10) < to;) {
        date.setUTCDate(date.getUTCDate() + 1);
        if (date.getUTCDay() !== 0 && date.getUTCDay() !== 6) count += 1;
      }
      return count;
    };
    const finishes = locations.map((item) => leaf(item.code, 'Hormigonado').EndDate);
    expect(finishes.slice(1).map((finish, index) => weekdaysBetween(finishes[index] as string, finish))).toEqual(
      Array.from({ length: finishes.length - 1 }, () => 5),
    );
    // the towers share the crews: Torre 2 starts when the crew has finished Torre 1's Cubierta
    expect(leaf('EDT.2.1', 'Moldaje').StartDate).toBe(day(15));
    expect(weekdaysBetween(leaf('EDT.1.5', 'Moldaje').EndDate, leaf('EDT.2.1', 'Moldaje').StartDate)).toBe(1);
    expect(leaf('EDT.2.1', 'Enfierradura').StartDate > leaf('EDT.1.5', 'Enfierradura').EndDate).toBe(true);
    // each generated task carries its trade's crew
    expect(leaf('EDT.2.3', 'Enfierradura').Resources).toEqual([{ resourceId: trades[1]?.resource._id, units: 1 }]);
  });
});
