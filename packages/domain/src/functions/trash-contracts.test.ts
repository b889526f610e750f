import { describe, expect, it } from 'vitest';
import { historyChangeVerb } from '../collab/change-verb';
import { projectEventChange } from '../history/project-events';
import { describeProjectHoldings, projectCodeInTrashMessage } from './trash-contracts';

const holdings = {
  edpItems: 12,
  edcItems: 30,
  tasks: 40,
  estadosPago: 2,
  approvedEstadosPago: 1,
  historyEntries: 9,
  amount: '1234567',
  budget: '2000000',
  currency: 'CLP',
} as const;

describe('the Papelera’s words (issue 30)', () => {
  it('says what a project holds, counts and money, in one line', () => {
    expect(describeProjectHoldings(holdings)).toBe(
      '12 ítems del EDP, 30 ítems de EDC, 40 tareas del Gantt, 2 estados de pago (1 aprobado) y un monto de $1.234.567',
    );
    expect(
      describeProjectHoldings({
        ...holdings,
        edpItems: 1,
        edcItems: 0,
        tasks: 1,
        estadosPago: 0,
        approvedEstadosPago: 0,
        amount: '0',
        currency: 'UF',
      }),
    ).toBe('1 ítem del EDP, 0 ítems de EDC, 1 tarea del Gantt, 0 estados de pago y un monto de UF 0,00');
  });

  it('refuses a code a project in the trash holds, naming the trash', () => {
    expect(projectCodeInTrashMessage('HRT-01')).toBe(
      'El código «HRT-01» lo usa un proyecto que está en la Papelera: un administrador puede restaurarlo o eliminarlo definitivamente',
    );
  });

  it('tells the deletion and the restore in the history, the bell and the banner', () => {
    const trashed = projectEventChange({
      kind: 'project-trashed',
      name: 'Casa',
      code: 'P01',
      holds: '3 ítems del EDP',
      purgeAt: '2026-02-14T15:00:00.000Z',
    });
    expect(trashed.summary).toBe('Proyecto enviado a la Papelera: «Casa» (P01)');
    expect(trashed.detail.notes).toEqual([
      'Tenía 3 ítems del EDP',
      'Un administrador puede restaurarlo hasta el 14-02-2026; ese día se elimina definitivamente',
    ]);
    const restored = projectEventChange({
      kind: 'project-restored',
      name: 'Casa',
      code: 'P01',
      deletedAt: '2026-01-15T15:04:00.000Z',
      deletedBy: 'Beto',
    });
    expect(restored.summary).toBe('Proyecto restaurado desde la Papelera: «Casa» (P01)');
    expect(restored.detail.notes).toEqual(['Estaba en la Papelera desde el 15-01-2026 12:04, enviado por Beto']);
    expect(historyChangeVerb('removeProject', 'project')).toBe('envió el proyecto a la Papelera');
    expect(historyChangeVerb('restoreProject', 'project')).toBe('restauró el proyecto desde la Papelera');
  });
});
