import { describe, expect, it } from 'vitest';
import { ganttSheetRows, ganttUpdatesFromRows } from './gantt-workbook';
import { current, sheetOf } from './gantt-workbook-test-support';
import type { SheetCell, SheetRow } from './sheet-rows';

/**
 * Issue 35: the Gantt sheet's 'Recursos' column, written as the Gantt's cell and read back by
 * ganttUpdatesFromRows (sheet-resources.ts), by the catalogue's names or codes in any case.
 */
describe('issue 35: the Recursos column', () => {
  const catalogue = [
    { _id: 'cmol', code: 'CMOL', name: 'Cuadrilla moldaje' },
    { _id: 'grua', code: 'GRUA', name: 'Grúa torre' },
    { _id: 'enf', code: 'ENF', name: 'Cuadrilla enfierradura' },
  ];
  const names = new Map(catalogue.map((resource) => [resource._id, resource.name]));
  const assigned = current.map((entry) =>
    entry.TaskID === 12
      ? {
          ...entry,
          Resources: [
            { resourceId: 'cmol', units: 2 },
            { resourceId: 'grua', units: 1 },
          ],
        }
      : entry,
  );

  /** The exported sheet with its Recursos column, some cells replaced: cells[sheetId] = text. */
  function withResources(cells: Record<number, SheetCell> = {}, extra: SheetCell[][] = []): SheetRow[] {
    const rows = ganttSheetRows(assigned, (id) => names.get(id));
    const sheet = sheetOf(rows).map((row, index) => ({
      ...row,
      cells: [...row.cells, index === 0 ? 'Recursos' : (cells[index] ?? rows[index - 1]?.resources ?? '')],
    }));
    return [...sheet, ...extra.map((row, index) => ({ row: sheet.length + 1 + index, cells: row }))];
  }

  it("writes each task's resources as the Gantt's column does, and reads its own sheet back unchanged", () => {
    const rows = ganttSheetRows(assigned, (id) => names.get(id));
    expect(rows.map((row) => row.resources)).toEqual(['', '', '', 'Cuadrilla moldaje[2]; Grúa torre', '']);
    const result = ganttUpdatesFromRows(withResources(), assigned, { resources: catalogue });
    expect(result.errors).toEqual([]);
    expect(result.counts).toEqual({ updated: 0, added: 0, unchanged: 5 });
  });

  it('reads names or codes in any case, with units; a blank cell clears; a summary may carry resources', () => {
    const result = ganttUpdatesFromRows(
      withResources({ 1: 'grua', 4: 'cuadrilla MOLDAJE[1,5]; enf[3]', 5: 'CMOL' }),
      assigned,
      { resources: catalogue },
    );
    expect(result.errors).toEqual([]);
    expect(result.counts).toEqual({ updated: 3, added: 0, unchanged: 2 });
    const byId = new Map(result.activities.map((activity) => [activity.TaskID, activity]));
    expect(byId.get(10)?.Resources).toEqual([{ resourceId: 'grua', units: 1 }]);
    expect(byId.get(12)?.Resources).toEqual([
      { resourceId: 'cmol', units: 1.5 },
      { resourceId: 'enf', units: 3 },
    ]);
    expect(byId.get(13)?.Resources).toEqual([{ resourceId: 'cmol', units: 1 }]);
    // rows left as they were carry no Resources: saveGantt keeps them as stored
    expect('Resources' in (byId.get(14) ?? {})).toBe(false);

    const cleared = ganttUpdatesFromRows(withResources({ 4: '' }), assigned, { resources: catalogue });
    expect(cleared.counts).toEqual({ updated: 1, added: 0, unchanged: 4 });
    expect(cleared.activities.find((activity) => activity.TaskID === 12)?.Resources).toEqual([]);
  });

  it('gives a new row its resources', () => {
    const result = ganttUpdatesFromRows(
      withResources({}, [[6, 'P.1.9', 'Recepción', null, null, 2, 0, '', null, null, 'Grúa torre[2]']]),
      assigned,
      { resources: catalogue },
    );
    expect(result.errors).toEqual([]);
    expect(result.activities.find((activity) => activity.TaskCode === 'P.1.9')).toMatchObject({
      ParentId: 11,
      Resources: [{ resourceId: 'grua', units: 2 }],
    });
  });

  it('refuses a bad cell naming its row and the column: unknown, bad units, twice, more than 20, an empty catalogue', () => {
    const many = Array.from({ length: 21 }, (_, index) => ({
      _id: `r${index}`,
      code: `R${index}`,
      name: `Recurso ${index}`,
    }));
    const result = ganttUpdatesFromRows(
      withResources({
        1: 'Grúa torrre',
        2: 'CMOL[dos]',
        3: 'GRUA[0]',
        4: 'grúa torre; GRUA',
        5: many.map((r) => r.code).join('; '),
      }),
      assigned,
      { resources: [...catalogue, ...many] },
    );
    expect(result.activities).toEqual([]);
    expect(result.errors).toEqual([
      {
        row: 2,
        field: 'Recursos',
        message: 'Fila 2: Recursos: no hay un recurso «Grúa torrre» en el catálogo de recursos',
      },
      {
        row: 3,
        field: 'Recursos',
        message: 'Fila 3: Recursos: «CMOL[dos]»: las unidades deben ser un número, por ejemplo [2] o [1,5]',
      },
      { row: 4, field: 'Recursos', message: 'Fila 4: Recursos: «GRUA[0]»: las unidades deben ser mayores que 0' },
      { row: 5, field: 'Recursos', message: 'Fila 5: Recursos: el recurso «Grúa torre» está más de una vez' },
      { row: 6, field: 'Recursos', message: 'Fila 6: Recursos: una tarea admite como máximo 20 recursos' },
    ]);
    const empty = ganttUpdatesFromRows(withResources({ 2: 'Grúa torre', 4: '' }), current, { resources: [] });
    expect(empty.errors).toEqual([
      {
        row: 3,
        field: 'Recursos',
        message: 'Fila 3: Recursos: el catálogo de recursos está vacío; créalos en Administración › Recursos',
      },
    ]);
  });

  it("without the column every task keeps its resources; two resources of one name keep each task's own", () => {
    const without = ganttUpdatesFromRows(sheetOf(ganttSheetRows(assigned)), assigned, { resources: catalogue });
    expect(without.errors).toEqual([]);
    expect(without.activities.some((activity) => 'Resources' in activity)).toBe(false);
    // a second 'Grúa torre' (another code) before the first: the cell as written reads back as the task has it
    const twin = [{ _id: 'grua2', code: 'GRUA2', name: 'Grúa torre' }, ...catalogue];
    const same = ganttUpdatesFromRows(withResources(), assigned, { resources: twin });
    expect(same.counts).toEqual({ updated: 0, added: 0, unchanged: 5 });
  });
});
