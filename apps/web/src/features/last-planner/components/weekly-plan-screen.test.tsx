import type { StoredCommitment } from '@cimiento/domain/last-planner';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/react-query';
import { buildSession, renderWithApp, setWindowWidth } from '@/testing/test-utils';
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
import { WeeklyPlanScreen } from './weekly-plan-screen';

function commitment(overrides: Partial<StoredCommitment> = {}): StoredCommitment {
  return {
    id: 'k-1',
    taskId: 11,
    taskCode: '1.2.6',
    taskName: 'Excavar',
    area: ['Torre A', 'Piso 3'],
    companyId: 'c-a',
    week: '2026-03-09',
    amount: { kind: 'percent', percent: 30 },
    amountText: '30 % de la tarea',
    unit: null,
    outcome: null,
    cause: null,
    version: 2,
    createdBy: 'Ana Pérez',
    createdAt: '2026-03-09T12:00:00.000Z',
    closedBy: null,
    closedAt: null,
    transferredCutoff: null,
    ...overrides,
  };
}

const candidates = [
  task({ id: 11, code: '1.2.6', name: 'Excavar', companyId: 'c-a' }),
  task({
    id: 12,
    code: '1.2.7',
    name: 'Moldaje losa',
    companyId: 'c-a',
    ready: false,
    openConstraints: 1,
    overdueConstraints: 1,
    constraints: [constraint()],
  }),
  task({ id: 13, code: '1.2.8', name: 'Hormigonar', companyId: 'c-b', unit: 'm³', quantity: 7 }),
];

function plan(overrides: Record<string, unknown> = {}) {
  return {
    settings,
    today: '2026-03-11',
    cutoff: null,
    week: '2026-03-09',
    weekEnd: '2026-03-15',
    candidates,
    commitments: [commitment()],
    companies,
    ppc: { fulfilled: 5, closed: 7, notClosed: 1, ppc: 71.4 },
    message: '',
    ...overrides,
  };
}

function stub(role: string, extra: Record<string, Answer> = {}) {
  return stubFunctions({
    loadProjects: projectsAnswer(role),
    loadWeeklyPlan: { body: { result: plan() } },
    loadMembers: membersAnswer([
      { userId: 'user-1', name: 'Ana Pérez', role, companyId: role === 'subcontratista' ? 'c-a' : null },
    ]),
    ...extra,
  });
}

function renderScreen() {
  return renderWithApp(<WeeklyPlanScreen project={{ _id: 'p-1', id: '7', code: 'HT', name: 'Hospital de Talca' }} />, {
    path: '/projects/7/plan-semanal',
    session: buildSession({ id: 'user-1' }),
    queryClient: createQueryClient(),
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  setWindowWidth(1024);
});

describe('WeeklyPlanScreen', { timeout: 30_000 }, () => {
  it("shows the week, its PPC es-CL, the commitments by company and the candidates' readiness", async () => {
    setWindowWidth(1400);
    stub('terreno');
    renderScreen();
    await screen.findByTestId('commitment-11');
    expect(screen.getByTestId('weekly-week').textContent).toBe('Semana del 09-03-2026 al 15-03-2026');
    const ppc = screen.getByTestId('weekly-ppc').textContent ?? '';
    expect(ppc).toContain('71,4 %');
    expect(ppc).toContain('5 de 7 cerrados cumplidos');
    expect(ppc).toContain('1 sin cerrar');
    const row = screen.getByTestId('commitment-11');
    expect(row.textContent).toContain('30 % de la tarea');
    expect(within(row).getByTestId('commitment-state').textContent).toBe('Pendiente');
    // the candidates: a committed one says so, a blocked one lists its open constraints and cannot be committed
    expect(within(screen.getByTestId('candidate-11')).getByText('Comprometida')).toBeTruthy();
    const blocked = screen.getByTestId('candidate-12');
    expect(blocked.textContent).toContain('No lista (1 abierta)');
    expect(blocked.textContent).toContain('Materiales: Llegada de moldajes (vence el 10-03-2026, vencida)');
    expect(within(blocked).queryByRole('button', { name: /Comprometer/ })).toBeNull();
    expect(
      within(screen.getByTestId('candidate-13')).getByRole('button', { name: 'Comprometer 1.2.8 «Hormigonar»' }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pasar al avance' })).toBeTruthy();
  });

  it('closes a commitment Cumplido, and No cumplido only with a cause', async () => {
    const calls = stub('terreno', {
      closeCommitment: { body: { result: { commitment: commitment({ outcome: 'cumplido' }), message: 'Cumplido' } } },
    });
    const user = userEvent.setup();
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Cumplido: 1.2.6 «Excavar»' }));
    await waitFor(() => expect(named(calls, 'closeCommitment')).toHaveLength(1));
    expect(named(calls, 'closeCommitment')[0]?.data).toEqual({
      id: 'p-1',
      commitmentId: 'k-1',
      version: 2,
      outcome: 'cumplido',
      cause: null,
    });

    await user.click(screen.getByRole('button', { name: 'No cumplido: 1.2.6 «Excavar»' }));
    const dialog = await screen.findByRole('dialog', { name: 'No cumplido: 1.2.6 «Excavar»' });
    await user.click(within(dialog).getByRole('button', { name: 'No cumplido' }));
    expect(within(dialog).getByText('Es obligatoria cuando el compromiso no se cumplió')).toBeTruthy();
    expect(named(calls, 'closeCommitment')).toHaveLength(1);
    await user.click(within(dialog).getByRole('combobox', { name: /Causa de no cumplimiento/ }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(settings.causes);
    await user.click(screen.getByRole('option', { name: 'Clima' }));
    await user.click(within(dialog).getByRole('button', { name: 'No cumplido' }));
    await waitFor(() => expect(named(calls, 'closeCommitment')).toHaveLength(2));
    expect(named(calls, 'closeCommitment')[1]?.data).toMatchObject({ outcome: 'no-cumplido', cause: 'Clima' });
  });

  it('reopens a closed commitment; a commitment already passed to the progress cannot be', async () => {
    stubFunctions({
      loadProjects: projectsAnswer('planificador'),
      loadMembers: membersAnswer([]),
      loadWeeklyPlan: {
        body: {
          result: plan({
            commitments: [
              commitment({ outcome: 'no-cumplido', cause: 'Materiales' }),
              commitment({
                id: 'k-2',
                taskId: 13,
                taskCode: '1.2.8',
                taskName: 'Hormigonar',
                companyId: 'c-b',
                outcome: 'cumplido',
                transferredCutoff: '2026-03-13',
              }),
            ],
          }),
        },
      },
    });
    renderScreen();
    const missed = await screen.findByTestId('commitment-11');
    expect(missed.textContent).toContain('Causa: Materiales');
    expect(within(missed).getByRole('button', { name: 'Reabrir 1.2.6 «Excavar»' })).toBeTruthy();
    const passed = screen.getByTestId('commitment-13');
    expect(passed.textContent).toContain('Pasado al avance el 13-03-2026');
    expect(within(passed).queryByRole('button')).toBeNull();
  });

  it("takes a commitment: a quantity in the task's unit; the server's refusal at the field", async () => {
    const calls = stub('planificador', {
      saveCommitment: refusal(400, 'INVALID_ARGUMENT', 'Qué se hará: la cantidad debe ser mayor que 0'),
    });
    const user = userEvent.setup();
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Comprometer 1.2.8 «Hormigonar»' }));
    const dialog = await screen.findByRole('dialog', { name: 'Comprometer 1.2.8 «Hormigonar»' });
    await user.click(within(dialog).getByRole('radio', { name: 'Cantidad' }));
    await user.click(within(dialog).getByRole('textbox', { name: /Cantidad \(m³\)/ }));
    await user.paste('3,5');
    await user.click(within(dialog).getByRole('button', { name: 'Comprometer' }));
    await within(dialog).findByText('La cantidad debe ser mayor que 0');
    expect(named(calls, 'saveCommitment')[0]?.data).toEqual({
      id: 'p-1',
      commitment: { taskId: 13, week: '2026-03-09', quantity: 3.5 },
    });
  });

  it("changes an open commitment's amount: the dialog starts from it and sends its id and version; a stale one is refused", async () => {
    const calls = stub('planificador', {
      saveCommitment: refusal(
        409,
        'ABORTED',
        'El compromiso cambió desde que la abriste (otra persona la grabó): recarga para ver su versión y vuelve a aplicar tu cambio',
      ),
    });
    const user = userEvent.setup();
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Cambiar el compromiso de 1.2.6 «Excavar»' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar el compromiso de 1.2.6 «Excavar»' });
    expect(within(dialog).getByRole('radio', { name: '% de la tarea' })).toHaveProperty('checked', true);
    const percent = within(dialog).getByRole('textbox', { name: /Porcentaje de la tarea/ });
    expect(percent).toHaveProperty('value', '30');
    await user.clear(percent);
    await user.paste('42,5');
    await user.click(within(dialog).getByRole('button', { name: 'Grabar' }));
    await within(dialog).findByText(/El compromiso cambió desde que la abriste/);
    expect(named(calls, 'saveCommitment')[0]?.data).toEqual({
      id: 'p-1',
      commitment: { commitmentId: 'k-1', version: 2, taskId: 11, week: '2026-03-09', percent: 42.5 },
    });
  });

  it('changes a quantity commitment from its es-CL value, thousands and all', async () => {
    const calls = stub('planificador', {
      loadWeeklyPlan: {
        body: {
          result: plan({
            commitments: [
              commitment({
                taskId: 13,
                taskCode: '1.2.8',
                taskName: 'Hormigonar',
                unit: 'm³',
                amount: { kind: 'quantity', quantity: 1200.5 },
                amountText: '1.200,5 m³',
              }),
            ],
          }),
        },
      },
    });
    const user = userEvent.setup();
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Cambiar el compromiso de 1.2.8 «Hormigonar»' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar el compromiso de 1.2.8 «Hormigonar»' });
    const quantity = within(dialog).getByRole('textbox', { name: /Cantidad \(m³\)/ });
    expect(quantity).toHaveProperty('value', '1200,5');
    await user.clear(quantity);
    await user.paste('1.350,25');
    await user.click(within(dialog).getByRole('button', { name: 'Grabar' }));
    await waitFor(() => expect(named(calls, 'saveCommitment')).toHaveLength(1));
    expect(named(calls, 'saveCommitment')[0]?.data).toEqual({
      id: 'p-1',
      commitment: { commitmentId: 'k-1', version: 2, taskId: 13, week: '2026-03-09', quantity: 1350.25 },
    });
  });

  it("a Subcontratista commits its company's tasks only, and closes nothing", async () => {
    stub('subcontratista');
    renderScreen();
    await screen.findByTestId('commitment-11');
    expect(screen.queryByRole('button', { name: /^Cumplido|^No cumplido/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pasar al avance' })).toBeNull();
    // its company's open commitment may be withdrawn; another company's task offers no 'Comprometer'
    await screen.findByRole('button', { name: 'Retirar el compromiso de 1.2.6 «Excavar»' });
    expect(screen.getByRole('button', { name: 'Cambiar el compromiso de 1.2.6 «Excavar»' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Comprometer 1.2.8 «Hormigonar»' })).toBeNull();
  });

  it('a Lector reads the week', async () => {
    stub('lector');
    renderScreen();
    await screen.findByTestId('commitment-11');
    expect(screen.queryAllByRole('button', { name: /Comprometer|Cumplido|Retirar|Cambiar|Pasar al avance/ })).toEqual(
      [],
    );
  });

  it("Pasar al avance: a preview with the Gantt's version, then a stale Gantt said in Spanish and read again", async () => {
    const preview = {
      cutoff: '2026-03-11',
      tasks: [
        {
          taskId: 11,
          code: '1.2.6',
          name: 'Excavar',
          previousProgress: 80,
          progress: 100,
          capped: true,
          commitments: 1,
        },
      ],
      skipped: [
        {
          commitmentId: 'k-9',
          reason: '1.2.9 «Limpieza», semana del 09-03-2026: es una descripción: no registra avance',
        },
      ],
      saved: false,
      version: 7,
      message: '',
    };
    const calls = stub('terreno', {
      loadGantt: { body: { result: { activities: [], version: 7 } } },
      transferCommitments: (data) =>
        data?.dryRun === true
          ? { body: { result: preview } }
          : refusal(409, 'ABORTED', 'El Gantt cambió desde que lo abriste'),
    });
    const user = userEvent.setup();
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Pasar al avance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pasar al avance' });
    await waitFor(() => expect(named(calls, 'loadGantt')).toHaveLength(1));
    await waitFor(() =>
      expect((within(dialog).getByRole('button', { name: 'Vista previa' }) as HTMLButtonElement).disabled).toBe(false),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Vista previa' }));
    const table = await within(dialog).findByRole('table', { name: 'Vista previa del avance' });
    expect(
      within(table)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1.2.6Excavar', '80 %', '100 %Tope 100 %', '1']);
    expect(within(dialog).getByTestId('transfer-skipped').textContent).toContain('es una descripción');
    expect(named(calls, 'transferCommitments')[0]?.data).toEqual({
      id: 'p-1',
      cutoff: '2026-03-11',
      version: 7,
      dryRun: true,
    });

    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect((await within(dialog).findByTestId('transfer-stale')).textContent).toContain('El Gantt cambió');
    await waitFor(() => expect(named(calls, 'loadGantt')).toHaveLength(2));
    expect(within(dialog).queryByRole('table')).toBeNull();
  });
});
