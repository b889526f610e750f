import { removeGanttLink, updateGanttTask } from '@cimiento/domain';
import type { GanttOutput, GanttTask, GanttTaskChanges } from '@cimiento/domain';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/test-utils';
import { GanttEditorContext, createGanttEditorStore } from '../editor/gantt-editor-store';
import { GanttTaskPanel } from './gantt-task-panel';
import type { GanttTaskPanelHandle } from './gantt-task-panel';

const activity = (fields: Partial<GanttTask> & Pick<GanttTask, 'TaskID' | 'TaskCode' | 'TaskName'>): GanttTask => ({
  StartDate: '2025-04-07',
  StartNoEarlierThan: '2025-04-07',
  EndDate: '2025-04-11',
  Duration: 5,
  Progress: 0,
  Predecessor: '',
  totalFloat: 0,
  critical: true,
  isSummary: false,
  ...fields,
});

/**
 * Excavación (1) Mon 7 – Fri 11 Apr; Fundaciones (2) 1FS, its own start ("no earlier than") Monday
 * 7 April, so the link puts it on Mon 14 – Thu 17 Apr.
 */
const output: GanttOutput = {
  activities: [
    activity({ TaskID: 1, TaskCode: 'A', TaskName: 'Excavación' }),
    activity({
      TaskID: 2,
      TaskCode: 'B',
      TaskName: 'Fundaciones',
      StartDate: '2025-04-14',
      EndDate: '2025-04-17',
      Duration: 4,
      Predecessor: '1FS',
    }),
  ],
  version: 1,
  calendar: {
    workWeek: 'mon-fri',
    firstYear: 2025,
    holidays: ['2025-04-18'],
    workingWeekdays: [1, 2, 3, 4, 5],
    chileHolidays: true,
    exceptions: [],
  },
  projectStart: '2025-04-07',
  projectFinish: '2025-04-17',
  sequencing: 'none',
  message: 'Gantt cargado',
};

function renderPanel(gantt: GanttOutput = output) {
  const store = createGanttEditorStore(gantt);
  const ref = createRef<GanttTaskPanelHandle>();
  renderWithApp(
    <GanttEditorContext.Provider value={store}>
      <GanttTaskPanel ref={ref} id={2} onSubmit={() => {}} onCancel={() => {}} />
    </GanttEditorContext.Provider>,
  );
  /** What 'Actualizar' does: the fields read and applied to the draft. */
  const applyPanel = () => {
    const changes = ref.current?.read() as GanttTaskChanges;
    expect(changes).not.toHaveProperty('error');
    expect(store.getState().apply((tasks) => updateGanttTask(tasks, 2, changes)).ok).toBe(true);
    return changes;
  };
  const startOf = () => store.getState().tasks.find((task) => task.id === 2)?.start;
  const shownStart = () => store.getState().scheduled.get(2)?.start;
  return { store, applyPanel, startOf, shownStart };
}

describe('GanttTaskPanel: Inicio', () => {
  it('shows the computed start, not the task’s "no earlier than"', async () => {
    renderPanel();
    expect((await screen.findByRole<HTMLInputElement>('textbox', { name: 'Inicio' })).value).toBe('14-04-2025');
  });

  it('left as shown, keeps the task’s "no earlier than": deleting the link later pulls the task back', async () => {
    const { store, applyPanel, startOf, shownStart } = renderPanel();
    const duration = await screen.findByRole('textbox', { name: 'Duración (días hábiles)' });
    await userEvent.clear(duration);
    await userEvent.type(duration, '3');
    expect(applyPanel()).toMatchObject({ start: '2025-04-07', duration: 3 });
    expect(startOf()).toBe('2025-04-07');
    expect(shownStart()).toBe('2025-04-14');
    store.getState().apply((tasks) => removeGanttLink(tasks, 1, 2));
    expect(shownStart()).toBe('2025-04-07');
  });

  it('a date typed there becomes the task’s "no earlier than"', async () => {
    const { applyPanel, startOf, shownStart } = renderPanel();
    const field = await screen.findByRole('textbox', { name: 'Inicio' });
    await userEvent.clear(field);
    await userEvent.type(field, '16-04-2025');
    expect(applyPanel()).toMatchObject({ start: '2025-04-16' });
    expect(startOf()).toBe('2025-04-16');
    expect(shownStart()).toBe('2025-04-16');
  });
});

describe('GanttTaskPanel: progress at the cut-off (issue 15)', () => {
  const field = (name: string) => screen.findByRole<HTMLInputElement>('textbox', { name });

  it('without a cut-off, the progress fields are disabled with a hint, and the task keeps its progress', async () => {
    const { applyPanel } = renderPanel();
    for (const name of ['Inicio real', 'Fin real', 'Avance físico (%)'])
      expect((await field(name)).disabled).toBe(true);
    expect(screen.getByTestId('task-progress-hint').textContent).toBe(
      'Registra primero una fecha de corte en «Registrar avance»',
    );
    const changes = applyPanel();
    expect(changes.progress).toBe(0);
    expect(changes).not.toHaveProperty('actualStart');
  });

  it('with a cut-off, records Inicio real and Avance físico in the draft, and the task runs from its actual start', async () => {
    const { store, applyPanel } = renderPanel({ ...output, cutoff: '2025-04-09' });
    expect(screen.getByTestId('task-progress-hint').textContent).toBe('Al corte del 09-04-2025');
    const progress = await field('Avance físico (%)');
    await userEvent.clear(progress);
    await userEvent.type(progress, '50');
    // leaving the field fills nothing here: the scheduled start (14 April) is after the cut-off
    await userEvent.tab();
    expect((await field('Inicio real')).value).toBe('');
    expect(await screen.findByText('B «Fundaciones»: un avance mayor que 0 necesita el inicio real')).toBeTruthy();
    await userEvent.type(await field('Inicio real'), '08-04-2025');
    expect(applyPanel()).toMatchObject({ progress: 50, actualStart: '2025-04-08', actualFinish: null });
    const task = store.getState().tasks.find((candidate) => candidate.id === 2);
    expect(task).toMatchObject({ actualStart: '2025-04-08', progress: 50 });
    expect(store.getState().scheduled.get(2)?.start).toBe('2025-04-08');
  });

  it('refuses what the domain refuses, with its message: a finish after the cut-off', async () => {
    const store = createGanttEditorStore({ ...output, cutoff: '2025-04-09' });
    const ref = createRef<GanttTaskPanelHandle>();
    renderWithApp(
      <GanttEditorContext.Provider value={store}>
        <GanttTaskPanel ref={ref} id={1} onSubmit={() => {}} onCancel={() => {}} />
      </GanttEditorContext.Provider>,
    );
    await userEvent.type(await field('Inicio real'), '07-04-2025');
    await userEvent.type(await field('Fin real'), '10-04-2025');
    const progress = await field('Avance físico (%)');
    await userEvent.clear(progress);
    await userEvent.type(progress, '100');
    expect(ref.current?.read()).toEqual({
      error: 'A «Excavación»: el fin real no puede ser posterior a la fecha de corte (09-04-2025)',
      atField: true,
    });
  });

  it('typing 100 % fills an empty Fin real with the cut-off and Inicio real with the scheduled start', async () => {
    const store = createGanttEditorStore({ ...output, cutoff: '2025-04-09' });
    const ref = createRef<GanttTaskPanelHandle>();
    renderWithApp(
      <GanttEditorContext.Provider value={store}>
        <GanttTaskPanel ref={ref} id={1} onSubmit={() => {}} onCancel={() => {}} />
      </GanttEditorContext.Provider>,
    );
    const progress = await field('Avance físico (%)');
    await userEvent.clear(progress);
    await userEvent.type(progress, '100');
    await userEvent.tab();
    // not started, the task is held to the cut-off (9 April) on screen; the default is where the
    // plan has it, Monday 7 April
    expect((await field('Inicio real')).value).toBe('07-04-2025');
    expect((await field('Fin real')).value).toBe('09-04-2025');
    expect(ref.current?.read()).toMatchObject({ progress: 100, actualStart: '2025-04-07', actualFinish: '2025-04-09' });
  });
});

describe('GanttTaskPanel: field errors (issue 32)', () => {
  /** 'Actualizar' as the screen does it: the fields read, applied only when they can be. */
  function update(ref: { current: GanttTaskPanelHandle | null }, store: ReturnType<typeof createGanttEditorStore>) {
    let result: ReturnType<GanttTaskPanelHandle['read']> | undefined;
    act(() => {
      result = ref.current?.read();
    });
    if (result && !('error' in result))
      store.getState().apply((tasks) => updateGanttTask(tasks, 2, result as GanttTaskChanges));
    return result;
  }

  function renderWithRef() {
    const store = createGanttEditorStore(output);
    const ref = createRef<GanttTaskPanelHandle>();
    renderWithApp(
      <GanttEditorContext.Provider value={store}>
        <GanttTaskPanel ref={ref} id={2} onSubmit={() => {}} onCancel={() => {}} />
      </GanttEditorContext.Provider>,
    );
    return { store, ref };
  }

  it.each([
    ['-3', 'Duración: no puede ser negativa'],
    ['abc', 'Duración: escribe un número entero de días hábiles'],
    ['99999', 'Duración: debe ser como máximo 10.000 días hábiles'],
    ['2,5', 'Duración: debe ser un número entero de días hábiles'],
  ])('Duración %o: the message at the field, the field red and focused, nothing changed', async (typed, message) => {
    const { store, ref } = renderWithRef();
    const before = store.getState().tasks;
    const field = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Duración (días hábiles)' });
    await userEvent.clear(field);
    await userEvent.type(field, typed);
    expect(update(ref, store)).toEqual({ error: message, atField: true });
    expect(await screen.findByText(message)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field);
    expect(store.getState().tasks).toBe(before);
    // typing again takes the message away
    await userEvent.type(field, '{Backspace}');
    expect(screen.queryByText(message)).toBeNull();
    expect(field.getAttribute('aria-invalid')).toBe('false');
  });

  it('Inicio: a day that does not exist and a year outside the Gantt, each at the field', async () => {
    const { store, ref } = renderWithRef();
    const before = store.getState().tasks;
    const field = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Inicio' });
    await userEvent.clear(field);
    await userEvent.type(field, '31-02-2026');
    expect(update(ref, store)).toMatchObject({ error: 'Inicio: el 31-02-2026 no existe en el calendario' });
    expect(await screen.findByText('Inicio: el 31-02-2026 no existe en el calendario')).toBeTruthy();
    await userEvent.clear(field);
    await userEvent.type(field, '01-01-1990');
    update(ref, store);
    expect(await screen.findByText('Inicio: debe estar entre el 01-01-2025 y el 31-12-2124')).toBeTruthy();
    expect(store.getState().tasks).toBe(before);
  });

  it('Predecesoras: a task not in the Gantt and a loop, at the row; a bad lag at its field', async () => {
    const store = createGanttEditorStore(output);
    const ref = createRef<GanttTaskPanelHandle>();
    // Excavación (1) is Fundaciones' predecessor: Fundaciones as Excavación's closes a loop
    renderWithApp(
      <GanttEditorContext.Provider value={store}>
        <GanttTaskPanel ref={ref} id={1} onSubmit={() => {}} onCancel={() => {}} />
      </GanttEditorContext.Provider>,
    );
    const before = store.getState().tasks;
    await userEvent.click(screen.getByRole('button', { name: 'Agregar predecesora' }));
    const task = screen.getByTestId('predecessor-task-0');
    await userEvent.type(task, '77');
    let result: ReturnType<GanttTaskPanelHandle['read']> | undefined;
    act(() => {
      result = ref.current?.read();
    });
    expect(result).toEqual({ error: 'Predecesoras: La fila 77 no existe', atField: true });
    expect(await screen.findByText('Predecesoras: La fila 77 no existe')).toBeTruthy();
    await userEvent.clear(task);
    await userEvent.type(task, 'B');
    const lag = screen.getByTestId('predecessor-lag-0');
    await userEvent.clear(lag);
    await userEvent.type(lag, 'x');
    act(() => {
      result = ref.current?.read();
    });
    const form = screen.getByRole('form', { name: 'Editar tarea 1' });
    expect(within(form).getByText('Desfase: escribe un número entero de días hábiles')).toBeTruthy();
    await userEvent.clear(lag);
    act(() => {
      result = ref.current?.read();
    });
    const loop =
      'Predecesoras: B Fundaciones ya depende de esta tarea (A Excavación → B Fundaciones); el vínculo formaría un ciclo';
    expect(result).toEqual({ error: loop, atField: true });
    expect(within(form).getByText(loop)).toBeTruthy();
    expect(store.getState().tasks).toBe(before);
  });
});
