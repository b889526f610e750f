import { describe, expect, it } from 'vitest';
import { overloadReason } from './level-resources';

/** Issue 35: an overload's reason names a resource's own calendar when its days off make it. */
describe("levelResources' reasons", () => {
  const overload = {
    resourceId: 'grua',
    from: '2026-01-07',
    to: '2026-01-07',
    units: 1,
    maxUnits: 0,
    taskIds: [6],
    offCalendar: true,
  };
  const pinned = new Map([[6, 'La tarea ACT1 tiene avance real: el trabajo realizado o en curso no se mueve']]);

  it('work under way on a day off: why it stays, and that the resource does not work then', () => {
    expect(overloadReason(overload, 'GRUA Grúa torre', new Map(), pinned, 1)).toBe(
      'La tarea ACT1 tiene avance real: el trabajo realizado o en curso no se mueve. GRUA Grúa torre no trabaja algunos de esos días (su calendario propio)',
    );
  });

  it('a task that never fits between the days off: the calendar is the reason, said once', () => {
    const stuck = new Map([['6:grua', { reason: 'search' as const, code: 'ACT1' }]]);
    expect(overloadReason(overload, 'GRUA Grúa torre', stuck, new Map(), 1)).toBe(
      'La tarea ACT1 no cabe entre los días no laborables de GRUA Grúa torre (su calendario propio) antes del horizonte del proyecto: una tarea no se divide; acórtala o revisa el calendario del recurso',
    );
  });

  it('an overload on working days reads as before', () => {
    expect(overloadReason({ ...overload, offCalendar: false }, 'GRUA Grúa torre', new Map(), pinned, 1)).toBe(
      'La tarea ACT1 tiene avance real: el trabajo realizado o en curso no se mueve',
    );
  });
});
