import type { Baseline, GanttOutput, GanttTask } from '@cimiento/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/react-query';
import { buildSession, jsonResponse, renderWithApp } from '@/testing/test-utils';
import { GanttEditorContext, createGanttEditorStore } from '../editor/gantt-editor-store';
import type { GanttEditorStore } from '../editor/gantt-editor-store';
import { useGanttViewStore } from '../chart/gantt-view-store';
import { GanttBaselineMenu, nextBaselineName } from './gantt-baseline-menu';

function task(overrides: Partial<GanttTask> & Pick<GanttTask, 'TaskID' | 'TaskCode' | 'TaskName'>): GanttTask {
  return {
    StartDate: '2026-03-02',
    StartNoEarlierThan: '2026-03-02',
    EndDate: '2026-03-06',
    Duration: 5,
    Progress: 0,
    Predecessor: '',
    totalFloat: 0,
    critical: true,
    isSummary: false,
    ...overrides,
  };
}

/** Excavación (5 d) then Fundaciones (5 d, 1FS): 2–13 March 2026. */
function gantt(overrides: Partial<GanttOutput> = {}): GanttOutput {
  return {
    activities: [
      task({ TaskID: 1, TaskCode: 'OG.1', TaskName: 'Excavación' }),
      task({
        TaskID: 2,
        TaskCode: 'OG.2',
        TaskName: 'Fundaciones',
        StartDate: '2026-03-09',
        EndDate: '2026-03-13',
        Predecessor: '1FS',
      }),
    ],
    version: 4,
    calendar: {
      workWeek: 'mon-fri',
      firstYear: 2026,
      holidays: [],
      workingWeekdays: [1, 2, 3, 4, 5],
      chileHolidays: false,
      exceptions: [],
    },
    projectStart: '2026-03-02',
    projectFinish: '2026-03-13',
    sequencing: 'none',
    message: 'Gantt cargado',
    ...overrides,
  };
}

const contrato: Baseline = {
  baselineId: 'lb-1',
  name: 'Contrato',
  createdAt: '2026-03-01T13:30:00.000Z',
  createdBy: 'Ana Pérez',
  taskCount: 2,
  projectStart: '2026-03-02',
  projectFinish: '2026-03-13',
};
const revision: Baseline = {
  ...contrato,
  baselineId: 'lb-2',
  name: 'Revisión 1',
  createdAt: '2026-03-05T18:00:00.000Z',
  createdBy: 'Beto Soto',
};

/** The dates chooseBaseline answers for a baseline: Fundaciones planned two days earlier in 'Contrato'. */
function datesOf(baselineId: string | null) {
  if (baselineId === null) return [];
  return [
    { TaskID: 1, BaselineStart: '2026-03-02', BaselineFinish: '2026-03-06', BaselineDuration: 5 },
    {
      TaskID: 2,
      BaselineStart: baselineId === 'lb-1' ? '2026-03-05' : '2026-03-09',
      BaselineFinish: baselineId === 'lb-1' ? '2026-03-11' : '2026-03-13',
      BaselineDuration: 5,
    },
  ];
}

type Call = { name: string; data: Record<string, unknown> };
type Answer = (data: Record<string, unknown>) => Response;

/** The server as the baseline functions answer; `baselines` changes as they would change it. */
function stubServer(start: Baseline[], answers: Record<string, Answer> = {}) {
  const calls: Call[] = [];
  let baselines = [...start];
  let chosen: string | undefined = start[0]?.baselineId;
  const list = (message: string) => ({ baselines, ...(chosen === undefined ? {} : { baselineId: chosen }), message });
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const { data } = JSON.parse(String(init?.body)) as { data: Record<string, unknown> };
    const name = input.replace('/api/functions/', '');
    calls.push({ name, data });
    const answer = answers[name];
    if (answer) return answer(data);
    switch (name) {
      case 'loadBaselines':
        return jsonResponse(200, { result: list('2 líneas base') });
      case 'chooseBaseline': {
        chosen = (data.baselineId as string | null) ?? undefined;
        return jsonResponse(200, { result: { ...list('Línea base elegida'), tasks: datesOf(chosen ?? null) } });
      }
      case 'saveBaseline': {
        const baseline: Baseline = { ...contrato, baselineId: 'lb-new', name: String(data.name) };
        baselines = [baseline, ...baselines];
        chosen = baseline.baselineId;
        return jsonResponse(200, { result: { ...list(`Línea base «${baseline.name}» fijada: 2 tareas`), baseline } });
      }
      case 'removeBaseline': {
        baselines = baselines.filter((baseline) => baseline.baselineId !== data.baselineId);
        chosen = baselines[0]?.baselineId;
        return jsonResponse(200, { result: list('Línea base eliminada') });
      }
      case 'saveGantt':
        return jsonResponse(200, { result: gantt({ version: 5, message: 'Gantt grabado: 2 tareas' }) });
      default:
        return jsonResponse(500, { error: { status: 'INTERNAL', message: 'sin respuesta' } });
    }
  });
  return calls;
}

const callsTo = (calls: Call[], name: string) => calls.filter((call) => call.name === name).map((call) => call.data);

function renderMenu(output: GanttOutput = gantt()): GanttEditorStore {
  const store = createGanttEditorStore(output);
  renderWithApp(
    <GanttEditorContext.Provider value={store}>
      <GanttBaselineMenu />
    </GanttEditorContext.Provider>,
    {
      path: '/projects/p-1/gantt',
      routePath: '/projects/:id/gantt',
      session: buildSession({ id: 'user-1' }),
      queryClient: createQueryClient(),
    },
  );
  return store;
}

async function openMenu() {
  await userEvent.click(screen.getByTestId('baseline-menu-button'));
  return screen.findByRole('menu');
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  useGanttViewStore.setState({ byUser: {} });
});

describe("'Línea base' (issue 15)", () => {
  it('lists the baselines with their date and who fixed them; choosing one lays its dates over the Gantt', async () => {
    const calls = stubServer([revision, contrato]);
    const store = renderMenu();
    expect(store.getState().baselineId).toBeNull();
    const menu = await openMenu();
    await within(menu).findByText('Revisión 1');
    // dates in Santiago's time, dd-mm-aaaa hh:mm
    expect(within(menu).getByText('05-03-2026 15:00 · Beto Soto')).toBeTruthy();
    expect(within(menu).getByText('01-03-2026 10:30 · Ana Pérez')).toBeTruthy();
    expect(within(menu).getByText('Mostrar y comparar (2 de 11)')).toBeTruthy();
    await userEvent.click(within(menu).getByRole('menuitem', { name: /Contrato/ }));
    await waitFor(() => expect(store.getState().baselineId).toBe('lb-1'));
    expect(callsTo(calls, 'chooseBaseline')).toEqual([{ id: 'p-1', baselineId: 'lb-1' }]);
    expect(store.getState().baseline.get(2)).toEqual({ start: '2026-03-05', finish: '2026-03-11', duration: 5 });
    expect(screen.getByTestId('baseline-menu-button').textContent).toBe('LB: Contrato');
    // 'Ninguna': no baseline on screen
    await userEvent.click(within(await openMenu()).getByRole('menuitem', { name: 'Ninguna' }));
    await waitFor(() => expect(store.getState().baselineId).toBeNull());
    expect(store.getState().baseline.size).toBe(0);
    expect(callsTo(calls, 'chooseBaseline').at(-1)).toEqual({ id: 'p-1', baselineId: null });
  });

  it("'Fijar línea base…' proposes the next 'Línea base N', saves it and shows its dates", async () => {
    const calls = stubServer([revision, contrato]);
    const store = renderMenu(gantt({ baselineId: 'lb-2' }));
    await userEvent.click(within(await openMenu()).getByRole('menuitem', { name: 'Fijar línea base…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fijar línea base' });
    expect(within(dialog).getByLabelText('Nombre')).toHaveProperty('value', 'Línea base 3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fijar' }));
    await waitFor(() => expect(store.getState().baselineId).toBe('lb-new'));
    expect(callsTo(calls, 'saveBaseline')).toEqual([{ id: 'p-1', name: 'Línea base 3' }]);
    expect(callsTo(calls, 'chooseBaseline')).toEqual([{ id: 'p-1', baselineId: 'lb-new' }]);
    expect(callsTo(calls, 'saveGantt')).toEqual([]);
    expect(await screen.findByText('Línea base «Línea base 3» fijada: 2 tareas')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('with unsaved edits says the baseline freezes the saved Gantt, and saves them first when asked', async () => {
    const calls = stubServer([]);
    const store = renderMenu();
    store
      .getState()
      .apply((tasks) => ({ ok: true, tasks: tasks.map((t) => (t.id === 1 ? { ...t, duration: 6 } : t)) }));
    await userEvent.click(within(await openMenu()).getByRole('menuitem', { name: 'Fijar línea base…' }));
    const question = await screen.findByRole('alertdialog', { name: 'Cambios sin grabar' });
    expect(question.textContent).toContain('La línea base congela el Gantt grabado');
    await userEvent.click(within(question).getByRole('button', { name: 'Grabar y continuar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fijar línea base' });
    expect(callsTo(calls, 'saveGantt')).toHaveLength(1);
    expect(callsTo(calls, 'saveGantt')[0]).toMatchObject({ id: 'p-1', version: 4 });
    expect(store.getState().version).toBe(5);
    expect(within(dialog).getByLabelText('Nombre')).toHaveProperty('value', 'Línea base 1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fijar' }));
    await waitFor(() => expect(store.getState().baselineId).toBe('lb-new'));
  });

  it("'Continuar sin grabar' fixes the saved Gantt and keeps the edits unsaved", async () => {
    const calls = stubServer([]);
    const store = renderMenu();
    store
      .getState()
      .apply((tasks) => ({ ok: true, tasks: tasks.map((t) => (t.id === 1 ? { ...t, duration: 6 } : t)) }));
    await userEvent.click(within(await openMenu()).getByRole('menuitem', { name: 'Fijar línea base…' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Continuar sin grabar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fijar línea base' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fijar' }));
    await waitFor(() => expect(store.getState().baselineId).toBe('lb-new'));
    expect(callsTo(calls, 'saveGantt')).toEqual([]);
    expect(store.getState().tasks.find((t) => t.id === 1)?.duration).toBe(6);
  });

  it('shows the refusal of a 12th baseline in the dialog, which stays open, and changes nothing', async () => {
    const message = 'El proyecto ya tiene 11 líneas base, el máximo: elimina una para fijar otra';
    const calls = stubServer([contrato], {
      saveBaseline: () => jsonResponse(400, { error: { status: 'FAILED_PRECONDITION', message } }),
    });
    const store = renderMenu(gantt({ baselineId: 'lb-1' }));
    await userEvent.click(within(await openMenu()).getByRole('menuitem', { name: 'Fijar línea base…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fijar línea base' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fijar' }));
    expect((await within(dialog).findByTestId('baseline-error')).textContent).toBe(message);
    expect(screen.getByRole('dialog', { name: 'Fijar línea base' })).toBeTruthy();
    expect(callsTo(calls, 'chooseBaseline')).toEqual([]);
    expect(store.getState().baselineId).toBe('lb-1');
  });

  it('refuses an empty name without calling the server', async () => {
    const calls = stubServer([]);
    renderMenu();
    await userEvent.click(within(await openMenu()).getByRole('menuitem', { name: 'Fijar línea base…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fijar línea base' });
    await userEvent.clear(within(dialog).getByLabelText('Nombre'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fijar' }));
    expect(await within(dialog).findByText('Escribe un nombre para la línea base.')).toBeTruthy();
    expect(callsTo(calls, 'saveBaseline')).toEqual([]);
  });

  it("'Eliminar…' names the baseline and its tasks; confirmed, the newest left is shown", async () => {
    const calls = stubServer([revision, contrato]);
    const store = renderMenu(gantt({ baselineId: 'lb-2' }));
    await waitFor(() => expect(screen.getByTestId('baseline-menu-button').textContent).toBe('LB: Revisión 1'));
    await userEvent.click(within(await openMenu()).getByRole('menuitem', { name: 'Eliminar «Revisión 1»…' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain(
      'Se eliminará la línea base «Revisión 1» del 05-03-2026 15:00, con las fechas de sus 2 tareas.',
    );
    await userEvent.click(within(confirm).getByRole('button', { name: 'Si, estoy seguro' }));
    await waitFor(() => expect(store.getState().baselineId).toBe('lb-1'));
    expect(callsTo(calls, 'removeBaseline')).toEqual([{ id: 'p-1', baselineId: 'lb-2' }]);
    expect(callsTo(calls, 'chooseBaseline')).toEqual([{ id: 'p-1', baselineId: 'lb-1' }]);
    expect(store.getState().baseline.get(2)?.finish).toBe('2026-03-11');
  });

  it("'Columnas de seguimiento' is remembered for the user", async () => {
    stubServer([]);
    renderMenu();
    const item = within(await openMenu()).getByRole('menuitemcheckbox', { name: 'Columnas de seguimiento' });
    expect(item.getAttribute('aria-checked')).toBe('false');
    await userEvent.click(item);
    expect(useGanttViewStore.getState().byUser['user-1']?.showTracking).toBe(true);
  });

  it("'Atrasadas' is disabled without a baseline and toggles the filter with one", async () => {
    stubServer([contrato]);
    const store = renderMenu();
    expect(screen.getByRole('button', { name: 'Atrasadas' })).toHaveProperty('disabled', true);
    store.getState().setBaseline('lb-1', datesOf('lb-1'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Atrasadas' })).toHaveProperty('disabled', false));
    await userEvent.click(screen.getByRole('button', { name: 'Atrasadas' }));
    expect(store.getState().lateOnly).toBe(true);
    expect(screen.getByRole('button', { name: 'Atrasadas' }).getAttribute('aria-pressed')).toBe('true');
  });
});

describe('nextBaselineName', () => {
  const label = (number: number) => `Línea base ${number}`;
  it('counts on from the baselines there are, skipping a name already used', () => {
    expect(nextBaselineName([], label)).toBe('Línea base 1');
    expect(nextBaselineName(['Contrato', 'Revisión'], label)).toBe('Línea base 3');
    expect(nextBaselineName(['Línea base 2', 'línea base 3 '], label)).toBe('Línea base 4');
  });
});
