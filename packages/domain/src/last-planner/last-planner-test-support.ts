import type { Constraint } from './constraints';
import type { LookAheadTask } from './look-ahead';
import type { Commitment } from './weekly-plan';

/**
 * Test support (not exported by the package): the Last Planner tests' records. The dates sit in
 * March 2026: Monday 2026-03-09 is the first week; 'today' is Wednesday 2026-03-11.
 */

export const TODAY = '2026-03-11';

export function constraint(overrides: Partial<Constraint> = {}): Constraint {
  return {
    type: 'Materiales',
    description: 'Llegada de moldajes',
    responsible: 'Bodega',
    dueDate: '2026-03-12',
    state: 'abierta',
    ...overrides,
  };
}

/** A leaf of five working days from Monday 2026-03-09, company 'c-1', in Torre A › Piso 1. */
export function planTask(id: number, overrides: Partial<LookAheadTask> = {}): LookAheadTask {
  return {
    id,
    code: `1.${id}`,
    name: `Tarea ${id}`,
    area: ['Torre A', 'Piso 1'],
    companyId: 'c-1',
    start: '2026-03-09',
    end: '2026-03-13',
    progress: 0,
    constraints: [],
    ...overrides,
  };
}

/** A commitment of 50 % of task 1 for the week of 2026-03-09, by 'c-1', not closed yet. */
export function commitment(overrides: Partial<Commitment> = {}): Commitment {
  return {
    taskId: 1,
    companyId: 'c-1',
    week: '2026-03-09',
    amount: { kind: 'percent', percent: 50 },
    outcome: null,
    cause: null,
    ...overrides,
  };
}
