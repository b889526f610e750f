import type { GanttOutput, GanttTask, SequencingMode } from '@cimiento/domain';
import { GANTT_STALE_MESSAGE } from '@cimiento/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/react-query';
import { useProjectStore } from '@/lib/stores/project-store';
import { buildLoadedProject, buildSession, jsonResponse, renderWithApp } from '@/testing/test-utils';
import { ProjectGantt } from './gantt-screen';

// the SVAR chart needs a real layout; these tests are about the toolbar, the question and the calls
vi.mock('../chart/gantt-chart', async () => {
  const { forwardRef } = await import('react');
  return { GanttChart: forwardRef(() => <div data-testid="gantt-chart" />) };
});

function task(overrides: Partial<GanttTask> & Pick<GanttTask, 'TaskID' | 'TaskCode' | 'TaskName'>): GanttTask {
  return {
    StartDate: '2026-03-02',
    StartNoEarlierThan: '2026-03-02',
    EndDate: '2026-03-06',
    Duration: 5,
    Progress: 0,
    Predecessor: '',
    totalFloat: 0,
    critical: false,
    isSummary: false,
    ...overrides,
  };
}

/**
 * Two floors of one building with two activities each, sequenced as a train: ACT2 after ACT1 on
 * each floor, each activity on floor 2 after the same one on floor 1 (four generated links), and
 * one link the user drew (floor 1's ACT1 → floor 2's ACT2, CC).
 */
function trainGantt(overrides: Partial<GanttOutput> = {}): GanttOutput {
  return {
    activities: [
      task({ TaskID: 1, TaskCode: 'HT', TaskName: 'Hospital de Talca', isSummary: true }),
      task({ TaskID: 2, TaskCode: 'HT.1', TaskName: 'Piso 1', ParentId: 1, isSummary: true }),
      task({ TaskID: 3, TaskCode: 'ACT1', TaskName: 'Moldaje', ParentId: 2, sourceKey: 'edc:2:a' }),
      task({
        TaskID: 4,
        TaskCode: 'ACT2',
        TaskName: 'Hormigón',
        ParentId: 2,
        Predecessor: '3FS',
        generatedPredecessors: [3],
        sourceKey: 'edc:2:b',
      }),
      task({ TaskID: 5, TaskCode: 'HT.2', TaskName: 'Piso 2', ParentId: 1, isSummary: true }),
      task({
        TaskID: 6,
        TaskCode: 'ACT1',
        TaskName: 'Moldaje',
        ParentId: 5,
        Predecessor: '3FS',
        generatedPredecessors: [3],
        sourceKey: 'edc:5:a',
      }),
      task({
        TaskID: 7,
        TaskCode: 'ACT2',
        TaskName: 'Hormigón',
        ParentId: 5,
        Predecessor: '6FS,4FS,3SS',
        generatedPredecessors: [6, 4],
        sourceKey: 'edc:5:b',
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
    projectFinish: '2026-03-27',
    sequencing: 'train',
    message: 'Gantt cargado',
    ...overrides,
  };
}

/** The same Gantt with the priority rules' links only (no train), as the server answers it. */
function priorityGantt(version: number): GanttOutput {
  const base = trainGantt();
  return {
    ...base,
    version,
    sequencing: 'priority',
    message: 'Secuencia regenerada',
    activities: base.activities.map((activity) =>
      activity.TaskID === 6
        ? { ...activity, Predecessor: '', generatedPredecessors: [] }
        : activity.TaskID === 7
          ? { ...activity, Predecessor: '6FS,3SS', generatedPredecessors: [6] }
          : activity,
    ),
  };
}

type Call = { name: string; data: Record<string, unknown> };

/** loadProject and loadGantt answer the project and `trainGantt`; saveGantt and regenerate answer as told. */
function stubServer(answers: { save?: () => Response; regenerate?: (sequencing: SequencingMode) => Response } = {}) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const { data } = JSON.parse(String(init?.body)) as { data: Record<string, unknown> };
    const name = input.replace('/api/functions/', '');
    calls.push({ name, data });
    if (name === 'loadProject') {
      return jsonResponse(200, { result: { project: buildLoadedProject(), message: 'Proyecto cargado' } });
    }
    if (name === 'loadGantt') return jsonResponse(200, { result: trainGantt() });
    if (name === 'saveGantt' && answers.save) return answers.save();
    if (name === 'regenerateGanttSequence' && answers.regenerate) {
      return answers.regenerate(data.sequencing as SequencingMode);
    }
    return jsonResponse(500, { error: { status: 'INTERNAL', message: 'sin respuesta' } });
  });
  return calls;
}

function renderGantt() {
  return renderWithApp(<ProjectGantt />, {
    path: '/projects/p-1/gantt',
    routePath: '/projects/:id/gantt',
    session: buildSession({ id: 'user-1' }),
    queryClient: createQueryClient(),
  });
}

/** The 'Secuencia' field (`hidden`: also while a dialog hides the page from the accessibility tree). */
function sequencingField(hidden = false) {
  return screen.getByRole('combobox', { name: 'Secuencia', hidden });
}

async function chooseSequencing(label: string) {
  await userEvent.click(sequencingField());
  await userEvent.click(await screen.findByRole('option', { name: label }));
}

async function question() {
  return screen.findByRole('alertdialog', { name: '¿Estás seguro?' });
}

async function answer(dialog: HTMLElement, button: 'Si, estoy seguro' | 'Cancelar') {
  await userEvent.click(within(dialog).getByRole('button', { name: button }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
}

/** 'Calendario' → tick 'Sábado' → 'Aplicar': an unsaved edit of the calendar. */
async function workSaturdays() {
  await userEvent.click(screen.getByRole('button', { name: 'Calendario' }));
  const dialog = await screen.findByRole('dialog', { name: 'Calendario del proyecto' });
  await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Sábado' }));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Aplicar' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

const callsTo = (calls: Call[], name: string) => calls.filter((call) => call.name === name);

describe('Gantt sequencing (issue 13)', () => {
  afterEach(() => {
    useProjectStore.setState({ currentProject: null, userId: null });
  });

  it("shows the loaded option among the three, and 'Regenerar secuencia'", async () => {
    stubServer();
    renderGantt();
    await screen.findByRole('toolbar', { name: 'Herramientas del Gantt' });
    expect(sequencingField().textContent).toBe('Tren de actividades');
    expect(screen.getByRole('button', { name: 'Regenerar secuencia' })).toBeTruthy();
    expect(screen.getByTestId('generated-link-legend').textContent).toBe('Vínculo generado');
    await userEvent.click(sequencingField());
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Sin secuencia',
      'Secuencia por prioridad',
      'Tren de actividades',
    ]);
    expect(options[2]?.getAttribute('aria-selected')).toBe('true');
  });

  it('asks with the counts before changing the option; Cancelar changes nothing', async () => {
    const calls = stubServer();
    renderGantt();
    await screen.findByRole('toolbar', { name: 'Herramientas del Gantt' });
    await chooseSequencing('Secuencia por prioridad');
    const dialog = await question();
    expect(dialog.textContent).toContain(
      'Se reemplazarán los 4 vínculos generados por los de «Secuencia por prioridad». ' +
        'Los vínculos generados que eliminaste vuelven si esta secuencia los genera. ' +
        'Se conserva tu vínculo y tus cambios de duraciones, inicios y nombres.',
    );
    expect(dialog.textContent).not.toContain('Antes se grabarán');
    // while it asks, the field shows the option asked about
    expect(sequencingField(true).textContent).toBe('Secuencia por prioridad');
    await answer(dialog, 'Cancelar');
    expect(sequencingField().textContent).toBe('Tren de actividades');
    expect(callsTo(calls, 'regenerateGanttSequence')).toEqual([]);
    expect(callsTo(calls, 'saveGantt')).toEqual([]);
    expect(screen.queryByText('Cambios sin grabar')).toBeNull();
  });

  it("says what 'Sin secuencia' removes", async () => {
    stubServer();
    renderGantt();
    await screen.findByRole('toolbar', { name: 'Herramientas del Gantt' });
    await chooseSequencing('Sin secuencia');
    const dialog = await question();
    expect(dialog.textContent).toContain(
      'Se quitarán los 4 vínculos generados: la secuencia quedará en «Sin secuencia». ' +
        'Se conserva tu vínculo y tus cambios de duraciones, inicios y nombres.',
    );
    await answer(dialog, 'Cancelar');
  });

  it('confirmed, regenerates with the loaded version and shows the new Gantt and the message', async () => {
    const calls = stubServer({
      regenerate: () => jsonResponse(200, { result: priorityGantt(5) }),
    });
    renderGantt();
    await screen.findByRole('toolbar', { name: 'Herramientas del Gantt' });
    await chooseSequencing('Secuencia por prioridad');
    await answer(await question(), 'Si, estoy seguro');
    await waitFor(() => expect(callsTo(calls, 'regenerateGanttSequence')).toHaveLength(1));
    expect(callsTo(calls, 'regenerateGanttSequence')[0]?.data).toEqual({
      id: 'p-1',
      sequencing: 'priority',
      version: 4,
    });
    expect(callsTo(calls, 'saveGantt')).toEqual([]);
    expect(await screen.findByText('Secuencia regenerada')).toBeTruthy();
    expect(sequencingField().textContent).toBe('Secuencia por prioridad');
    expect(screen.queryByText('Cambios sin grabar')).toBeNull();
  });

  it("'Regenerar secuencia' from the keyboard saves the unsaved edits first, then regenerates with the saved version", async () => {
    const calls = stubServer({
      save: () => jsonResponse(200, { result: trainGantt({ version: 5, message: 'Gantt grabado' }) }),
      regenerate: () =>
        jsonResponse(200, { result: { ...trainGantt({ version: 6 }), message: 'Secuencia regenerada' } }),
    });
    renderGantt();
    await screen.findByRole('toolbar', { name: 'Herramientas del Gantt' });
    // an unsaved edit: the calendar (Saturdays worked)
    await workSaturdays();
    expect(await screen.findByText('Cambios sin grabar')).toBeTruthy();

    screen.getByRole('button', { name: 'Regenerar secuencia' }).focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await question();
    expect(dialog.textContent).toContain('«Tren de actividades»');
    expect(dialog.textContent).toContain('Antes se grabarán los cambios sin grabar del Gantt.');
    await answer(dialog, 'Si, estoy seguro');

    await waitFor(() => expect(callsTo(calls, 'regenerateGanttSequence')).toHaveLength(1));
    // the screen's reads (the project, the Gantt, issue 35's resources catalogue, issue 36's role) aside
    const reads = new Set(['loadProject', 'loadGantt', 'loadObjects', 'loadProjects']);
    const order = calls.map((call) => call.name).filter((name) => !reads.has(name));
    expect(order).toEqual(['saveGantt', 'regenerateGanttSequence']);
    const save = callsTo(calls, 'saveGantt')[0]?.data as {
      version: number;
      gantt: {
        calendar?: { workingWeekdays: number[] };
        activities: { TaskID: number; generatedPredecessors?: number[] }[];
      };
    };
    expect(save.version).toBe(4);
    expect(save.gantt.calendar).toEqual({ workingWeekdays: [1, 2, 3, 4, 5, 6], chileHolidays: false, exceptions: [] });
    // the generated flags go with the save
    expect(save.gantt.activities.find((activity) => activity.TaskID === 7)?.generatedPredecessors).toEqual([6, 4]);
    expect(callsTo(calls, 'regenerateGanttSequence')[0]?.data).toEqual({ id: 'p-1', sequencing: 'train', version: 5 });
    await waitFor(() => expect(screen.queryByText('Cambios sin grabar')).toBeNull());
  });

  it('chooses an option from the keyboard', async () => {
    const calls = stubServer();
    renderGantt();
    await screen.findByRole('toolbar', { name: 'Herramientas del Gantt' });
    sequencingField().focus();
    await userEvent.keyboard('{ArrowDown}');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{ArrowUp}{Enter}');
    const dialog = await question();
    expect(dialog.textContent).toContain('«Secuencia por prioridad»');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(sequencingField().textContent).toBe('Tren de actividades');
    expect(callsTo(calls, 'regenerateGanttSequence')).toEqual([]);
  });

  it('a refused save stops there: no regeneration, the edits kept and the stale alert shown', async () => {
    const calls = stubServer({
      save: () => jsonResponse(409, { error: { status: 'ABORTED', message: GANTT_STALE_MESSAGE } }),
      regenerate: () => jsonResponse(200, { result: priorityGantt(5) }),
    });
    renderGantt();
    await screen.findByRole('toolbar', { name: 'Herramientas del Gantt' });
    await workSaturdays();
    await chooseSequencing('Secuencia por prioridad');
    await answer(await question(), 'Si, estoy seguro');
    await waitFor(() => expect(callsTo(calls, 'saveGantt')).toHaveLength(1));
    expect((await screen.findAllByText(GANTT_STALE_MESSAGE)).length).toBeGreaterThan(0);
    expect(callsTo(calls, 'regenerateGanttSequence')).toEqual([]);
    expect(screen.getByText('Cambios sin grabar')).toBeTruthy();
    // the calendar edit is still the draft's: the dialog opens with Saturday ticked
    await userEvent.click(screen.getByRole('button', { name: 'Calendario' }));
    const calendarDialog = await screen.findByRole('dialog', { name: 'Calendario del proyecto' });
    expect(within(calendarDialog).getByRole<HTMLInputElement>('checkbox', { name: 'Sábado' }).checked).toBe(true);
    await userEvent.click(within(calendarDialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sequencingField().textContent).toBe('Tren de actividades');
  });

  it('a refused regeneration (stale) keeps the Gantt and the option as they were', async () => {
    const calls = stubServer({
      regenerate: () => jsonResponse(409, { error: { status: 'ABORTED', message: GANTT_STALE_MESSAGE } }),
    });
    renderGantt();
    await screen.findByRole('toolbar', { name: 'Herramientas del Gantt' });
    await chooseSequencing('Secuencia por prioridad');
    await answer(await question(), 'Si, estoy seguro');
    await waitFor(() => expect(callsTo(calls, 'regenerateGanttSequence')).toHaveLength(1));
    expect((await screen.findAllByText(GANTT_STALE_MESSAGE)).length).toBeGreaterThan(0);
    expect(sequencingField().textContent).toBe('Tren de actividades');
    expect(screen.getByTestId('generated-link-legend')).toBeTruthy();
  });
});
