import { describe, expect, it } from 'vitest';
import { commitmentFieldLabels, constraintFieldLabels, listErrors, splitFieldErrors } from './field-errors';

describe('splitFieldErrors', () => {
  it("puts each of the server's '; '-joined field messages at its field, capitalised", () => {
    const message =
      'Tipo: «Clima» no está en la lista de tipos de restricción del proyecto; Fecha límite: no es una fecha válida (AAAA-MM-DD)';
    expect(splitFieldErrors(message, constraintFieldLabels)).toEqual({
      fields: {
        type: '«Clima» no está en la lista de tipos de restricción del proyecto',
        dueDate: 'No es una fecha válida (AAAA-MM-DD)',
      },
      general: [],
    });
  });

  it("keeps a message's own '; ' list with its field (a task's open constraints)", () => {
    const message =
      'Tarea: 1.2.7 «Moldaje losa» no está lista; tiene 2 restricciones abiertas: Materiales: Llegada de moldajes (vence el 12-03-2026); Permisos: Permiso de grúa (vence el 10-03-2026)';
    const split = splitFieldErrors(message, commitmentFieldLabels);
    expect(split.general).toEqual([]);
    expect(split.fields.task).toBe(
      '1.2.7 «Moldaje losa» no está lista; tiene 2 restricciones abiertas: Materiales: Llegada de moldajes (vence el 12-03-2026); Permisos: Permiso de grúa (vence el 10-03-2026)',
    );
  });

  it("names the contract's paths as fields too, and says apart what names no field", () => {
    expect(splitFieldErrors('constraint.dueDate: debe tener como máximo 40 caracteres', constraintFieldLabels)).toEqual(
      {
        fields: { dueDate: 'Debe tener como máximo 40 caracteres' },
        general: [],
      },
    );
    expect(
      splitFieldErrors(
        'La restricción cambió desde que la abriste (otra persona la grabó): recarga',
        constraintFieldLabels,
      ),
    ).toEqual({ fields: {}, general: ['La restricción cambió desde que la abriste (otra persona la grabó): recarga'] });
  });
});

describe('listErrors', () => {
  it("picks a list's refusals, with or without a row", () => {
    const message =
      'Tipos de restricción: la lista necesita al menos un elemento; Causas de no cumplimiento, fila 2: «Clima» ya está en la fila 1';
    expect(listErrors(message, 'Tipos de restricción')).toEqual([
      'Tipos de restricción: la lista necesita al menos un elemento',
    ]);
    expect(listErrors(message, 'Causas de no cumplimiento')).toEqual([
      'Causas de no cumplimiento, fila 2: «Clima» ya está en la fila 1',
    ]);
  });
});
