import { describe, expect, it } from 'vitest';
import { TODAY, constraint, planTask } from './last-planner-test-support';
import {
  DEFAULT_NONCOMPLIANCE_CAUSES,
  checkCommitmentClose,
  checkCommitmentInput,
  commitmentAmountText,
  commitmentTaskError,
} from './weekly-plan';

const causes = DEFAULT_NONCOMPLIANCE_CAUSES;
// the coming week, seen from Wednesday 2026-03-11
const NEXT_WEEK = '2026-03-16';
const ready = planTask(7, { code: '1.2.7', name: 'Moldaje losa', companyId: 'c-2' });

describe("the weekly plan, 'Plan semanal' (issue 36)", () => {
  it('the default causes, exactly as the issue lists them', () => {
    expect(DEFAULT_NONCOMPLIANCE_CAUSES).toEqual([
      'Programación',
      'Materiales',
      'Mano de obra',
      'Equipos',
      'Subcontrato',
      'Clima',
      'Diseño',
      'Cliente',
      'Otra',
    ]);
  });

  it('takes a commitment from a ready task, with the task’s company, open', () => {
    expect(checkCommitmentInput({ week: NEXT_WEEK, percent: 40 }, { task: ready, today: TODAY })).toEqual({
      ok: true,
      commitment: {
        taskId: 7,
        companyId: 'c-2',
        week: NEXT_WEEK,
        amount: { kind: 'percent', percent: 40 },
        outcome: null,
        cause: null,
      },
    });
    const quantity = checkCommitmentInput(
      { week: NEXT_WEEK, quantity: 12.5, percent: null },
      { task: ready, today: TODAY },
    );
    expect(quantity.ok && quantity.commitment.amount).toEqual({ kind: 'quantity', quantity: 12.5 });
    const described = checkCommitmentInput(
      { week: NEXT_WEEK, description: ' Terminar el eje 3 ', quantity: null },
      { task: ready, today: TODAY },
    );
    expect(described.ok && described.commitment.amount).toEqual({
      kind: 'description',
      description: 'Terminar el eje 3',
    });
    // the current week may still be planned
    expect(checkCommitmentInput({ week: '2026-03-09', percent: 10 }, { task: ready, today: TODAY }).ok).toBe(true);
  });

  it('refuses a task that is not lista, naming the task and its open constraints', () => {
    const blocked = planTask(7, {
      code: '1.2.7',
      name: 'Moldaje losa',
      constraints: [
        constraint(),
        constraint({ type: 'Permisos', description: 'Permiso de grúa', dueDate: '2026-03-10' }),
        constraint({ type: 'Diseño', description: 'Plano de losa', state: 'liberada' }),
      ],
    });
    expect(checkCommitmentInput({ week: NEXT_WEEK, percent: 40 }, { task: blocked, today: TODAY })).toEqual({
      ok: false,
      errors: {
        task:
          'Tarea: 1.2.7 «Moldaje losa» no está lista; tiene 2 restricciones abiertas: ' +
          'Materiales: Llegada de moldajes (vence el 12-03-2026); Permisos: Permiso de grúa (vence el 10-03-2026)',
      },
    });
    expect(commitmentTaskError(planTask(1, { name: 'Sin código', code: '', constraints: [constraint()] }))).toBe(
      'Tarea: «Sin código» no está lista; tiene una restricción abierta: Materiales: Llegada de moldajes (vence el 12-03-2026)',
    );
  });

  it('refuses a summary, a finished task, a task not in the Gantt and a task already committed that week', () => {
    const check = (task: Parameters<typeof checkCommitmentInput>[1]['task']) =>
      checkCommitmentInput({ week: NEXT_WEEK, percent: 40 }, { task, today: TODAY });
    expect(check(planTask(1, { isSummary: true }))).toEqual({
      ok: false,
      errors: { task: 'Tarea: 1.1 «Tarea 1» es un resumen; los compromisos se toman de sus tareas' },
    });
    expect(check(planTask(1, { progress: 100 }))).toEqual({
      ok: false,
      errors: { task: 'Tarea: 1.1 «Tarea 1» ya está terminada' },
    });
    expect(check(planTask(1, { progress: 80, actualFinish: '2026-03-10' })).ok).toBe(false);
    expect(check(undefined)).toEqual({ ok: false, errors: { task: 'Tarea: no existe en el Gantt' } });
    expect(
      checkCommitmentInput(
        { week: NEXT_WEEK, percent: 40 },
        {
          task: ready,
          today: TODAY,
          weekCommitments: [
            { taskId: 7, week: '2026-03-09' },
            { taskId: 7, week: NEXT_WEEK },
          ],
        },
      ),
    ).toEqual({
      ok: false,
      errors: { task: 'Tarea: 1.2.7 «Moldaje losa» ya tiene un compromiso en la semana del 16-03-2026' },
    });
  });

  it('the week: a real Monday, and not a week already over', () => {
    const check = (week: string) => checkCommitmentInput({ week, percent: 40 }, { task: ready, today: TODAY });
    expect(check('2026-03-17')).toEqual({
      ok: false,
      errors: { week: 'Semana: se nombra por su lunes (la semana va de lunes a domingo)' },
    });
    expect(check('2026-02-30')).toEqual({ ok: false, errors: { week: 'Semana: no es una fecha válida (AAAA-MM-DD)' } });
    expect(check('2026-03-02')).toEqual({ ok: false, errors: { week: 'Semana: la semana del 02-03-2026 ya terminó' } });
    // the week of 2026-03-02 ends on Sunday 2026-03-08: still open that Sunday
    expect(checkCommitmentInput({ week: '2026-03-02', percent: 5 }, { task: ready, today: '2026-03-08' }).ok).toBe(
      true,
    );
  });

  it('what will be done: exactly one kind, each within its bounds', () => {
    const amountError = (input: Record<string, unknown>) => {
      const result = checkCommitmentInput({ week: NEXT_WEEK, ...input }, { task: ready, today: TODAY });
      return result.ok ? undefined : result.errors.amount;
    };
    const one = 'Qué se hará: indica una cantidad, un % de la tarea o una descripción (solo una de ellas)';
    expect(amountError({})).toBe(one);
    expect(amountError({ description: '   ' })).toBe(one);
    expect(amountError({ percent: 10, quantity: 3 })).toBe(one);
    expect(amountError({ percent: 10, description: 'algo' })).toBe(one);
    for (const percent of [0, -5, 100.5, Number.NaN])
      expect(amountError({ percent })).toBe('Qué se hará: el % de la tarea debe ser mayor que 0 y como máximo 100');
    expect(amountError({ percent: 100 })).toBeUndefined();
    for (const quantity of [0, -1, Number.POSITIVE_INFINITY])
      expect(amountError({ quantity })).toBe('Qué se hará: la cantidad debe ser mayor que 0');
    expect(amountError({ description: 'x'.repeat(301) })).toBe(
      'Qué se hará: la descripción debe tener como máximo 300 caracteres',
    );
  });

  it('commitmentAmountText in es-CL', () => {
    expect(commitmentAmountText({ kind: 'percent', percent: 12.5 })).toBe('12,5 % de la tarea');
    expect(commitmentAmountText({ kind: 'quantity', quantity: 1234.5 }, 'm3')).toBe('1.234,5 m3');
    expect(commitmentAmountText({ kind: 'quantity', quantity: 8 })).toBe('8');
    expect(commitmentAmountText({ kind: 'description', description: 'Eje 3' })).toBe('Eje 3');
  });
});

describe('closing a commitment (issue 36)', () => {
  it("'Cumplido' carries no cause", () => {
    expect(checkCommitmentClose({ outcome: 'cumplido' }, { causes })).toEqual({
      ok: true,
      outcome: 'cumplido',
      cause: null,
    });
    expect(checkCommitmentClose({ outcome: 'cumplido', cause: 'Clima' }, { causes })).toEqual({
      ok: false,
      errors: { cause: 'Causa de no cumplimiento: un compromiso cumplido no lleva causa' },
    });
  });

  it("'No cumplido' needs a cause from the project's list, kept in the list's spelling", () => {
    expect(checkCommitmentClose({ outcome: 'no-cumplido', cause: 'clima' }, { causes })).toEqual({
      ok: true,
      outcome: 'no-cumplido',
      cause: 'Clima',
    });
    expect(checkCommitmentClose({ outcome: 'no-cumplido', cause: ' ' }, { causes })).toEqual({
      ok: false,
      errors: { cause: 'Causa de no cumplimiento: es obligatoria cuando el compromiso no se cumplió' },
    });
    expect(checkCommitmentClose({ outcome: 'no-cumplido', cause: 'Clima' }, { causes: ['Lluvia', 'Otra'] })).toEqual({
      ok: false,
      errors: { cause: 'Causa de no cumplimiento: «Clima» no está en la lista de causas del proyecto' },
    });
  });

  it('null reopens it, without a cause; any other outcome is refused', () => {
    expect(checkCommitmentClose({ outcome: null }, { causes })).toEqual({ ok: true, outcome: null, cause: null });
    expect(checkCommitmentClose({ outcome: null, cause: 'Clima' }, { causes })).toMatchObject({ ok: false });
    expect(checkCommitmentClose({ outcome: 'Cumplido' }, { causes })).toEqual({
      ok: false,
      errors: { outcome: 'Resultado: debe ser «Cumplido» o «No cumplido»' },
    });
  });

  it('a week that has not begun cannot be closed', () => {
    expect(checkCommitmentClose({ outcome: 'cumplido' }, { causes, week: '2026-03-16', today: TODAY })).toEqual({
      ok: false,
      errors: { outcome: 'Resultado: la semana del 16-03-2026 aún no comienza' },
    });
    expect(checkCommitmentClose({ outcome: 'cumplido' }, { causes, week: '2026-03-09', today: TODAY }).ok).toBe(true);
  });
});
