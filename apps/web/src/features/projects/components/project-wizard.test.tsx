import type { AreaType } from '@cimiento/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/react-query';
import { useProjectStore } from '@/lib/stores/project-store';
import { buildSession, jsonResponse, renderWithApp } from '@/testing/test-utils';
import { useProjectWizardStore } from '../stores/project-wizard-store';
import { ProjectWizard } from './project-wizard';

function areaType(_id: string, name: string, priority: number): AreaType {
  return { _id, id: _id, code: _id.toUpperCase(), name, priority, sectores: [] };
}

const starterAreaTypes = [areaType('urg', 'Urgencia', 2), areaType('pab', 'Pabellones', 1)];

type SaveAnswer = { status: number; body: unknown };

type StubOptions = {
  areaTypes?: AreaType[];
  save?: SaveAnswer;
  /** codes projects already have (checkProjectCode compares without case) */
  taken?: string[];
  /** checkProjectCode fails as a network error does */
  isCheckDown?: boolean;
  /** checkProjectCode answers only once this settles */
  checkGate?: Promise<void>;
  /** every code checkProjectCode was asked about */
  checked?: string[];
};

/** The server for the wizard: the area type catalogue, checkProjectCode and saveProject (recording what it got). */
function stubServer(options: StubOptions = {}) {
  const saved: unknown[] = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body ?? 'null')) as { data: unknown } | null;
    if (input === '/api/functions/loadObjects') {
      return jsonResponse(200, { result: { objects: options.areaTypes ?? starterAreaTypes } });
    }
    if (input === '/api/functions/checkProjectCode') {
      const { code } = body?.data as { code: string };
      options.checked?.push(code);
      await options.checkGate;
      if (options.isCheckDown) throw new TypeError('Failed to fetch');
      const stored = (options.taken ?? []).find((candidate) => candidate.toLowerCase() === code.toLowerCase());
      return jsonResponse(200, {
        result: stored
          ? { available: false, message: `Ya existe un proyecto con el código «${stored}»` }
          : { available: true, message: `El código «${code}» está disponible` },
      });
    }
    if (input === '/api/functions/saveProject') {
      saved.push(body?.data);
      const answer = options.save ?? {
        status: 200,
        body: {
          result: {
            project: { _id: 'p-1', id: 'p-1', name: 'Hospital de Talca' },
            message: 'Proyecto Hospital de Talca creado',
          },
        },
      };
      return jsonResponse(answer.status, answer.body);
    }
    if (input === '/api/functions/loadProjects') {
      return jsonResponse(200, { result: { projects: [], message: 'Proyectos cargados' } });
    }
    return jsonResponse(404, { error: { status: 'NOT_FOUND', message: 'no' } });
  });
  return saved;
}

function renderWizard() {
  // the app's own query client: its failed calls raise the error toast
  return renderWithApp(<ProjectWizard />, {
    path: '/projects/new',
    session: buildSession({ id: 'user-1' }),
    queryClient: createQueryClient(),
  });
}

function validation(element: HTMLElement) {
  return element.getAttribute('data-validation');
}

/** Name and code typed, and the code found free (Siguiente waits for the check). */
async function fillBasicStep(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByRole('textbox', { name: 'Nombre' }), 'Hospital de Talca');
  await user.type(screen.getByRole('textbox', { name: 'Código' }), 'HT');
  await screen.findByText('El código «HT» está disponible');
}

describe('ProjectWizard', () => {
  afterEach(() => {
    useProjectStore.setState({ currentProject: null, userId: null });
  });

  it('clears an old draft on opening and starts on Datos básicos', async () => {
    stubServer();
    useProjectWizardStore.getState().updateDraft({ name: 'Viejo' });
    useProjectWizardStore.getState().goToStep(2);
    renderWizard();
    expect(((await screen.findByRole('textbox', { name: 'Nombre' })) as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('heading', { name: 'Datos básicos' })).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Progreso del asistente' }).getAttribute('aria-valuenow')).toBe(
      '33',
    );
    expect(screen.getByRole('button', { name: 'Anterior' }).hasAttribute('disabled')).toBe(true);
  });

  it('step 1: Next only with name and code; name, code and priority show error and success states', async () => {
    const user = userEvent.setup();
    stubServer();
    renderWizard();
    const name = await screen.findByRole('textbox', { name: 'Nombre' });
    const code = screen.getByRole('textbox', { name: 'Código' });
    const priority = screen.getByRole('spinbutton', { name: 'Prioridad' });
    const next = screen.getByRole('button', { name: 'Siguiente' });
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(validation(code)).toBe('error');
    // the spec's default priority '0' is shown in the error state
    expect((priority as HTMLInputElement).value).toBe('0');
    expect(validation(priority)).toBe('error');
    expect(next.hasAttribute('disabled')).toBe(true);
    // the later steps cannot be opened from the progress bar yet
    expect(screen.getByRole('button', { name: 'Datos financieros' }).hasAttribute('disabled')).toBe(true);

    await user.type(name, 'Hospital de Talca');
    expect(validation(name)).toBe('success');
    expect(name.getAttribute('aria-invalid')).toBe('false');
    expect(next.hasAttribute('disabled')).toBe(true);
    await user.type(code, '   ');
    expect(next.hasAttribute('disabled')).toBe(true);
    await user.clear(code);
    await user.type(code, 'HT');
    await waitFor(() => expect(validation(code)).toBe('success'));
    expect(next.hasAttribute('disabled')).toBe(false);

    await user.clear(priority);
    expect(validation(priority)).toBe('error');
    await user.type(priority, '3');
    expect(validation(priority)).toBe('success');

    await user.click(next);
    expect(screen.getByRole('heading', { name: 'Datos financieros' })).toBeTruthy();
  });

  it("step 1: checks the code as it is typed; a taken code (in another case) shows the server's message and keeps Siguiente and the progress bar shut", async () => {
    const user = userEvent.setup();
    let release = () => {};
    const checked: string[] = [];
    stubServer({ taken: ['TLA'], checked, checkGate: new Promise<void>((resolve) => (release = resolve)) });
    renderWizard();
    const code = screen.getByRole('textbox', { name: 'Código' });
    const next = screen.getByRole('button', { name: 'Siguiente' });
    await user.type(await screen.findByRole('textbox', { name: 'Nombre' }), 'Torre');
    await user.type(code, 'tla');

    // while the server has not answered: neither state, and the wizard waits
    await waitFor(() => expect(checked).toContain('tla'));
    expect(validation(code)).toBe('neutral');
    expect(screen.getByText('Comprobando si el código está libre…')).toBeTruthy();
    expect(next.hasAttribute('disabled')).toBe(true);
    release();

    expect(await screen.findByText('Ya existe un proyecto con el código «TLA»')).toBeTruthy();
    expect(validation(code)).toBe('error');
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(next.hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Datos financieros' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Resumen' }).hasAttribute('disabled')).toBe(true);

    // the next code is asked about once typing pauses; the last one asked is what the field shows
    await user.type(code, '2');
    expect(await screen.findByText('El código «tla2» está disponible')).toBeTruthy();
    expect(checked.at(-1)).toBe('tla2');
    expect(validation(code)).toBe('success');
    expect(next.hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole('button', { name: 'Datos financieros' }).hasAttribute('disabled')).toBe(false);

    // a malformed code is not sent: the field says why
    await user.type(code, ' x');
    expect(screen.getByText('No puede tener espacios ni puntos')).toBeTruthy();
    expect(checked).not.toContain('tla2 x');
  });

  it('step 1: a code check that cannot be made leaves the field neutral with a note, and does not block Siguiente', async () => {
    const user = userEvent.setup();
    stubServer({ isCheckDown: true });
    renderWizard();
    await user.type(await screen.findByRole('textbox', { name: 'Nombre' }), 'Torre');
    const code = screen.getByRole('textbox', { name: 'Código' });
    await user.type(code, 'T1');
    expect(await screen.findByText('No se pudo comprobar el código; se comprobará al crear el proyecto')).toBeTruthy();
    expect(validation(code)).toBe('neutral');
    expect(code.getAttribute('aria-invalid')).toBe('false');
    expect(screen.getByRole('button', { name: 'Siguiente' }).hasAttribute('disabled')).toBe(false);
    // typing goes on, and no error toast interrupts it
    await user.type(code, '2');
    expect((code as HTMLInputElement).value).toBe('T12');
    expect(screen.queryByText('Error en Cimiento')).toBeNull();
  });

  it('step 1: lists the area types by priority with a quantity from 0, only for the generica template', async () => {
    const user = userEvent.setup();
    stubServer();
    renderWizard();
    const table = await screen.findByRole('table', { name: 'Tipos de área' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      '1. Pabellones',
      '2. Urgencia',
    ]);
    const quantity = screen.getByRole('spinbutton', { name: 'Cantidad de 1. Pabellones' });
    expect((quantity as HTMLInputElement).value).toBe('0');
    expect(quantity.getAttribute('min')).toBe('0');
    expect(quantity.getAttribute('max')).toBe('999');
    await user.clear(quantity);
    await user.type(quantity, '4');
    expect(useProjectWizardStore.getState().draft.quantities).toEqual({ pab: 4 });

    expect(screen.getByRole('combobox', { name: 'Plantilla EDP' }).textContent).toBe('generica');
    await user.click(screen.getByRole('combobox', { name: 'Plantilla EDP' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'generica',
      'plantilla-1',
      'plantilla-2',
    ]);
    await user.click(screen.getByRole('option', { name: 'plantilla-1' }));
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Tipos de área' })).toBeNull());
  });

  it('step 1: with no area types, says so and links to the catalogue', async () => {
    stubServer({ areaTypes: [] });
    renderWizard();
    expect(await screen.findByText(/No hay tipos de área en el catálogo/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Agregar tipos de área' }).getAttribute('href')).toBe('/admin/tipos-area');
  });

  it("step 1: 'Secuencia del Gantt' offers the three options, starts at 'Tren de actividades', and the choice reaches the summary and saveProject", async () => {
    const user = userEvent.setup();
    const saved = stubServer();
    renderWizard();
    const sequencing = await screen.findByRole('combobox', { name: 'Secuencia del Gantt' });
    expect(sequencing.textContent).toBe('Tren de actividades');
    expect(screen.getByText('Cómo se vinculan las tareas generadas desde el EDC')).toBeTruthy();
    await user.click(sequencing);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Sin secuencia',
      'Secuencia por prioridad',
      'Tren de actividades',
    ]);
    await user.click(screen.getByRole('option', { name: 'Secuencia por prioridad' }));
    await waitFor(() => expect(useProjectWizardStore.getState().draft.sequencing).toBe('priority'));
    expect(screen.getByRole('combobox', { name: 'Secuencia del Gantt' }).textContent).toBe('Secuencia por prioridad');

    await fillBasicStep(user);
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    const terms = screen.getAllByRole('term').map((term) => term.textContent);
    const values = screen.getAllByRole('definition').map((value) => value.textContent);
    expect(values[terms.indexOf('Secuencia del Gantt')]).toBe('Secuencia por prioridad');
    // back on step 1 the choice is still there
    await user.click(screen.getByRole('button', { name: 'Datos básicos' }));
    expect(screen.getByRole('combobox', { name: 'Secuencia del Gantt' }).textContent).toBe('Secuencia por prioridad');
    await user.click(screen.getByRole('button', { name: 'Resumen' }));

    await user.click(screen.getByRole('button', { name: 'Crear proyecto' }));
    await user.click(await screen.findByRole('button', { name: 'Si, estoy seguro' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ project: { name: 'Hospital de Talca', code: 'HT', sequencing: 'priority' } });
  });

  it('step 2: shows the budget formatted in the chosen currency, the errors, and Next only with both years', async () => {
    const user = userEvent.setup();
    stubServer();
    renderWizard();
    await fillBasicStep(user);
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));

    const currency = screen.getByRole('combobox', { name: 'Moneda' });
    expect(currency.textContent).toBe('USD');
    const budget = screen.getByRole('textbox', { name: 'Presupuesto' });
    expect(budget.getAttribute('inputmode')).toBe('decimal');
    expect(validation(budget)).toBe('error');
    expect(screen.getByText('Debe ser mayor que 0')).toBeTruthy();

    await user.clear(budget);
    expect(validation(budget)).toBe('error');
    expect(screen.getByText('Es obligatorio')).toBeTruthy();
    await user.type(budget, '1.234.567,89');
    expect(validation(budget)).toBe('success');
    expect(screen.getByText('US$1.234.567,89')).toBeTruthy();
    await user.click(currency);
    await user.click(screen.getByRole('option', { name: 'CLP' }));
    expect(await screen.findByText('$1.234.568')).toBeTruthy();
    await user.type(budget, 'x');
    expect(validation(budget)).toBe('error');
    expect(screen.getByText('Debe ser un monto, por ejemplo 1.234.567,89')).toBeTruthy();

    const start = screen.getByRole('spinbutton', { name: 'Año inicio de Obras' });
    const end = screen.getByRole('spinbutton', { name: 'Año previsto de cierre' });
    const next = screen.getByRole('button', { name: 'Siguiente' });
    expect((start as HTMLInputElement).value).toBe('2023');
    expect(validation(start)).toBe('success');
    expect(next.hasAttribute('disabled')).toBe(false);
    await user.clear(end);
    expect(validation(end)).toBe('error');
    expect(next.hasAttribute('disabled')).toBe(true);
    await user.type(end, '0');
    expect(validation(end)).toBe('error');
    // issue 35: a year from 2000 to 2100, the end not before the start, before 'Siguiente'
    expect(screen.getByText('Debe ser un año entre 2000 y 2100')).toBeTruthy();
    expect(next.hasAttribute('disabled')).toBe(true);
    await user.clear(end);
    await user.type(end, '2022');
    expect(screen.getByText('Debe ser igual o posterior al año de inicio de obras')).toBeTruthy();
    expect(next.hasAttribute('disabled')).toBe(true);
    await user.clear(end);
    await user.type(end, '2030');
    expect(validation(end)).toBe('success');
    expect(next.hasAttribute('disabled')).toBe(false);
    await user.clear(start);
    expect(validation(start)).toBe('error');
    expect(next.hasAttribute('disabled')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(screen.getByRole('heading', { name: 'Datos básicos' })).toBeTruthy();
  });

  it('step 3: summarises the draft, asks for confirmation, saves it and opens the EDP', async () => {
    const user = userEvent.setup();
    const saved = stubServer();
    const { router } = renderWizard();
    await fillBasicStep(user);
    await user.type(screen.getByRole('spinbutton', { name: 'Cantidad de 2. Urgencia' }), '2');
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    await user.click(screen.getByRole('combobox', { name: 'Moneda' }));
    await user.click(screen.getByRole('option', { name: 'UF' }));
    const budget = screen.getByRole('textbox', { name: 'Presupuesto' });
    await user.clear(budget);
    await user.type(budget, '1.234,5');
    const end = screen.getByRole('spinbutton', { name: 'Año previsto de cierre' });
    await user.clear(end);
    await user.type(end, '2025');
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));

    expect(screen.getByRole('heading', { name: 'Resumen' })).toBeTruthy();
    const terms = screen.getAllByRole('term').map((term) => term.textContent);
    const values = screen.getAllByRole('definition').map((value) => value.textContent);
    expect(Object.fromEntries(terms.map((term, index) => [term, values[index]]))).toEqual({
      Nombre: 'Hospital de Talca',
      Código: 'HT',
      'Plantilla EDP': 'generica',
      'Secuencia del Gantt': 'Tren de actividades',
      Presupuesto: 'UF 1.234,50',
      'Período de ejecución': '2023 - 2025',
      '1. Pabellones': '0',
      '2. Urgencia': '2',
      // issue 35: the EDP's size (the root and two areas without sub-areas)
      'Ítems del EDP': '3',
    });
    expect(screen.getByRole('progressbar', { name: 'Progreso del asistente' }).getAttribute('aria-valuenow')).toBe(
      '100',
    );

    await user.click(screen.getByRole('button', { name: 'Crear proyecto' }));
    const dialog = await screen.findByRole('alertdialog', { name: '¿Estás seguro?' });
    expect(within(dialog).getByText('Confirma que deseas crear un nuevo proyecto')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(saved).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Crear proyecto' }));
    await user.click(await screen.findByRole('button', { name: 'Si, estoy seguro' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects/p-1/edp'));
    expect(saved).toEqual([
      {
        project: {
          name: 'Hospital de Talca',
          code: 'HT',
          priority: '0',
          template: 'generica',
          sequencing: 'train',
          startYear: '2023',
          endYear: '2025',
          currency: 'UF',
          budget: '1234.5',
          tiposArea: [
            { ...starterAreaTypes[1], quantity: 0 },
            { ...starterAreaTypes[0], quantity: 2 },
          ],
        },
      },
    ]);
    expect(useProjectStore.getState()).toMatchObject({
      currentProject: { id: 'p-1', name: 'Hospital de Talca' },
      userId: 'user-1',
    });
    expect(useProjectWizardStore.getState().activeStep).toBe(0);
    expect((await screen.findByRole('status')).textContent).toContain('Proyecto Hospital de Talca creado');
  });

  it("issue 35: each area says how many of each sub-area it has, checked at the field, with the EDP's size before creating", async () => {
    const user = userEvent.setup();
    const torre: AreaType = {
      ...areaType('tor', 'Torre', 1),
      sectores: [
        { id: 11, code: 'SUB', name: 'Subterráneo', quantity: 1, priority: 1 },
        { id: 12, code: 'PT', name: 'Piso tipo', quantity: 1, priority: 2 },
        { id: 13, code: 'CUB', name: 'Cubierta', quantity: 1, priority: 3 },
      ],
    };
    const saved = stubServer({ areaTypes: [torre] });
    renderWizard();
    await fillBasicStep(user);
    const count = () => screen.getByTestId('wizard-edp-count').textContent;
    const next = screen.getByRole('button', { name: 'Siguiente' });
    // no area yet: no sub-area fields, no error, the root alone
    expect(screen.queryByRole('spinbutton', { name: 'Cantidad de Piso tipo en 1. Torre' })).toBeNull();
    expect(count()).toBe('Se generará 1 ítem en el EDP');
    await user.type(screen.getByRole('spinbutton', { name: 'Cantidad de 1. Torre' }), '2');
    const floors = screen.getByRole('spinbutton', { name: 'Cantidad de Piso tipo en 1. Torre' }) as HTMLInputElement;
    expect(floors.value).toBe('1');
    expect(screen.getByText('Cada Torre tiene:')).toBeTruthy();
    expect(count()).toBe('Se generarán 9 ítems en el EDP');
    await user.clear(floors);
    expect(screen.getByText('Escribe una cantidad (0 si no tiene)')).toBeTruthy();
    expect(next.hasAttribute('disabled')).toBe(true);
    await user.type(floors, '1000');
    expect(screen.getByText('Debe ser un número entero de 0 a 999')).toBeTruthy();
    expect(next.hasAttribute('disabled')).toBe(true);
    // a typo: 999 towers of 60 floors would be 62.938 items, over the 50.000 an EDP takes
    await user.clear(floors);
    await user.type(floors, '60');
    const towers = screen.getByRole('spinbutton', { name: 'Cantidad de 1. Torre' });
    await user.clear(towers);
    await user.type(towers, '999');
    expect(count()).toBe('El EDP tendría 62.938 ítems; el máximo es 50.000. Reduce las cantidades');
    expect(next.hasAttribute('disabled')).toBe(true);
    await user.clear(towers);
    await user.type(towers, '2');
    // the field went away while the quantity was 0 and comes back with what was typed
    const again = screen.getByRole('spinbutton', { name: 'Cantidad de Piso tipo en 1. Torre' }) as HTMLInputElement;
    expect(again.value).toBe('60');
    await user.clear(again);
    await user.type(again, '12');
    expect(screen.queryByText('Debe ser un número entero de 0 a 999')).toBeNull();
    expect(count()).toBe('Se generarán 31 ítems en el EDP');
    expect(next.hasAttribute('disabled')).toBe(false);

    await user.click(next);
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    const terms = screen.getAllByRole('term').map((term) => term.textContent);
    const values = screen.getAllByRole('definition').map((value) => value.textContent);
    expect(Object.fromEntries(terms.map((term, index) => [term, values[index]]))).toMatchObject({
      '1. Torre': '2',
      'Subáreas de cada 1. Torre': 'Subterráneo × 1, Piso tipo × 12, Cubierta × 1',
      'Ítems del EDP': '31',
    });
    await user.click(screen.getByRole('button', { name: 'Crear proyecto' }));
    await user.click(await screen.findByRole('button', { name: 'Si, estoy seguro' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect((saved[0] as { project: { tiposArea: unknown[] } }).project.tiposArea).toEqual([
      {
        ...torre,
        quantity: 2,
        sectorQuantities: [
          { id: 11, quantity: 1 },
          { id: 12, quantity: 12 },
          { id: 13, quantity: 1 },
        ],
      },
    ]);
  });

  it('keeps the draft and the summary when the server refuses the project', async () => {
    const user = userEvent.setup();
    stubServer({
      save: {
        status: 400,
        body: { error: { status: 'INVALID_ARGUMENT', message: 'project.code: no puede tener espacios' } },
      },
    });
    const { router } = renderWizard();
    await fillBasicStep(user);
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    await user.click(screen.getByRole('button', { name: 'Crear proyecto' }));
    await user.click(await screen.findByRole('button', { name: 'Si, estoy seguro' }));

    expect((await screen.findByRole('alert')).textContent).toContain('project.code: no puede tener espacios');
    expect(router.state.location.pathname).toBe('/projects/new');
    expect(screen.getByRole('heading', { name: 'Resumen' })).toBeTruthy();
    expect(useProjectWizardStore.getState().draft).toMatchObject({ name: 'Hospital de Talca', code: 'HT' });
    expect(useProjectStore.getState().currentProject).toBeNull();
  });
});
