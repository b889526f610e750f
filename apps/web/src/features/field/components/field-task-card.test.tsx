import type { LastPlannerTask, StoredCommitment } from '@cimiento/domain/last-planner';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/test-utils';
import type { QueuedEntry, QueuedProgress } from '../utils/field-queue';
import { FieldTaskCard } from './field-task-card';
import { ProblemCard } from './problem-card';

const today = '2026-03-11';

function fieldTask(overrides: Partial<LastPlannerTask> = {}): LastPlannerTask {
  return {
    id: 7,
    code: '1.2.3',
    name: 'Moldaje losa',
    area: ['Torre A', 'Piso 3', 'Estructura'],
    companyId: null,
    start: '2026-03-09',
    end: '2026-03-13',
    progress: 37.5,
    actualStart: '2026-03-09',
    actualFinish: null,
    quantity: 1234.5,
    unit: 'm²',
    ready: false,
    underWay: true,
    openConstraints: 2,
    overdueConstraints: 0,
    constraints: [],
    ...overrides,
  };
}

function commitmentOf(task: LastPlannerTask): StoredCommitment {
  return {
    id: 'c-1',
    taskId: task.id,
    taskCode: task.code,
    taskName: task.name,
    area: task.area,
    companyId: null,
    week: '2026-03-09',
    amount: { kind: 'percent', percent: 30 },
    amountText: 'Avanzar 30 %',
    unit: null,
    outcome: null,
    cause: null,
    version: 1,
    createdBy: 'u-1',
    createdAt: '2026-03-06T12:00:00.000Z',
    closedBy: null,
    closedAt: null,
    transferredCutoff: null,
  };
}

function renderCard(task: LastPlannerTask, commitment?: StoredCommitment, queued: QueuedEntry[] = []) {
  const onRecord = vi.fn(async (_entry: QueuedEntry) => undefined);
  renderWithApp(
    <FieldTaskCard
      projectId="p-1"
      task={task}
      today={today}
      commitment={commitment}
      causes={['Materiales', 'Clima']}
      canClose
      queued={queued}
      photos={[]}
      onRecord={onRecord}
    />,
  );
  return { onRecord, card: screen.getByRole('article', { name: '1.2.3 Moldaje losa' }) };
}

describe('FieldTaskCard', () => {
  it("shows the task's whole identity, its progress in es-CL and why it is not ready", () => {
    const { card } = renderCard(fieldTask());
    expect(within(card).getByText('Torre A › Piso 3 › Estructura')).toBeTruthy();
    expect(within(card).getByText('09-03-2026 – 13-03-2026 · en curso')).toBeTruthy();
    expect(within(card).getByTestId('field-progress').textContent).toBe('37,5 %');
    expect(within(card).getByText('No lista: 2 restricciones abiertas')).toBeTruthy();
    expect(
      within(card).getByRole('progressbar', { name: 'Avance de Torre A › Piso 3 › Estructura › 1.2.3 Moldaje losa' }),
    ).toBeTruthy();
  });

  it('says one open constraint in the singular, and nothing when the task is ready', () => {
    renderCard(fieldTask({ openConstraints: 1 }));
    expect(screen.getByText('No lista: 1 restricción abierta')).toBeTruthy();
    cleanup();
    const { card } = renderCard(fieldTask({ ready: true, openConstraints: 0 }));
    expect(within(card).queryByText(/No lista/)).toBeNull();
  });

  it('refuses an empty or out-of-range entry at the field and records nothing', async () => {
    const { onRecord, card } = renderCard(fieldTask());
    await userEvent.click(within(card).getByRole('button', { name: 'Registrar' }));
    expect(within(card).getByText('Escribe un % entre 0 y 100')).toBeTruthy();
    await userEvent.type(within(card).getByRole('textbox', { name: 'Avance (%)' }), '120');
    await userEvent.click(within(card).getByRole('button', { name: 'Registrar' }));
    expect(within(card).getByText('El avance debe estar entre 0 y 100 %')).toBeTruthy();
    expect(onRecord).not.toHaveBeenCalled();
  });

  it('records a quantity as the % it is of the task, and bounds it by the quantity in es-CL', async () => {
    const { onRecord, card } = renderCard(fieldTask());
    await userEvent.click(within(card).getByRole('combobox', { name: 'Registrar como' }));
    await userEvent.click(screen.getByRole('option', { name: 'Cantidad (m²)' }));
    const input = within(card).getByRole('textbox', { name: 'Cantidad ejecutada a la fecha (m²)' });
    await userEvent.type(input, '2000');
    await userEvent.click(within(card).getByRole('button', { name: 'Registrar' }));
    expect(within(card).getByText('La cantidad debe estar entre 0 y 1.234,5 m²')).toBeTruthy();
    expect(onRecord).not.toHaveBeenCalled();
    await userEvent.clear(input);
    await userEvent.type(input, '617,25');
    await userEvent.click(within(card).getByRole('button', { name: 'Registrar' }));
    expect(onRecord).toHaveBeenCalledTimes(1);
    const entry = onRecord.mock.calls[0]?.[0] as QueuedProgress;
    expect(entry.kind).toBe('progress');
    expect(entry.progress).toBe(50);
  });

  it("asks a missed commitment's cause before closing it", async () => {
    const task = fieldTask();
    const { onRecord, card } = renderCard(task, commitmentOf(task));
    const commitment = within(card).getByTestId('field-commitment');
    expect(commitment.querySelector('p')?.textContent).toBe('Compromiso de la semana: Avanzar 30 % · Sin cerrar');
    await userEvent.click(within(commitment).getByRole('button', { name: 'No cumplido' }));
    expect(
      within(card).getByText('Causa de no cumplimiento: es obligatoria cuando el compromiso no se cumplió'),
    ).toBeTruthy();
    expect(onRecord).not.toHaveBeenCalled();
    await userEvent.click(within(commitment).getByRole('combobox', { name: 'Causa de no cumplimiento' }));
    await userEvent.click(screen.getByRole('option', { name: 'Clima' }));
    await userEvent.click(within(commitment).getByRole('button', { name: 'No cumplido' }));
    expect(onRecord).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'close', outcome: 'no-cumplido', cause: 'Clima' }),
    );
  });

  it('shows what waits on the phone for the task', () => {
    const task = fieldTask();
    const queued: QueuedEntry[] = [
      {
        kind: 'close',
        clientId: 'p-1|close|c-1',
        projectId: 'p-1',
        taskId: task.id,
        taskCode: task.code,
        taskName: task.name,
        recordedAt: '2026-03-11T12:00:00.000Z',
        status: 'pending',
        commitmentId: 'c-1',
        version: 1,
        outcome: 'no-cumplido',
        cause: 'Materiales',
      },
    ];
    const { card } = renderCard(task, commitmentOf(task), queued);
    expect(within(card).getByTestId('field-commitment').textContent).toBe(
      'Compromiso de la semana: Avanzar 30 % · En cola: No cumplido (Materiales)',
    );
  });
});

describe('ProblemCard', () => {
  it('shows a conflict with both values in es-CL and both ways out', () => {
    const entry: QueuedProgress = {
      kind: 'progress',
      clientId: 'p-1|progress|7',
      projectId: 'p-1',
      taskId: 7,
      taskCode: '1.2.3',
      taskName: 'Moldaje losa',
      recordedAt: '2026-03-11T12:00:00.000Z',
      status: 'conflict',
      message: 'Otra persona registró el avance de esta tarea mientras tanto',
      day: today,
      progress: 62.5,
      actualStart: '2026-03-09',
      actualFinish: null,
      base: { progress: 37.5, actualStart: '2026-03-09', actualFinish: null },
      server: { progress: 45.5, actualStart: '2026-03-09', actualFinish: null },
    };
    renderWithApp(<ProblemCard entry={entry} onChange={async () => undefined} onKeep={async () => undefined} />);
    const problem = screen.getByTestId('field-problem');
    expect(within(problem).getByText('Conflicto: 1.2.3 «Moldaje losa»')).toBeTruthy();
    expect(within(problem).getByText(/^Tu registro:/).textContent).toBe(
      'Tu registro: Avance 62,5 % · En el servidor: 45,5 %',
    );
    expect(within(problem).getByRole('button', { name: 'Grabar el mío' })).toBeTruthy();
    expect(within(problem).getByRole('button', { name: 'Descartar el mío' })).toBeTruthy();
  });
});
