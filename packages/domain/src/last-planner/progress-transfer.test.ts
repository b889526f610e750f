import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { progressEntryErrors } from '../gantt/progress-entries';
import { commitment } from './last-planner-test-support';
import { progressFromCommitments } from './progress-transfer';
import type { TransferTask } from './progress-transfer';
import type { CommitmentAmount } from './weekly-plan';

// the week of Monday 2026-03-09 closed; the cut-off is the Monday after it
const CUTOFF = '2026-03-16';
const task = (id: number, overrides: Partial<TransferTask> = {}): TransferTask => ({
  id,
  code: `1.${id}`,
  name: `Tarea ${id}`,
  progress: 0,
  start: '2026-03-09',
  ...overrides,
});
const fulfilled = (taskId: number, amount: CommitmentAmount, week = '2026-03-09') =>
  commitment({ taskId, amount, week, outcome: 'cumplido' });
const percent = (value: number): CommitmentAmount => ({ kind: 'percent', percent: value });

describe("'Pasar al avance' (issue 36)", () => {
  it('a % commitment adds to the progress; the actual start is the scheduled one inside the week', () => {
    const result = progressFromCommitments({
      cutoff: CUTOFF,
      tasks: [task(1, { progress: 20, start: '2026-03-11' })],
      commitments: [fulfilled(1, percent(50))],
    });
    // 20 + 50 = 70
    expect(result.entries).toEqual([{ TaskID: 1, ActualStart: '2026-03-11', Progress: 70 }]);
    expect(result.tasks[0]).toMatchObject({ previousProgress: 20, capped: false });
    expect(result.skipped).toEqual([]);
  });

  it('two commitments add up and are capped at 100, which records the actual finish (the week’s Sunday)', () => {
    const result = progressFromCommitments({
      cutoff: CUTOFF,
      tasks: [task(2, { progress: 70, actualStart: '2026-03-02' })],
      commitments: [fulfilled(2, percent(20)), fulfilled(2, percent(30))],
    });
    // 70 + 20 + 30 = 120 → 100; the task keeps its actual start
    expect(result.entries).toEqual([
      { TaskID: 2, ActualStart: '2026-03-02', ActualFinish: '2026-03-15', Progress: 100 },
    ]);
    expect(result.tasks[0]?.capped).toBe(true);
    expect(result.tasks[0]?.commitments).toHaveLength(2);
  });

  it('a quantity converts through the task’s quantity: 3 of 7 m³ = 42.857… → 42.86 %', () => {
    const result = progressFromCommitments({
      cutoff: CUTOFF,
      // scheduled before the week: its actual start is held to the week's Monday
      tasks: [task(3, { quantity: 7, unit: 'm3', start: '2026-03-02' })],
      commitments: [fulfilled(3, { kind: 'quantity', quantity: 3 })],
    });
    expect(result.entries).toEqual([{ TaskID: 3, ActualStart: '2026-03-09', Progress: 42.86 }]);
  });

  it('the actual dates are never after the cut-off', () => {
    const result = progressFromCommitments({
      cutoff: '2026-03-12',
      tasks: [task(4, { start: '2026-03-20' }), task(5, { progress: 60 })],
      commitments: [fulfilled(4, percent(10)), fulfilled(5, percent(40))],
    });
    expect(result.entries).toEqual([
      { TaskID: 4, ActualStart: '2026-03-12', Progress: 10 },
      { TaskID: 5, ActualStart: '2026-03-09', ActualFinish: '2026-03-12', Progress: 100 },
    ]);
  });

  it('lists what records nothing, each with its reason', () => {
    const result = progressFromCommitments({
      cutoff: CUTOFF,
      tasks: [
        task(6),
        task(7, { unit: 'm2' }),
        task(8, { progress: 100, actualStart: '2026-03-02', actualFinish: '2026-03-06' }),
        task(9, { isSummary: true }),
      ],
      commitments: [
        fulfilled(6, { kind: 'description', description: 'Limpiar el piso 3' }),
        fulfilled(7, { kind: 'quantity', quantity: 12.5 }),
        commitment({ taskId: 6, outcome: 'no-cumplido', cause: 'Clima' }),
        commitment({ taskId: 6 }),
        fulfilled(6, percent(10), '2026-03-23'),
        fulfilled(8, percent(10)),
        fulfilled(9, percent(10)),
        fulfilled(99, percent(10)),
      ],
    });
    expect(result.entries).toEqual([]);
    expect(result.skipped.map((skip) => skip.reason)).toEqual([
      '1.6 «Tarea 6», semana del 09-03-2026 (Limpiar el piso 3): es una descripción: no registra avance',
      '1.7 «Tarea 7», semana del 09-03-2026 (12,5 m2): la tarea no tiene cantidad: una cantidad no se convierte en avance',
      '1.6 «Tarea 6», semana del 09-03-2026 (50 % de la tarea): no está cumplido',
      '1.6 «Tarea 6», semana del 09-03-2026 (50 % de la tarea): no está cumplido',
      '1.6 «Tarea 6», semana del 23-03-2026 (10 % de la tarea): es posterior a la fecha de corte (16-03-2026)',
      '1.8 «Tarea 8», semana del 09-03-2026 (10 % de la tarea): la tarea ya está terminada',
      '1.9 «Tarea 9», semana del 09-03-2026 (10 % de la tarea): es un resumen: su avance se calcula de sus tareas',
      'La tarea 99, semana del 09-03-2026 (10 % de la tarea): ya no está en el Gantt',
    ]);
  });

  it("property: the entries pass saveProgress's own rules (progressEntryErrors), one per task", () => {
    const day = (from: number, span: number) =>
      fc.integer({ min: from, max: from + span }).map((n) => new Date(Date.UTC(2026, 2, n)).toISOString().slice(0, 10));
    const drawnTask = fc.record({
      progress: fc.constantFrom(0, 10, 55.5, 99),
      started: fc.boolean(),
      quantity: fc.constantFrom(null, 4, 7.5),
      start: day(1, 40),
    });
    const drawnCommitment = fc.record({
      taskIndex: fc.nat(5),
      week: fc.constantFrom('2026-03-02', '2026-03-09', '2026-03-16', '2026-03-23'),
      amount: fc.oneof(
        fc.double({ min: 0.5, max: 100, noNaN: true }).map(percent),
        fc.double({ min: 0.1, max: 10, noNaN: true }).map((quantity) => ({ kind: 'quantity' as const, quantity })),
      ),
    });
    fc.assert(
      fc.property(
        fc.array(drawnTask, { minLength: 6, maxLength: 6 }),
        fc.array(drawnCommitment, { maxLength: 15 }),
        day(9, 20),
        (drawnTasks, drawnCommitments, cutoff) => {
          const tasks = drawnTasks.map((t, index) =>
            task(index, {
              progress: t.started ? t.progress : 0,
              quantity: t.quantity,
              start: t.start,
              ...(t.started ? { actualStart: '2026-03-02' } : {}),
            }),
          );
          const commitments = drawnCommitments.map((c) => fulfilled(c.taskIndex, c.amount, c.week));
          const { entries } = progressFromCommitments({ cutoff, tasks, commitments });
          const info = new Map(tasks.map((t) => [t.id, { isSummary: false, code: t.code, name: t.name }]));
          expect(progressEntryErrors(cutoff, entries, info)).toEqual([]);
          for (const entry of entries) {
            const before = tasks[entry.TaskID]?.progress ?? 0;
            expect(entry.Progress > before || entry.Progress === 100).toBe(true);
          }
        },
      ),
    );
  });
});
