import type { GanttOutput, GanttTask } from '@cimiento/domain';
import { GANTT_STALE_MESSAGE } from '@cimiento/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/react-query';
import { buildLoadedProject, buildSession, jsonResponse, renderWithApp } from '@/testing/test-utils';
import { ProjectGantt } from '../screen/gantt-screen';

// the SVAR chart needs a real layout; these tests are about the toolbar, the grid and the calls
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
    critical: true,
    isSummary: false,
    ...overrides,
  };
}

/**
 * OG (summary) with Excavación (2–6 March), Fundaciones (9–13 March, 2FS) and Radier (16–20 March,
 * 3FS); the latest cut-off Wednesday 4 March, nothing recorded yet.
 */
function gantt(overrides: Partial<GanttOutput> = {}): GanttOutput {
  return {
    activities: [
      task({
        TaskID: 1,
        TaskCode: 'OG',
        TaskName: 'Obra gruesa',
        EndDate: '2026-03-20',
        Duration: 15,
        isSummary: true,
      }),
      task({ TaskID: 2, TaskCode: 'OG.1', TaskName: 'Excavación', ParentId: 1 }),
      task({
        TaskID: 3,
        TaskCode: 'OG.2',
        TaskName: 'Fundaciones',
        ParentId: 1,
        StartDate: '2026-03-09',
        EndDate: '2026-03-13',
        Predecessor: '2FS',
      }),
      task({
        TaskID: 4,
        TaskCode: 'OG.3',
        TaskName: 'Radier',
        ParentId: 1,
        StartDate: '2026-03-16',
        EndDate: '2026-03-20',
        Predecessor: '3FS',
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
    projectFinish: '2026-03-20',
    sequencing: 'none',
    cutoff: '2026-03-04',
    message: 'Gantt cargado',
    ...overrides,
  };
}

type Call = { name: string; data: Record<string, unknown> };
type Answer = (data: Record<string, unknown>) => Response;

function stubServer(answers: Record<string, Answer> = {}) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const { data } = JSON.parse(String(init?.body)) as { data: Record<string, unknown> };
    const name = input.replace('/api/functions/', '');
    calls.push({ name, data });
    const answer = answers[name];
    if (answer) return answer(data);
    if (name === 'loadProject') {
      return jsonResponse(200, { result: { project: buildLoadedProject(), message: 'Proyecto cargado' } });
    }
    if (name === 'loadGantt') return jsonResponse(200, { result: gantt() });
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

const callsTo = (calls: Call[], name: string) => calls.filter((call) => call.name === name);

/** The Gantt after Excavación recorded at 40 %, started 2 March, at the cut-off 5 March. */
function recorded(): GanttOutput {
  const base = gantt({ version: 5, cutoff: '2026-03-05' });
  return {
    ...base,
    activities: base.activities.map((activity) =>
      activity.TaskID === 2 ? { ...activity, Progress: 40, ActualStart: '2026-03-02', status: 'started' } : activity,
    ),
  };
}

async function openGrid() {
  await userEvent.click(await screen.findByRole('button', { name: 'Registrar avance' }));
  return screen.findByRole('dialog', { name: 'Registrar avance' });
}

afterEach(() => {
  localStorage.clear();
});

describe("'Registrar avance' (issue 15)", () => {
  it('shows the latest cut-off in the toolbar, and opens the grid on it with the leaves that should be under way', async () => {
    stubServer();
    renderGantt();
    expect((await screen.findByTestId('gantt-cutoff-chip')).textContent).toBe('Corte: 04-03-2026');
    const grid = await openGrid();
    expect(within(grid).getByRole<HTMLInputElement>('textbox', { name: 'Fecha de corte' }).value).toBe('04-03-2026');
    // Fundaciones (9 March) and Radier (16 March) start after the cut-off
    expect(within(grid).queryByTestId('progress-progress-3')).toBeNull();
    expect(within(grid).getByTestId('progress-progress-2')).toBeTruthy();
    await userEvent.click(within(grid).getByRole('checkbox', { name: 'Solo las que deberían estar en curso' }));
    expect(within(grid).getByTestId('progress-progress-4')).toBeTruthy();
  });

  it('refuses a cut-off before the latest one with the domain’s message, and then cannot save', async () => {
    stubServer();
    renderGantt();
    const grid = await openGrid();
    const cutoff = within(grid).getByRole('textbox', { name: 'Fecha de corte' });
    await userEvent.clear(cutoff);
    await userEvent.type(cutoff, '03-03-2026');
    expect(
      await within(grid).findByText('La fecha de corte no puede ser anterior a la última registrada (04-03-2026)'),
    ).toBeTruthy();
    await userEvent.type(within(grid).getByTestId('progress-progress-2'), '{Control>}a{/Control}40');
    expect(within(grid).getByRole<HTMLButtonElement>('button', { name: 'Grabar avance' }).disabled).toBe(true);
  });

  it('Enter fills the defaults and goes down; Grabar avance sends only the changed rows, and the answer is loaded', async () => {
    const calls = stubServer({ saveProgress: () => jsonResponse(200, { result: recorded() }) });
    renderGantt();
    const grid = await openGrid();
    const cutoff = within(grid).getByRole('textbox', { name: 'Fecha de corte' });
    await userEvent.clear(cutoff);
    await userEvent.type(cutoff, '05-03-2026');
    await userEvent.click(within(grid).getByRole('checkbox', { name: 'Solo las que deberían estar en curso' }));
    const progress = within(grid).getByTestId<HTMLInputElement>('progress-progress-2');
    await userEvent.click(progress);
    await userEvent.keyboard('{Control>}a{/Control}40{Enter}');
    // 40 % fills Inicio real with the scheduled start; Enter went down to Fundaciones
    expect(within(grid).getByTestId<HTMLInputElement>('progress-actualStart-2').value).toBe('02-03-2026');
    expect(document.activeElement).toBe(within(grid).getByTestId('progress-progress-3'));
    // typed and put back as it was: not sent
    await userEvent.keyboard('5{Backspace}0{Enter}');
    expect(within(grid).getByTestId('progress-grid-counts').textContent).toContain('1 cambiada');
    await userEvent.click(within(grid).getByRole('button', { name: 'Grabar avance' }));
    await waitFor(() => expect(callsTo(calls, 'saveProgress')).toHaveLength(1));
    expect(callsTo(calls, 'saveProgress')[0]?.data).toEqual({
      id: 'p-1',
      cutoff: '2026-03-05',
      entries: [{ TaskID: 2, ActualStart: '2026-03-02', Progress: 40 }],
      version: 4,
    });
    await waitFor(() => expect(screen.getByTestId('gantt-cutoff-chip').textContent).toBe('Corte: 05-03-2026'));
    expect(within(grid).getByTestId('progress-grid-counts').textContent).toContain('0 cambiadas');
  });

  it('a row the domain refuses is shown with its message and keeps Grabar avance disabled', async () => {
    stubServer();
    renderGantt();
    const grid = await openGrid();
    await userEvent.click(within(grid).getByTestId('progress-actualFinish-2'));
    await userEvent.keyboard('03-03-2026');
    expect(within(grid).getByTestId('progress-actualFinish-2').getAttribute('aria-invalid')).toBe('false');
    expect(within(grid).getByTestId('progress-actualStart-2').getAttribute('aria-invalid')).toBe('true');
    expect(within(grid).getByTestId('progress-progress-2').getAttribute('aria-invalid')).toBe('true');
    expect(within(grid).getByTestId('progress-grid-messages').textContent).toContain(
      'OG.1 «Excavación»: una tarea terminada necesita su inicio real',
    );
    expect(within(grid).getByRole<HTMLButtonElement>('button', { name: 'Grabar avance' }).disabled).toBe(true);
  });

  it('a stale version keeps the entries and offers Recargar', async () => {
    stubServer({
      saveProgress: () => jsonResponse(409, { error: { status: 'ABORTED', message: GANTT_STALE_MESSAGE } }),
    });
    renderGantt();
    const grid = await openGrid();
    await userEvent.click(within(grid).getByTestId('progress-progress-2'));
    await userEvent.keyboard('{Control>}a{/Control}100{Enter}');
    await userEvent.click(within(grid).getByRole('button', { name: 'Grabar avance' }));
    expect(await within(grid).findByText(GANTT_STALE_MESSAGE)).toBeTruthy();
    expect(within(grid).getByRole('button', { name: 'Recargar' })).toBeTruthy();
    expect(within(grid).getByTestId<HTMLInputElement>('progress-progress-2').value).toBe('100');
    expect(within(grid).getByTestId<HTMLInputElement>('progress-actualFinish-2').value).toBe('04-03-2026');
  });

  it('with unsaved Gantt edits, asks first; Grabar cambios saves the Gantt, then opens the grid', async () => {
    const calls = stubServer({ saveGantt: () => jsonResponse(200, { result: gantt({ version: 5 }) }) });
    renderGantt();
    // an unsaved edit: 'Calendario' → Saturday ticked → 'Aplicar'
    await userEvent.click(await screen.findByRole('button', { name: 'Calendario' }));
    const calendar = await screen.findByRole('dialog', { name: 'Calendario del proyecto' });
    await userEvent.click(within(calendar).getByRole('checkbox', { name: 'Sábado' }));
    await userEvent.click(within(calendar).getByRole('button', { name: 'Aplicar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Registrar avance' }));
    const question = await screen.findByRole('alertdialog');
    expect(question.textContent).toContain('Antes de registrar avance, grábalos o descártalos');
    await userEvent.click(within(question).getByRole('button', { name: 'Grabar cambios' }));
    expect(await screen.findByRole('dialog', { name: 'Registrar avance' })).toBeTruthy();
    expect(callsTo(calls, 'saveGantt')).toHaveLength(1);
  });
});

describe("'Cortes de avance' (issue 15)", () => {
  it('lists the cut-offs, and a chosen one’s tasks', async () => {
    const calls = stubServer({
      loadProgressHistory: (data) =>
        jsonResponse(200, {
          result: {
            cutoffs: [
              {
                cutoff: '2026-03-04',
                recordedAt: '2026-03-04T15:30:00.000Z',
                recordedBy: 'Ana Pérez',
                progress: 12.5,
                taskCount: 1,
              },
            ],
            ...(data.cutoff === undefined
              ? {}
              : {
                  tasks: [
                    {
                      TaskID: 2,
                      TaskCode: 'OG.1',
                      TaskName: 'Excavación',
                      Progress: 40,
                      ActualStart: '2026-03-02',
                    },
                  ],
                }),
            message: 'Cortes cargados',
          },
        }),
    });
    renderGantt();
    await userEvent.click(await screen.findByRole('button', { name: 'Más opciones de avance' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Cortes de avance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cortes de avance' });
    const list = await within(dialog).findByTestId('progress-history-cutoffs');
    const row = within(list).getAllByRole('row')[1] as HTMLElement;
    expect(row.textContent).toContain('04-03-2026');
    expect(row.textContent).toContain('Ana Pérez');
    expect(row.textContent).toContain('04-03-2026 12:30');
    await userEvent.click(row);
    const tasks = await within(dialog).findByTestId('progress-history-tasks');
    expect(tasks.textContent).toContain('Excavación');
    expect(tasks.textContent).toContain('02-03-2026');
    expect(callsTo(calls, 'loadProgressHistory').map((call) => call.data)).toEqual([
      { id: 'p-1' },
      { id: 'p-1', cutoff: '2026-03-04' },
    ]);
  });
});
