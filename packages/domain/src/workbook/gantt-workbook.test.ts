import { describe, expect, it } from 'vitest';
import type { GanttTask } from '../functions/gantt-contracts';
import { MAX_GANTT_TASKS } from '../functions/gantt-contracts';
import { ganttSheetRows, ganttUpdatesFromRows } from './gantt-workbook';
import { parseSheetPredecessors } from './sheet-predecessors';
import type { SheetCell, SheetRow } from './sheet-rows';
import { TITLES, current, sheetOf, task } from './gantt-workbook-test-support';

/** The exported sheet with some cells replaced: edits[sheetId][column title] = value. */
function edited(edits: Record<number, Record<string, SheetCell>>, extra: SheetCell[][] = []): SheetRow[] {
  const rows = sheetOf(ganttSheetRows(current)).map((row) => {
    const id = row.cells[0];
    const change = typeof id === 'number' ? edits[id] : undefined;
    if (!change) return row;
    const cells = [...row.cells];
    for (const [title, value] of Object.entries(change)) cells[TITLES.indexOf(title)] = value;
    return { row: row.row, cells };
  });
  return [...rows, ...extra.map((cells, index) => ({ row: rows.length + 1 + index, cells }))];
}

describe('ganttSheetRows', () => {
  it('numbers the tasks 1..n in tree order and writes predecessors in those numbers, with the outline level', () => {
    expect(ganttSheetRows(current)).toEqual([
      {
        id: 1,
        code: 'P',
        name: 'Tarea P',
        parents: '',
        start: '2026-03-02',
        finish: '2026-03-27',
        duration: 20,
        progress: 0,
        predecessors: '',
        totalFloat: 0,
        critical: true,
        isSummary: true,
        outlineLevel: 0,
        resources: '',
      },
      expect.objectContaining({ id: 2, code: 'P.2', start: '2026-03-23', predecessors: '5FS+1', outlineLevel: 1 }),
      expect.objectContaining({ id: 3, code: 'P.1', isSummary: true, outlineLevel: 1 }),
      expect.objectContaining({ id: 4, code: 'ACT1', progress: 50, outlineLevel: 2, critical: true }),
      expect.objectContaining({ id: 5, code: 'ACT2', predecessors: '4FS', totalFloat: 2, critical: false }),
    ]);
  });

  it("issue 32: writes each task's unique code and its summaries (Ubicación), without the project's own row", () => {
    const built = current.map((entry) => ({
      ...entry,
      sourceKey: { 10: 'edp:1', 14: 'edp:3', 11: 'edp:2', 12: 'edc:2:act1', 13: 'edc:2:act2' }[entry.TaskID] as string,
    }));
    expect(ganttSheetRows(built).map((row) => [row.id, row.code, row.parents])).toEqual([
      [1, 'P', ''],
      [2, 'P.2', ''],
      [3, 'P.1', ''],
      [4, 'P.1.ACT1', 'Tarea P.1'],
      [5, 'P.1.ACT2', 'Tarea P.1'],
    ]);
  });
});

describe('issue 32: a Gantt sheet with unique codes, and one written before them', () => {
  const built = current.map((entry) => ({
    ...entry,
    sourceKey: { 10: 'edp:1', 14: 'edp:3', 11: 'edp:2', 12: 'edc:2:act1', 13: 'edc:2:act2' }[entry.TaskID] as string,
  }));

  it('reads its own sheet back by unique code, with the Ubicación column beside', () => {
    const rows = sheetOf(ganttSheetRows(built)).map((row, index) => ({
      ...row,
      cells: [...row.cells, index === 0 ? 'Ubicación' : 'Torre'],
    }));
    // ACT2 moved to the top and given 8 days: still found by its unique code
    const moved = rows.splice(5, 1)[0] as SheetRow;
    const act2 = { ...moved, cells: moved.cells.map((cell, index) => (index === 5 ? 8 : cell)) };
    rows.splice(1, 0, act2);
    const result = ganttUpdatesFromRows(rows, built);
    expect(result.errors).toEqual([]);
    expect(result.counts).toEqual({ updated: 1, added: 0, unchanged: 4 });
    expect(result.activities.find((activity) => activity.TaskID === 13)).toMatchObject({
      Duration: 8,
      TaskCode: 'ACT2',
    });
  });

  it('still reads a sheet written before (own codes, no Ubicación), and a new row under a unique code', () => {
    const rows = sheetOf(ganttSheetRows(current));
    rows.push({ row: 7, cells: [6, 'P.1.ACT9', 'Descimbrar', null, null, 3, 0, '5', 0, 'No'] });
    const result = ganttUpdatesFromRows(rows, built);
    expect(result.errors).toEqual([]);
    expect(result.counts).toEqual({ updated: 0, added: 1, unchanged: 5 });
    expect(result.activities.at(-1)).toMatchObject({ TaskCode: 'P.1.ACT9', ParentId: 11, Predecessor: '13FS' });
  });
});

describe('parseSheetPredecessors', () => {
  it("reads English and MS Project's Spanish link types and lags written in several ways", () => {
    expect(parseSheetPredecessors('3FS+2, 5ss; 6FC+2 días;7cc-1;8FF+3d;9CF;10SF+4 d ; 11')).toEqual({
      ok: true,
      links: [
        { sheetId: 3, type: 'FS', lag: 2 },
        { sheetId: 5, type: 'SS', lag: 0 },
        { sheetId: 6, type: 'FS', lag: 2 },
        { sheetId: 7, type: 'SS', lag: -1 },
        { sheetId: 8, type: 'FF', lag: 3 },
        { sheetId: 9, type: 'SF', lag: 0 },
        { sheetId: 10, type: 'SF', lag: 4 },
        { sheetId: 11, type: 'FS', lag: 0 },
      ],
    });
    expect(parseSheetPredecessors('')).toEqual({ ok: true, links: [] });
  });

  it('names a faulty entry, a repeated Id and a lag out of range', () => {
    expect(parseSheetPredecessors('3FS+2,tres')).toEqual({
      ok: false,
      error:
        'la predecesora «tres» no es válida (ejemplos: 3, 3FS+2, 5CC, 7FF-1: el Id de la fila, el tipo y el desfase en días)',
    });
    expect(parseSheetPredecessors('3,3SS')).toEqual({ ok: false, error: 'la predecesora 3 aparece dos veces' });
    expect(parseSheetPredecessors('3FS+20000')).toEqual({
      ok: false,
      error: 'en «3FS+20000» el desfase debe estar entre -10000 y 10000 días',
    });
  });
});

describe('ganttUpdatesFromRows', () => {
  it('reads an exported sheet back with nothing to update', () => {
    const result = ganttUpdatesFromRows(sheetOf(ganttSheetRows(current)), current);
    expect(result.errors).toEqual([]);
    expect(result.counts).toEqual({ updated: 0, added: 0, unchanged: 5 });
    expect(result.rows).toBe(5);
    // the whole list, in tree order, each StartDate its start no earlier than, generated flags kept
    expect(result.activities).toEqual([
      expect.objectContaining({ TaskID: 10, StartDate: '2026-03-02', ParentId: null }),
      expect.objectContaining({ TaskID: 14, StartDate: '2026-03-02', Predecessor: '13FS+1', ParentId: 10 }),
      expect.objectContaining({ TaskID: 11 }),
      expect.objectContaining({ TaskID: 12, Progress: 50 }),
      expect.objectContaining({ TaskID: 13, Predecessor: '12FS', generatedPredecessors: [12] }),
    ]);
  });

  it('updates duration, predecessors and start by code, keeps progress (Avance is not read); a summary keeps its computed duration and start', () => {
    const result = ganttUpdatesFromRows(
      edited({
        1: { Duración: 99, Inicio: new Date('2026-05-04T00:00:00Z') }, // summary: ignored, unchanged
        2: { Predecesoras: '4CC+2' }, // P.2: now after ACT1 start-to-start
        4: { Duración: '8 días', Avance: '75%' }, // ACT1: Avance ignored (issue 15: progress goes in at a cut-off)
        5: { Inicio: '16-03-2026' }, // ACT2: a start no earlier than
      }),
      current,
    );
    expect(result.errors).toEqual([]);
    expect(result.counts).toEqual({ updated: 3, added: 0, unchanged: 2 });
    const byId = new Map(result.activities.map((activity) => [activity.TaskID, activity]));
    expect(byId.get(10)).toMatchObject({ Duration: 20, StartDate: '2026-03-02' });
    expect(byId.get(14)).toMatchObject({ Predecessor: '12SS+2', StartDate: '2026-03-02' });
    expect(byId.get(14)?.generatedPredecessors).toBeUndefined();
    expect(byId.get(12)).toMatchObject({ Duration: 8, Progress: 50 });
    // the predecessors of ACT2 did not change: its generated link stays generated
    expect(byId.get(13)).toMatchObject({ StartDate: '2026-03-16', Predecessor: '12FS', generatedPredecessors: [12] });
  });

  it('keeps a generated link generated only while it is the same link', () => {
    const changed = ganttUpdatesFromRows(edited({ 5: { Predecesoras: '4FS+1' } }), current);
    expect(changed.activities.find((activity) => activity.TaskID === 13)).toMatchObject({
      Predecessor: '12FS+1',
      generatedPredecessors: [],
    });
    const added = ganttUpdatesFromRows(
      edited({ 5: { Predecesoras: '4FS;6SS' } }, [[6, 'Q', 'Previa', '', '', 2]]),
      current,
    );
    expect(added.errors).toEqual([]);
    expect(added.activities.find((activity) => activity.TaskID === 13)).toMatchObject({
      Predecessor: '12FS,15SS',
      generatedPredecessors: [12],
    });
  });

  it('adds rows with unknown codes as new tasks under the longest dot-prefix code, or at the top', () => {
    const result = ganttUpdatesFromRows(
      edited({}, [
        [6, 'P.1.9', 'Curado', '', '', 3, '', '5FC+1'],
        [7, 'P.1.9.1', 'Ensayo', new Date('2026-04-01T00:00:00Z'), '', '', 10, '6'],
        [8, 'Z', 'Entrega', '', '', 0, '', '2'],
      ]),
      current,
    );
    expect(result.errors).toEqual([]);
    expect(result.counts).toEqual({ updated: 0, added: 3, unchanged: 5 });
    expect(result.activities.map((activity) => [activity.TaskID, activity.ParentId ?? null])).toEqual([
      [10, null],
      [14, 10],
      [11, 10],
      [12, 11],
      [13, 11],
      [15, 11],
      [16, 15],
      [17, null],
    ]);
    expect(result.activities.slice(5)).toEqual([
      {
        TaskID: 15,
        TaskCode: 'P.1.9',
        TaskName: 'Curado',
        StartDate: '2026-03-02', // the parent's start no earlier than
        Duration: 3,
        Progress: 0,
        ParentId: 11,
        Predecessor: '13FS+1',
      },
      {
        TaskID: 16,
        TaskCode: 'P.1.9.1',
        TaskName: 'Ensayo',
        StartDate: '2026-04-01',
        Duration: 5,
        Progress: 0, // the row's Avance is not read
        ParentId: 15,
        Predecessor: '15FS',
      },
      {
        TaskID: 17,
        TaskCode: 'Z',
        TaskName: 'Entrega',
        StartDate: '2026-03-02',
        Duration: 0,
        Progress: 0,
        ParentId: null,
        Predecessor: '14FS',
      },
    ]);
  });

  it('lists every error of every row, naming the row and the column', () => {
    const result = ganttUpdatesFromRows(
      edited(
        {
          2: { Predecesoras: '2' }, // row 3: itself
          3: { Predecesoras: '44FS' }, // row 4: unknown Id
          4: { Duración: 2.5, Avance: 120 }, // row 5 (its Avance is not read: no error for it)
          5: { Inicio: '31-02-2026', Duración: 'cinco' }, // row 6
        },
        [
          [5, 'NEW', 'Repite Id'], // row 7
          [6, 'ACT1', 'Repite código'], // row 8
          ['', 'X', 'Sin Id'], // row 9
          [9, 'Y', ''], // row 10: a new task needs a name
          [10, 'W', 'Rara', '', '', -1, '', '3XX'], // row 11
        ],
      ),
      current,
    );
    expect(result.activities).toEqual([]);
    expect(result.counts).toEqual({ updated: 0, added: 0, unchanged: 0 });
    expect(result.errors).toEqual([
      { row: 3, field: 'Predecesoras', message: 'Fila 3: la tarea no puede ser su propia predecesora (Id 2)' },
      { row: 4, field: 'Predecesoras', message: 'Fila 4: la predecesora 44 no es el Id de ninguna fila de la hoja' },
      {
        row: 5,
        field: 'Duración',
        message: 'Fila 5: la duración «2.5» debe ser un número entero de días hábiles entre 0 y 10.000',
      },
      { row: 6, field: 'Inicio', message: 'Fila 6: la fecha «31-02-2026» no es válida; escríbela como dd-mm-aaaa' },
      {
        row: 6,
        field: 'Duración',
        message: 'Fila 6: la duración «cinco» debe ser un número entero de días hábiles entre 0 y 10.000',
      },
      { row: 7, field: 'Id', message: 'Fila 7: el Id 5 está repetido (ya está en la fila 6)' },
      { row: 8, field: 'Código', message: 'Fila 8: el código ACT1 está repetido (ya está en la fila 5)' },
      { row: 9, field: 'Id', message: 'Fila 9: el Id es obligatorio' },
      { row: 10, field: 'Nombre', message: 'Fila 10: el nombre es obligatorio para una tarea nueva' },
      {
        row: 11,
        field: 'Duración',
        message: 'Fila 11: la duración «-1» debe ser un número entero de días hábiles entre 0 y 10.000',
      },
      {
        row: 11,
        field: 'Predecesoras',
        message:
          'Fila 11: la predecesora «3XX» no es válida (ejemplos: 3, 3FS+2, 5CC, 7FF-1: el Id de la fila, el tipo y el desfase en días)',
      },
    ]);
  });

  it('refuses a new task whose code or name has a control character, naming the row and column (issue 17)', () => {
    const result = ganttUpdatesFromRows(
      edited({}, [
        [6, 'P.1.9', 'Cu\u0000rado', '', '', 3, '', ''], // row 7
        [7, 'P.1.9\u0007', 'Ensayo', '', '', 3, '', ''], // row 8
        [8, 'Z', 'Entrega\tfinal', '', '', 0, '', ''], // row 9: a tab is text
      ]),
      current,
    );
    expect(result.activities).toEqual([]);
    expect(result.errors).toEqual([
      {
        row: 7,
        field: 'Nombre',
        message: 'Fila 7: el nombre contiene un carácter de control (U+0000, NUL); quítalo del libro',
      },
      {
        row: 8,
        field: 'Código',
        message: 'Fila 8: el código contiene un carácter de control (U+0007); quítalo del libro',
      },
    ]);
  });

  it('reads a partial sheet: columns left out and tasks without a row stay as they are, with their links', () => {
    const rows: SheetRow[] = [
      { row: 1, cells: ['Título del informe'] },
      { row: 2, cells: ['codigo', 'ID', 'NOMBRE', 'Duracion'] },
      { row: 3, cells: ['ACT2', 1, 'Hormigonar', 7] },
    ];
    const result = ganttUpdatesFromRows(rows, current);
    expect(result.errors).toEqual([]);
    expect(result.counts).toEqual({ updated: 1, added: 0, unchanged: 0 });
    expect(result.activities).toHaveLength(5);
    expect(result.activities.find((activity) => activity.TaskID === 13)).toMatchObject({
      Duration: 7,
      Predecessor: '12FS',
      StartDate: '2026-03-02',
      TaskName: 'Tarea ACT2', // names come from the EDP and EDC, not from the sheet
    });
    // a Predecesoras column that leaves out a link from a task without a row keeps that link
    const linked = ganttUpdatesFromRows(
      [
        { row: 1, cells: ['Id', 'Código', 'Nombre', 'Predecesoras'] },
        { row: 2, cells: [1, 'ACT2', 'x', ''] },
      ],
      current,
    );
    expect(linked.counts).toEqual({ updated: 0, added: 0, unchanged: 1 });
  });

  it('refuses a sheet without Id or Código, an empty one and one with too many rows', () => {
    expect(ganttUpdatesFromRows([{ row: 1, cells: ['Código', 'Nombre'] }], current).errors).toEqual([
      {
        row: 1,
        field: 'Id',
        message: 'Fila 1: falta la columna Id; la fila de títulos debe tener Id, Código y Nombre',
      },
    ]);
    expect(ganttUpdatesFromRows([{ row: 1, cells: TITLES }], current).errors).toEqual([
      { row: 2, field: 'Código', message: 'Fila 2: el libro no tiene tareas bajo la fila de títulos' },
    ]);
    const many: SheetRow[] = [{ row: 1, cells: TITLES }];
    for (let index = 1; index <= MAX_GANTT_TASKS + 1; index += 1)
      many.push({ row: index + 1, cells: [index, `T${index}`, 'x'] });
    const result = ganttUpdatesFromRows(many, current);
    expect(result.errors).toEqual([
      {
        row: MAX_GANTT_TASKS + 2,
        field: 'Id',
        message: 'Fila 100002: el libro tiene 100.001 filas con datos; el Gantt admite como máximo 100.000 tareas',
      },
    ]);
  });

  it('matches a task without a code by the Id the export gave it', () => {
    const withBlank = [...current, task({ TaskID: 20, TaskCode: '', TaskName: 'Sin código' })];
    const rows = sheetOf(ganttSheetRows(withBlank));
    const blankRow = rows.at(-1) as SheetRow;
    rows[rows.length - 1] = { ...blankRow, cells: blankRow.cells.map((cell, index) => (index === 5 ? 9 : cell)) };
    const result = ganttUpdatesFromRows(rows, withBlank);
    expect(result.errors).toEqual([]);
    expect(result.counts).toEqual({ updated: 1, added: 0, unchanged: 5 });
    expect(result.activities.find((activity) => activity.TaskID === 20)?.Duration).toBe(9);
  });
});

describe('ganttUpdatesFromRows and link loops', () => {
  it('refuses predecessors that make a loop, naming its rows', () => {
    // ACT1 (row 5) after ACT2 (row 6), which is already after ACT1
    const result = ganttUpdatesFromRows(edited({ 4: { Predecesoras: '5' } }), current);
    expect(result.activities).toEqual([]);
    expect(result.errors).toEqual([
      { row: 5, field: 'Predecesoras', message: 'Fila 5: las predecesoras forman un ciclo entre las filas 5 y 6' },
    ]);
  });
});

describe('ganttUpdatesFromRows and codes used by several tasks', () => {
  it('matches rows to tasks sharing a code (EDC codes repeat across EDP items) by the Id the export gave them', () => {
    const tasks: GanttTask[] = [
      task({ TaskID: 1, TaskCode: 'P.1', isSummary: true }),
      task({ TaskID: 2, TaskCode: 'ACT1', ParentId: 1 }),
      task({ TaskID: 3, TaskCode: 'P.2', isSummary: true }),
      task({ TaskID: 4, TaskCode: 'ACT1', ParentId: 3 }),
    ];
    const rows = sheetOf(ganttSheetRows(tasks));
    const second = rows[4] as SheetRow;
    rows[4] = { ...second, cells: second.cells.map((cell, index) => (index === 5 ? 9 : cell)) };
    const result = ganttUpdatesFromRows(rows, tasks);
    expect(result.errors).toEqual([]);
    expect(result.counts).toEqual({ updated: 1, added: 0, unchanged: 3 });
    expect(result.activities.map((activity) => [activity.TaskID, activity.Duration])).toEqual([
      [1, 5],
      [2, 5],
      [3, 5],
      [4, 9],
    ]);
    // a third row with the code is one too many
    const extra = [...rows, { row: 6, cells: [5, 'ACT1', 'Otra'] }];
    expect(ganttUpdatesFromRows(extra, tasks).errors).toEqual([
      { row: 6, field: 'Código', message: 'Fila 6: el código ACT1 está repetido (ya está en la fila 3)' },
    ]);
  });
});

describe('ganttUpdatesFromRows at the largest size', () => {
  // what it proves is the answer at the largest size; how fast is the benches' (importGantt), so the
  // test allows a loaded 2-core machine's time (it took 5.1 s in CI beside the other projects)
  it('reads back a table of 100,000 tasks sharing ten codes', { timeout: 60_000 }, () => {
    const tasks: GanttTask[] = Array.from({ length: MAX_GANTT_TASKS }, (_, index) =>
      task({ TaskID: index + 1, TaskCode: `ACT${index % 10}` }),
    );
    const rows = sheetOf(ganttSheetRows(tasks));
    // the last row's Id no longer matches its place: it still finds the one task left with its code
    const last = rows.at(-1) as SheetRow;
    rows[rows.length - 1] = {
      ...last,
      cells: last.cells.map((cell, index) => (index === 0 ? 200_000 : index === 5 ? 6 : cell)),
    };
    const result = ganttUpdatesFromRows(rows, tasks);
    expect(result.errors).toEqual([]);
    expect(result.counts).toEqual({ updated: 1, added: 0, unchanged: MAX_GANTT_TASKS - 1 });
    expect(result.activities.at(-1)).toMatchObject({ TaskID: MAX_GANTT_TASKS, Duration: 6 });
  });
});
