import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TODAY, constraint, planTask } from './last-planner-test-support';
import { inLookAhead, lookAhead, lookAheadWeeksError, planCandidates } from './look-ahead';
import type { LookAheadInput } from './look-ahead';

// three weeks from Wednesday 2026-03-11: [2026-03-11, 2026-04-01), the last day 2026-03-31
const base: Omit<LookAheadInput, 'tasks'> = { from: TODAY, weeks: 3, groupBy: 'company', today: TODAY };

function ids(input: LookAheadInput): number[] {
  const result = lookAhead(input);
  if (!result.ok) throw new Error(result.error);
  return result.groups.flatMap((group) => group.tasks.map((task) => task.id));
}

describe("the look-ahead, 'Intermedia' (issue 36)", () => {
  it('the window is [from, from + weeks × 7): 2026-03-31 is in, 2026-04-01 is out', () => {
    const result = lookAhead({
      ...base,
      tasks: [planTask(1, { start: '2026-03-31', end: '2026-04-03' }), planTask(2, { start: '2026-04-01' })],
    });
    expect(result).toMatchObject({
      ok: true,
      from: '2026-03-11',
      to: '2026-03-31',
      weekStarts: ['2026-03-11', '2026-03-18', '2026-03-25'],
      taskCount: 1,
    });
    expect(ids({ ...base, weeks: 4, tasks: [planTask(2, { start: '2026-04-01' })] })).toEqual([2]);
  });

  it('under way: an actual start, or a scheduled start before the window, and not finished', () => {
    const tasks = [
      // scheduled before the window, never started: it should be under way, so it is listed
      planTask(1, { start: '2026-03-02', end: '2026-03-06' }),
      // started early, scheduled after the window
      planTask(2, { start: '2026-04-20', end: '2026-04-24', actualStart: '2026-03-10', progress: 10 }),
      // finished: an actual finish, or 100 %, even when it starts in the window
      planTask(3, { start: '2026-03-02', actualStart: '2026-03-02', actualFinish: '2026-03-06', progress: 100 }),
      planTask(4, { start: '2026-03-16', progress: 100 }),
      // a summary is never listed
      planTask(5, { start: '2026-03-16', isSummary: true }),
      planTask(6, { start: '2026-03-16' }),
    ];
    const result = lookAhead({ ...base, tasks });
    expect(ids({ ...base, tasks })).toEqual([1, 6, 2]);
    const rows = result.ok ? result.groups.flatMap((group) => group.tasks) : [];
    expect(rows.map((row) => [row.id, row.underWay])).toEqual([
      [1, true],
      [6, false],
      [2, true],
    ]);
    expect(rows[0]).not.toHaveProperty('isSummary');
  });

  it("each task 'lista' or not, with its constraints and the overdue ones flagged", () => {
    const overdue = constraint({ id: 'r1', dueDate: '2026-03-10' });
    const dueToday = constraint({ id: 'r2', type: 'Permisos', dueDate: TODAY });
    const released = constraint({ id: 'r3', dueDate: '2026-03-01', state: 'liberada' });
    const result = lookAhead({
      ...base,
      tasks: [
        planTask(1, { start: '2026-03-16', constraints: [overdue, dueToday, released] }),
        planTask(2, { start: '2026-03-16', constraints: [released] }),
      ],
    });
    if (!result.ok) throw new Error(result.error);
    const [first, second] = result.groups[0]?.tasks ?? [];
    expect(first).toMatchObject({ ready: false, openConstraints: 2, overdueConstraints: 1 });
    expect(first?.constraints.map((item) => [item.id, item.overdue])).toEqual([
      ['r1', true],
      ['r2', false],
      ['r3', false],
    ]);
    expect(second).toMatchObject({ ready: true, openConstraints: 0, overdueConstraints: 0 });
    expect(result.readyCount).toBe(1);
    expect(result.groups[0]?.readyCount).toBe(1);
  });

  it('by company: by the companies’ names (es-CL), the tasks with none last; rows by start, then the Gantt’s order', () => {
    const tasks = [
      planTask(1, { companyId: 'c-1', start: '2026-03-18' }),
      planTask(2, { companyId: null, start: '2026-03-12' }),
      planTask(3, { companyId: 'c-2', start: '2026-03-20' }),
      planTask(4, { companyId: 'c-1', start: '2026-03-12' }),
      planTask(5, { companyId: 'c-1', start: '2026-03-18' }),
      planTask(6, { companyId: 'c-3', start: '2026-03-18' }),
    ];
    const companies = [
      { id: 'c-1', name: 'Moldajes Sur' },
      { id: 'c-2', name: 'Andes Ltda.' },
    ];
    const result = lookAhead({ ...base, tasks, companies });
    if (!result.ok) throw new Error(result.error);
    expect(result.groups.map((group) => [group.key, group.label, group.tasks.map((task) => task.id)])).toEqual([
      ['c-2', 'Andes Ltda.', [3]],
      // a company not in the list shows its id
      ['c-3', 'c-3', [6]],
      ['c-1', 'Moldajes Sur', [4, 1, 5]],
      ['', 'Sin empresa', [2]],
    ]);
  });

  it('by area: the first level of the EDP path, in the Gantt’s order, each row keeping its whole path', () => {
    const tasks = [
      planTask(1, { area: ['Torre B', 'Piso 1'] }),
      planTask(2, { area: [] }),
      planTask(3, { area: ['Torre A', 'Piso 3'] }),
      planTask(4, { area: ['Torre B', 'Piso 2'], start: '2026-03-06' }),
    ];
    const result = lookAhead({ ...base, groupBy: 'area', tasks });
    if (!result.ok) throw new Error(result.error);
    expect(result.groups.map((group) => [group.label, group.tasks.map((task) => task.id)])).toEqual([
      ['Torre B', [4, 1]],
      ['Torre A', [3]],
      ['Sin ubicación', [2]],
    ]);
    expect(result.groups[0]?.tasks[0]?.area).toEqual(['Torre B', 'Piso 2']);
  });

  it('refuses weeks out of 3–6 and dates that are not real, in Spanish', () => {
    for (const weeks of [2, 7, 3.5, Number.NaN])
      expect(lookAhead({ ...base, weeks, tasks: [] })).toEqual({
        ok: false,
        error: 'La intermedia abarca de 3 a 6 semanas',
      });
    expect(lookAheadWeeksError(6)).toBeUndefined();
    expect(lookAhead({ ...base, from: '2026-02-30', tasks: [] })).toEqual({
      ok: false,
      error: 'La fecha de inicio de la intermedia no es válida',
    });
    expect(lookAhead({ ...base, today: '', tasks: [] })).toEqual({ ok: false, error: 'La fecha de hoy no es válida' });
    expect(lookAhead({ ...base, groupBy: 'trade' as 'area', tasks: [] })).toMatchObject({ ok: false });
  });

  it("planCandidates: the week's tasks by company, ready or not, the weekly plan's choice", () => {
    const tasks = [
      planTask(1, { start: '2026-03-16', companyId: 'c-2' }),
      planTask(2, { start: '2026-03-22', constraints: [constraint()] }),
      // next week's, and one already finished
      planTask(3, { start: '2026-03-23' }),
      planTask(4, { start: '2026-03-02', progress: 100 }),
      // late: still to be done
      planTask(5, { start: '2026-03-02' }),
    ];
    const result = planCandidates({ tasks, week: '2026-03-16', today: TODAY });
    if (!result.ok) throw new Error(result.error);
    expect(result.groups.map((group) => [group.key, group.tasks.map((row) => [row.id, row.ready])])).toEqual([
      [
        'c-1',
        [
          [5, true],
          [2, false],
        ],
      ],
      ['c-2', [[1, true]]],
    ]);
    expect(planCandidates({ tasks, week: '2026-03-17', today: TODAY })).toEqual({
      ok: false,
      error: 'La semana se nombra por su lunes',
    });
    expect(planCandidates({ tasks, week: '2026-02-30', today: TODAY })).toMatchObject({ ok: false });
  });

  it('property: the groups hold exactly the tasks inLookAhead, each once', () => {
    const day = fc
      .integer({ min: 0, max: 60 })
      .map((n) => new Date(Date.UTC(2026, 2, 1 + n)).toISOString().slice(0, 10));
    const task = fc.record({
      start: day,
      progress: fc.constantFrom(0, 40, 100),
      started: fc.boolean(),
      finished: fc.boolean(),
      companyId: fc.constantFrom('c-1', 'c-2', null),
      area: fc.constantFrom(['Torre A'], ['Torre B', 'Piso 1'], []),
    });
    fc.assert(
      fc.property(fc.array(task, { maxLength: 12 }), fc.integer({ min: 3, max: 6 }), (drawn, weeks) => {
        const tasks = drawn.map((t, index) =>
          planTask(index + 1, {
            start: t.start,
            end: t.start,
            progress: t.progress,
            companyId: t.companyId,
            area: t.area,
            ...(t.started ? { actualStart: t.start } : {}),
            ...(t.finished ? { actualFinish: t.start } : {}),
          }),
        );
        const end = new Date(Date.parse(`${TODAY}T00:00:00Z`) + weeks * 7 * 86_400_000).toISOString().slice(0, 10);
        const expected = tasks.filter((t) => inLookAhead(t, TODAY, end)).map((t) => t.id);
        for (const groupBy of ['company', 'area'] as const) {
          const listed = ids({ ...base, weeks, groupBy, tasks });
          expect([...listed].sort((a, b) => a - b)).toEqual(expected);
        }
        for (const id of expected) {
          const t = tasks[id - 1];
          expect(t?.actualFinish === undefined && (t?.progress ?? 100) < 100).toBe(true);
          expect((t?.actualStart ?? null) !== null || (t?.start ?? '') < end).toBe(true);
        }
      }),
    );
  });
});
