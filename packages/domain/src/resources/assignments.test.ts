import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assignmentErrors,
  assignmentUnitsError,
  assignmentsKey,
  assignmentsText,
  parseAssignmentsText,
} from './assignments';

const RESOURCES = [
  { _id: 'r1', code: 'CMOL', name: 'Cuadrilla moldaje' },
  { _id: 'r2', code: 'GRUA', name: 'Grúa torre' },
  { _id: 'r3', code: 'HORM', name: 'Hormigón premezclado' },
];
const nameOf = (id: string) => RESOURCES.find((resource) => resource._id === id)?.name;

describe("a task's resources as the 'Recursos' column reads them", () => {
  it('writes them like MS Project, in order, 1 unit unwritten and decimals with a comma', () => {
    expect(
      assignmentsText(
        [
          { resourceId: 'r1', units: 2 },
          { resourceId: 'r2', units: 1 },
          { resourceId: 'r3', units: 1.5 },
        ],
        nameOf,
      ),
    ).toBe('Cuadrilla moldaje[2]; Grúa torre; Hormigón premezclado[1,5]');
    expect(assignmentsText([], nameOf)).toBe('');
    expect(assignmentsText(undefined, nameOf)).toBe('');
    expect(assignmentsText([{ resourceId: 'gone', units: 1 }], nameOf)).toBe('(recurso eliminado)');
  });

  it('reads names or codes, any case, units in brackets (absent: 1), blank parts skipped', () => {
    expect(parseAssignmentsText(' cuadrilla MOLDAJE [2] ;grua;; Hormigón premezclado[1,5] ', RESOURCES)).toEqual({
      ok: true,
      assignments: [
        { resourceId: 'r1', units: 2 },
        { resourceId: 'r2', units: 1 },
        { resourceId: 'r3', units: 1.5 },
      ],
    });
    expect(parseAssignmentsText('', RESOURCES)).toEqual({ ok: true, assignments: [] });
    expect(parseAssignmentsText('  ;  ', RESOURCES)).toEqual({ ok: true, assignments: [] });
  });

  it('says what is wrong with what was typed, naming the part', () => {
    expect(parseAssignmentsText('Andamio', RESOURCES)).toEqual({
      ok: false,
      error: 'No hay un recurso «Andamio» en el catálogo de recursos',
    });
    expect(parseAssignmentsText('Grúa torre[dos]', RESOURCES)).toEqual({
      ok: false,
      error: '«Grúa torre[dos]»: las unidades deben ser un número, por ejemplo [2] o [1,5]',
    });
    expect(parseAssignmentsText('Grúa torre[0]', RESOURCES)).toEqual({
      ok: false,
      error: '«Grúa torre[0]»: las unidades deben ser mayores que 0',
    });
    expect(parseAssignmentsText('Grúa torre[1,234]', RESOURCES)).toEqual({
      ok: false,
      error: '«Grúa torre[1,234]»: las unidades admiten como máximo 2 decimales',
    });
    expect(parseAssignmentsText('GRUA; grúa torre[2]', RESOURCES)).toEqual({
      ok: false,
      error: 'El recurso «Grúa torre» está más de una vez',
    });
  });

  it('reads back what it writes (any list of distinct resources and valid units)', () => {
    const units = fc.integer({ min: 1, max: 1_000_000 }).map((hundredths) => hundredths / 100);
    fc.assert(
      fc.property(
        fc
          .shuffledSubarray(RESOURCES)
          .chain((picked) =>
            fc.tuple(fc.constant(picked), fc.array(units, { minLength: picked.length, maxLength: picked.length })),
          ),
        ([picked, amounts]) => {
          const list = picked.map((resource, index) => ({ resourceId: resource._id, units: amounts[index] as number }));
          const read = parseAssignmentsText(assignmentsText(list, nameOf), RESOURCES);
          expect(read).toEqual({ ok: true, assignments: list });
          expect(assignmentErrors(list)).toEqual([]);
        },
      ),
    );
  });

  it('checks a list as the contract does, and keys equal lists equally', () => {
    expect(assignmentUnitsError(0.01)).toBe('');
    expect(assignmentUnitsError(10_000)).toBe('');
    expect(assignmentUnitsError(10_000.01)).toBe('las unidades deben ser como máximo 10.000');
    expect(assignmentUnitsError(Number.NaN)).toBe('las unidades deben ser un número');
    expect(
      assignmentErrors(
        [
          { resourceId: 'r1', units: 1 },
          { resourceId: 'r1', units: -1 },
        ],
        nameOf,
      ),
    ).toEqual([
      'el recurso «Cuadrilla moldaje» está más de una vez',
      '«Cuadrilla moldaje»: las unidades deben ser mayores que 0',
    ]);
    expect(assignmentsKey([{ resourceId: 'r1', units: 2 }])).toBe(assignmentsKey([{ resourceId: 'r1', units: 2 }]));
    expect(assignmentsKey([{ resourceId: 'r1', units: 2 }])).not.toBe(assignmentsKey([{ resourceId: 'r1', units: 1 }]));
    expect(assignmentsKey([])).toBe(assignmentsKey(undefined));
  });
});
