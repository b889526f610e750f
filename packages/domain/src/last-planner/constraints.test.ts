import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CONSTRAINT_TYPES,
  checkConstraintInput,
  constraintText,
  isConstraintOverdue,
  isTaskReady,
  openConstraints,
} from './constraints';
import { TODAY, constraint } from './last-planner-test-support';

const types = DEFAULT_CONSTRAINT_TYPES;
const good = {
  type: 'Materiales',
  description: ' Llegada de moldajes ',
  responsible: 'Constructora Andes',
  dueDate: '2026-03-12',
};

describe('Restricciones (issue 36)', () => {
  it('the default types, exactly as the issue lists them', () => {
    expect(DEFAULT_CONSTRAINT_TYPES).toEqual([
      'Diseño',
      'Materiales',
      'Mano de obra',
      'Equipos',
      'Permisos',
      'Espacio',
      'Actividad previa',
      'Otra',
    ]);
  });

  it('checkConstraintInput: a good one, trimmed, open by default', () => {
    expect(checkConstraintInput(good, { types })).toEqual({
      ok: true,
      constraint: {
        type: 'Materiales',
        description: 'Llegada de moldajes',
        responsible: 'Constructora Andes',
        dueDate: '2026-03-12',
        state: 'abierta',
      },
    });
    const released = checkConstraintInput(
      { ...good, type: 'mano de obra', state: 'liberada', responsibleCompanyId: 'c-2' },
      { types, companyIds: ['c-1', 'c-2'] },
    );
    expect(released.ok && released.constraint).toMatchObject({
      type: 'Mano de obra',
      state: 'liberada',
      responsibleCompanyId: 'c-2',
    });
  });

  it('checkConstraintInput: the type comes from the project’s list, not the default one', () => {
    const projectTypes = ['Diseño', 'Clima'];
    expect(checkConstraintInput({ ...good, type: 'Clima' }, { types: projectTypes }).ok).toBe(true);
    expect(checkConstraintInput(good, { types: projectTypes })).toEqual({
      ok: false,
      errors: { type: 'Tipo: «Materiales» no está en la lista de tipos de restricción del proyecto' },
    });
  });

  it('checkConstraintInput: every field’s Spanish message at once', () => {
    expect(
      checkConstraintInput({ type: ' ', description: '', responsible: '  ', dueDate: '', state: 'cerrada' }, { types }),
    ).toEqual({
      ok: false,
      errors: {
        type: 'Tipo: es obligatorio',
        description: 'Descripción: es obligatoria',
        responsible: 'Responsable: es obligatorio',
        dueDate: 'Fecha límite: es obligatoria',
        state: 'Estado: debe ser «abierta» o «liberada»',
      },
    });
    expect(
      checkConstraintInput(
        { ...good, description: 'x'.repeat(501), responsible: 'y'.repeat(121), dueDate: '2026-02-30' },
        { types },
      ),
    ).toEqual({
      ok: false,
      errors: {
        description: 'Descripción: debe tener como máximo 500 caracteres',
        responsible: 'Responsable: debe tener como máximo 120 caracteres',
        dueDate: 'Fecha límite: no es una fecha válida (AAAA-MM-DD)',
      },
    });
    expect(checkConstraintInput({ ...good, dueDate: '12-03-2026' }, { types })).toMatchObject({ ok: false });
    expect(checkConstraintInput({ ...good, description: 'x'.repeat(500) }, { types }).ok).toBe(true);
    expect(checkConstraintInput({ ...good, responsibleCompanyId: 'c-9' }, { types, companyIds: ['c-1'] })).toEqual({
      ok: false,
      errors: { responsible: 'Responsable: la empresa no es del proyecto' },
    });
  });

  it('overdue: open and due before today; due today is not overdue; a released one never is', () => {
    expect(isConstraintOverdue(constraint({ dueDate: '2026-03-10' }), TODAY)).toBe(true);
    expect(isConstraintOverdue(constraint({ dueDate: TODAY }), TODAY)).toBe(false);
    expect(isConstraintOverdue(constraint({ dueDate: '2026-03-12' }), TODAY)).toBe(false);
    expect(isConstraintOverdue(constraint({ dueDate: '2026-03-10', state: 'liberada' }), TODAY)).toBe(false);
  });

  it("'lista': no open constraint; none at all is ready too", () => {
    const open = constraint();
    const released = constraint({ state: 'liberada' });
    expect(isTaskReady([])).toBe(true);
    expect(isTaskReady([released])).toBe(true);
    expect(isTaskReady([released, open])).toBe(false);
    expect(openConstraints([released, open])).toEqual([open]);
  });

  it('constraintText: one line for a message', () => {
    expect(constraintText(constraint())).toBe('Materiales: Llegada de moldajes (vence el 12-03-2026)');
  });
});
