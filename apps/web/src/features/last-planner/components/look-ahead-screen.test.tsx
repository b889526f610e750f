import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/react-query';
import { buildSession, renderWithApp, setWindowWidth } from '@/testing/test-utils';
import { LookAheadScreen } from './look-ahead-screen';
import type { Answer } from './test-support';
import {
  companies,
  constraint,
  membersAnswer,
  named,
  projectsAnswer,
  refusal,
  settings,
  stubFunctions,
  task,
} from './test-support';

const ready = task({ id: 11, code: '1.2.6', name: 'Excavar', companyId: 'c-a' });
const blocked = task({
  id: 12,
  code: '1.2.7',
  name: 'Moldaje losa',
  companyId: 'c-a',
  end: '2026-03-19',
  ready: false,
  openConstraints: 2,
  overdueConstraints: 1,
  constraints: [
    constraint(),
    constraint({
      id: 'r-2',
      type: 'Permisos',
      description: 'Permiso de grúa',
      dueDate: '2026-03-20',
      overdue: false,
      version: 1,
    }),
  ],
});

const lookAhead = {
  settings,
  today: '2026-03-11',
  cutoff: null,
  from: '2026-03-11',
  to: '2026-03-31',
  weeks: 3,
  weekStarts: ['2026-03-11', '2026-03-18', '2026-03-25'],
  groupBy: 'company',
  groups: [{ key: 'c-a', label: 'Moldajes del Sur', readyCount: 1, tasks: [ready, blocked] }],
  companies,
  taskCount: 2,
  readyCount: 1,
  openConstraints: 2,
  overdueConstraints: 1,
  message: '',
};

function stub(role: string | null, extra: Record<string, Answer> = {}) {
  return stubFunctions({
    loadProjects: projectsAnswer(role),
    loadLookAhead: { body: { result: lookAhead } },
    loadMembers: membersAnswer([{ userId: 'user-2', name: 'Pedro Terreno', role: 'terreno', companyId: null }]),
    ...extra,
  });
}

function renderScreen() {
  return renderWithApp(<LookAheadScreen project={{ _id: 'p-1', id: '7', code: 'HT', name: 'Hospital de Talca' }} />, {
    path: '/projects/7/intermedia',
    session: buildSession({ id: 'user-1' }),
    queryClient: createQueryClient(),
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  setWindowWidth(1024);
});

// the dialogs (a date picker, autocompletes) take seconds in jsdom; a loaded machine doubles that
describe('LookAheadScreen', { timeout: 30_000 }, () => {
  it('lists each task with its identity, dates, progress and readiness; overdue said in words', async () => {
    setWindowWidth(1400);
    stub('planificador');
    renderScreen();
    const row = await screen.findByTestId('lookahead-task-12');
    expect(row.textContent).toContain('1.2.7Moldaje losa');
    expect(row.textContent).toContain('Torre A › Piso 3 › Fundaciones');
    expect(row.textContent).toContain('11-03-2026 → 19-03-2026');
    expect(within(row).getByTestId('task-not-ready').textContent).toBe('No lista (2 abiertas)');
    expect(within(row).getByTestId('task-overdue').textContent).toBe('1 restricción vencida');
    expect(within(screen.getByTestId('lookahead-task-11')).getByTestId('task-ready').textContent).toBe('Lista');
    expect(screen.getByTestId('lookahead-window').textContent).toBe('Del 11-03-2026 al 31-03-2026');
    expect(screen.getByTestId('lookahead-summary').textContent).toBe('2 tareas · 1 lista · 2 restricciones abiertas');
    expect(screen.getByTestId('lookahead-overdue').textContent).toBe('1 restricción vencida');
    expect(within(row).getByRole('img').getAttribute('aria-label')).toBe('Cae en: 1, 2');
    expect(screen.getByRole('button', { name: 'Configuración' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Asignar empresa' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a Lector reads the constraints but gets no write control', async () => {
    stub('lector');
    const user = userEvent.setup();
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Restricciones de 1.2.7 «Moldaje losa»' }));
    const row = screen.getByTestId('lookahead-task-12');
    await within(row).findByText('Llegada de moldajes', { exact: false });
    expect(within(row).queryByRole('button', { name: /Agregar restricción|Liberar|Eliminar|Editar/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Configuración' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Asignar empresa' })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.getByTestId('lookahead-read-only')).toBeTruthy();
  });

  it("shows the server's refusal of a new constraint at its fields, split", async () => {
    const calls = stub('terreno', {
      saveConstraint: refusal(
        400,
        'INVALID_ARGUMENT',
        'Tipo: «» no está en la lista de tipos de restricción del proyecto; Fecha límite: no es una fecha válida (AAAA-MM-DD)',
      ),
    });
    const user = userEvent.setup();
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Restricciones de 1.2.6 «Excavar»' }));
    await user.click(await screen.findByRole('button', { name: 'Agregar restricción' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agregar restricción a 1.2.6 «Excavar»' });
    await user.click(within(dialog).getByRole('textbox', { name: /^Descripción/ }));
    await user.paste('Planos de moldaje');
    await user.click(within(dialog).getByRole('combobox', { name: /^Responsable/ }));
    await user.paste('Juan Pérez');
    await user.click(within(dialog).getByRole('button', { name: 'Grabar' }));
    await within(dialog).findByText('«» no está en la lista de tipos de restricción del proyecto');
    expect(within(dialog).getByText('No es una fecha válida (AAAA-MM-DD)')).toBeTruthy();
    expect(within(dialog).getByRole('combobox', { name: /^Tipo/ }).getAttribute('aria-invalid')).toBe('true');
    expect(
      within(dialog)
        .getByRole('textbox', { name: /^Descripción/ })
        .getAttribute('aria-invalid'),
    ).toBe('false');
    expect(named(calls, 'saveConstraint')[0]?.data).toEqual({
      id: 'p-1',
      taskId: 11,
      constraint: {
        type: '',
        description: 'Planos de moldaje',
        responsible: 'Juan Pérez',
        responsibleCompanyId: null,
        responsibleUserId: null,
        dueDate: '',
        state: 'abierta',
      },
    });
  });

  it('picks a company or a member as the responsible', async () => {
    const calls = stub('terreno', {
      saveConstraint: { body: { result: { constraint: constraint(), message: 'Restricción agregada' } } },
    });
    const user = userEvent.setup();
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Restricciones de 1.2.6 «Excavar»' }));
    await user.click(await screen.findByRole('button', { name: 'Agregar restricción' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox', { name: /^Tipo/ }));
    await user.click(await screen.findByRole('option', { name: 'Permisos' }));
    await user.click(within(dialog).getByRole('textbox', { name: /^Descripción/ }));
    await user.paste('Permiso de grúa');
    await user.click(within(dialog).getByRole('combobox', { name: /^Responsable/ }));
    await user.paste('Pedro');
    await user.click(await screen.findByRole('option', { name: 'Pedro Terreno' }));
    await user.click(within(dialog).getByRole('button', { name: 'Grabar' }));
    await waitFor(() => expect(named(calls, 'saveConstraint')).toHaveLength(1));
    expect(named(calls, 'saveConstraint')[0]?.data?.constraint).toMatchObject({
      type: 'Permisos',
      responsible: 'Pedro Terreno',
      responsibleUserId: 'user-2',
      responsibleCompanyId: null,
    });
  });

  it("releases a constraint with its version, and shows a stale answer's Spanish", async () => {
    const stale = 'La restricción cambió desde que la abriste (otra persona la grabó): recarga la intermedia';
    const calls = stub('terreno', { saveConstraint: refusal(409, 'ABORTED', stale) });
    const user = userEvent.setup();
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Restricciones de 1.2.7 «Moldaje losa»' }));
    await user.click(
      await screen.findByRole('button', { name: 'Liberar restricción Materiales: Llegada de moldajes' }),
    );
    expect((await screen.findByTestId('lookahead-refusal')).textContent).toContain(stale);
    expect(named(calls, 'saveConstraint')[0]?.data).toMatchObject({
      taskId: 12,
      constraint: { constraintId: 'r-1', version: 3, state: 'liberada', type: 'Materiales' },
    });
    // the look-ahead is read again
    await waitFor(() => expect(named(calls, 'loadLookAhead').length).toBeGreaterThan(1));
  });

  it('deletes a constraint after a counted question', async () => {
    const calls = stub('planificador', {
      removeConstraint: { body: { result: { message: 'Restricción eliminada' } } },
    });
    const user = userEvent.setup();
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Restricciones de 1.2.7 «Moldaje losa»' }));
    await user.click(await screen.findByRole('button', { name: 'Eliminar restricción Permisos: Permiso de grúa' }));
    const question = await screen.findByRole('alertdialog');
    expect(question.textContent).toContain(
      'Se eliminará la restricción «Permisos: Permiso de grúa» de 1.2.7 «Moldaje losa». La tarea tiene 2 restricciones (2 abiertas); quedarán 1 (1 abiertas).',
    );
    await user.click(within(question).getByRole('button', { name: 'Si, estoy seguro' }));
    await waitFor(() => expect(named(calls, 'removeConstraint')).toHaveLength(1));
    expect(named(calls, 'removeConstraint')[0]?.data).toEqual({ id: 'p-1', constraintId: 'r-2', version: 1 });
  });

  it('a Planificador assigns the company of the selected tasks', async () => {
    const calls = stub('planificador', { saveTaskCompany: { body: { result: { changed: 2, message: '2 tareas' } } } });
    const user = userEvent.setup();
    renderScreen();
    await user.click(await screen.findByRole('checkbox', { name: 'Seleccionar 1.2.6 «Excavar»' }));
    await user.click(screen.getByRole('checkbox', { name: 'Seleccionar 1.2.7 «Moldaje losa»' }));
    await user.click(screen.getByRole('button', { name: 'Asignar empresa (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Asignar empresa' });
    expect(dialog.textContent).toContain('La empresa que hace las 2 tareas seleccionadas:');
    await user.click(within(dialog).getByRole('combobox', { name: /Empresa/ }));
    await user.click(await screen.findByRole('option', { name: 'Andes Ingeniería' }));
    await user.click(within(dialog).getByRole('button', { name: 'Asignar' }));
    await waitFor(() => expect(named(calls, 'saveTaskCompany')).toHaveLength(1));
    expect(named(calls, 'saveTaskCompany')[0]?.data).toEqual({ id: 'p-1', taskIds: [11, 12], companyId: 'c-b' });
  });

  it("saves the settings; a list's refusal is shown under that list", async () => {
    const calls = stub('terreno', {
      saveLastPlannerSettings: refusal(
        400,
        'INVALID_ARGUMENT',
        'Causas de no cumplimiento, fila 2: «Clima» ya está en la fila 1',
      ),
    });
    const user = userEvent.setup();
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Configuración' }));
    const dialog = await screen.findByRole('dialog', { name: 'Configuración del Last Planner' });
    const causes = within(dialog).getByRole('textbox', { name: 'Causas de no cumplimiento' });
    await user.clear(causes);
    await user.click(causes);
    await user.paste('Clima\nclima');
    await user.click(within(dialog).getByRole('button', { name: 'Grabar' }));
    await within(dialog).findByText('Causas de no cumplimiento, fila 2: «Clima» ya está en la fila 1');
    expect(causes.getAttribute('aria-invalid')).toBe('true');
    expect(named(calls, 'saveLastPlannerSettings')[0]?.data).toEqual({
      id: 'p-1',
      settings: {
        lookAheadWeeks: 3,
        lookAheadFrom: 'cutoff',
        constraintTypes: settings.constraintTypes,
        causes: ['Clima', 'clima'],
      },
    });
  });
});
