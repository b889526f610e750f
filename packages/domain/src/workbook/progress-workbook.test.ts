import { describe, expect, it } from 'vitest';
import type { GanttTask } from '../functions/gantt-contracts';
import { progressEntriesFromRows, progressSheetRows } from './progress-workbook';
import type { ProgressSheetRow } from './progress-workbook';
import type { SheetCell, SheetRow } from './sheet-rows';

function task(fields: Partial<GanttTask> & Pick<GanttTask, 'TaskID' | 'TaskCode'>): GanttTask {
  return {
    TaskName: `Tarea ${fields.TaskCode}`,
    StartDate: '2026-03-02',
    StartNoEarlierThan: '2026-03-02',
    EndDate: '2026-03-06',
    Duration: 5,
    Progress: 0,
    Predecessor: '',
    totalFloat: 0,
    critical: false,
    isSummary: false,
    ...fields,
  };
}

/**
 * P (10) · P.1 (11) · ACT1 (12, done) · ACT2 (13, 40 %) · P.2 (14) · ACT1 (15) · ACT2 (16): the EDC
 * codes repeat under each EDP item; P.2's tasks are newer than the baseline. Listed out of tree
 * order on purpose (P.2 before P.1's tasks).
 */
const current: GanttTask[] = [
  task({ TaskID: 10, TaskCode: 'P', TaskName: 'Proyecto', isSummary: true, Duration: 20, EndDate: '2026-03-27' }),
  task({ TaskID: 11, TaskCode: 'P.1', TaskName: 'Piso 1', ParentId: 10, isSummary: true, EndDate: '2026-03-13' }),
  task({ TaskID: 14, TaskCode: 'P.2', TaskName: 'Piso 2', ParentId: 10, isSummary: true, StartDate: '2026-03-16' }),
  task({
    TaskID: 12,
    TaskCode: 'ACT1',
    TaskName: 'Excavar',
    ParentId: 11,
    Progress: 100,
    ActualStart: '2026-03-02',
    ActualFinish: '2026-03-06',
    status: 'done',
    BaselineStart: '2026-03-02',
    BaselineFinish: '2026-03-06',
    BaselineDuration: 5,
  }),
  task({
    TaskID: 13,
    TaskCode: 'ACT2',
    TaskName: 'Hormigonar',
    ParentId: 11,
    StartDate: '2026-03-09',
    EndDate: '2026-03-13',
    Progress: 40,
    ActualStart: '2026-03-09',
    status: 'started',
    BaselineStart: '2026-03-05',
    BaselineFinish: '2026-03-11',
    BaselineDuration: 5,
  }),
  task({
    TaskID: 15,
    TaskCode: 'ACT1',
    TaskName: 'Excavar',
    ParentId: 14,
    StartDate: '2026-03-16',
    EndDate: '2026-03-20',
  }),
  task({
    TaskID: 16,
    TaskCode: 'ACT2',
    TaskName: 'Hormigonar',
    ParentId: 14,
    StartDate: '2026-03-23',
    EndDate: '2026-03-27',
  }),
];

const TITLES = ['Código', 'Nombre', 'Inicio', 'Fin', 'Inicio LB', 'Fin LB', 'Avance %', 'Inicio real', 'Fin real'];
const CUTOFF = '2026-03-16';

const day = (iso: string | undefined): SheetCell => (iso === undefined ? null : new Date(`${iso}T00:00:00Z`));

/** The sheet exportProgress writes, as readWorkbookSheet reads it back. */
function sheetOf(rows: readonly ProgressSheetRow[]): SheetRow[] {
  return [
    { row: 1, cells: TITLES },
    ...rows.map((row, index) => ({
      row: index + 2,
      cells: [
        row.code,
        row.name,
        day(row.start),
        day(row.finish),
        day(row.baselineStart),
        day(row.baselineFinish),
        row.progress,
        day(row.actualStart),
        day(row.actualFinish),
      ],
    })),
  ];
}

/** A sheet of Código, Avance %, Inicio real, Fin real from row 1. */
function shortSheet(rows: SheetCell[][]): SheetRow[] {
  return [['Código', 'Avance %', 'Inicio real', 'Fin real'], ...rows].map((cells, index) => ({
    row: index + 1,
    cells,
  }));
}

describe('progressSheetRows', () => {
  it('lists the leaves in Gantt order with scheduled, baseline and actual dates and their progress', () => {
    expect(progressSheetRows(current)).toEqual([
      {
        id: 3,
        code: 'ACT1',
        name: 'Excavar',
        parents: 'Piso 1',
        start: '2026-03-02',
        finish: '2026-03-06',
        baselineStart: '2026-03-02',
        baselineFinish: '2026-03-06',
        progress: 100,
        actualStart: '2026-03-02',
        actualFinish: '2026-03-06',
      },
      {
        id: 4,
        code: 'ACT2',
        name: 'Hormigonar',
        parents: 'Piso 1',
        start: '2026-03-09',
        finish: '2026-03-13',
        baselineStart: '2026-03-05',
        baselineFinish: '2026-03-11',
        progress: 40,
        actualStart: '2026-03-09',
      },
      // tasks typed by hand with the same codes: made unique (issue 32)
      {
        id: 6,
        code: 'ACT1-2',
        name: 'Excavar',
        parents: 'Piso 2',
        start: '2026-03-16',
        finish: '2026-03-20',
        progress: 0,
      },
      {
        id: 7,
        code: 'ACT2-2',
        name: 'Hormigonar',
        parents: 'Piso 2',
        start: '2026-03-23',
        finish: '2026-03-27',
        progress: 0,
      },
    ]);
  });
});

describe('issue 32: unique codes, Id and Ubicación in the progress sheet', () => {
  // the same Gantt built from the EDP and EDC: P.1's and P.2's activities are ACT1 and ACT2 both
  const built = current.map((entry) => ({
    ...entry,
    sourceKey:
      entry.TaskID === 10
        ? 'edp:1'
        : entry.TaskID === 11
          ? 'edp:2'
          : entry.TaskID === 14
            ? 'edp:3'
            : `edc:${entry.ParentId === 11 ? 2 : 3}:${entry.TaskCode.toLowerCase()}`,
  }));

  it("writes each leaf's unique code, its row Id in the Gantt and its summaries", () => {
    expect(progressSheetRows(built).map((row) => [row.id, row.code, row.parents])).toEqual([
      [3, 'P.1.ACT1', 'Piso 1'],
      [4, 'P.1.ACT2', 'Piso 1'],
      [6, 'P.2.ACT1', 'Piso 2'],
      [7, 'P.2.ACT2', 'Piso 2'],
    ]);
  });

  it('reads its own sheet back by unique code, whatever the order of its rows and its extra columns', () => {
    const rows = progressSheetRows(built);
    const titles = [...TITLES, 'Id', 'Ubicación'];
    const sheet: SheetRow[] = [
      { row: 1, cells: titles },
      ...[...rows].reverse().map((row, index) => ({
        row: index + 2,
        cells: [
          row.code,
          row.name,
          null,
          null,
          null,
          null,
          row.code === 'P.2.ACT1' ? 30 : row.progress,
          day(row.code === 'P.2.ACT1' ? '2026-03-16' : row.actualStart),
          day(row.actualFinish),
          row.id,
          row.parents,
        ] as SheetCell[],
      })),
    ];
    const result = progressEntriesFromRows(sheet, built, CUTOFF);
    expect(result.errors).toEqual([]);
    expect(result.entries).toEqual([{ TaskID: 15, ActualStart: '2026-03-16', Progress: 30 }]);
    expect(result.counts).toEqual({ updated: 1, unchanged: 3 });
  });

  it('still reads a sheet written before unique codes (own codes, no Id or Ubicación)', () => {
    const sheet: SheetRow[] = [
      { row: 1, cells: TITLES },
      {
        row: 2,
        cells: ['ACT1', 'Excavar', day('2026-03-16'), day('2026-03-20'), null, null, 30, day('2026-03-16'), null],
      },
      {
        row: 3,
        cells: [
          'ACT1',
          'Excavar',
          day('2026-03-02'),
          day('2026-03-06'),
          null,
          null,
          100,
          day('2026-03-02'),
          day('2026-03-06'),
        ],
      },
    ];
    const result = progressEntriesFromRows(sheet, built, CUTOFF);
    expect(result.errors).toEqual([]);
    expect(result.entries).toEqual([{ TaskID: 15, ActualStart: '2026-03-16', Progress: 30 }]);
  });
});

describe('progressEntriesFromRows', () => {
  it('reads its own export back with nothing to send', () => {
    expect(progressEntriesFromRows(sheetOf(progressSheetRows(current)), current, CUTOFF)).toEqual({
      rows: 4,
      entries: [],
      errors: [],
      counts: { updated: 0, unchanged: 4 },
    });
  });

  it('reads a filled sheet: columns in any order among others, codes in any case, numbers and dates as text', () => {
    const rows: SheetRow[] = [
      { row: 1, cells: ['Avance de obra, corte 16-03-2026'] },
      { row: 3, cells: ['Notas', 'Fin real', 'CÓDIGO', 'Inicio real', 'avance %', 'Nombre'] },
      { row: 4, cells: ['', day('2026-03-06'), 'ACT1', day('2026-03-02'), 100, 'Excavar'] }, // as it is
      { row: 5, cells: ['terminada', '13-03-2026', ' act2 ', day('2026-03-09'), '100 %', 'Hormigonar'] },
      { row: 6, cells: [null, null, 'Act1', '2026-03-16', '45,5', 'Excavar (Piso 2)'] },
      { row: 8, cells: ['sin empezar', null, 'ACT2', null, null, 'Hormigonar'] }, // blank: 0 %, as it is
    ];
    expect(progressEntriesFromRows(rows, current, CUTOFF)).toEqual({
      rows: 4,
      entries: [
        { TaskID: 13, ActualStart: '2026-03-09', ActualFinish: '2026-03-13', Progress: 100 },
        { TaskID: 15, ActualStart: '2026-03-16', Progress: 45.5 },
      ],
      errors: [],
      counts: { updated: 2, unchanged: 2 },
    });
  });

  it('clears what a blank cell leaves out, and reads 45, 45 % and a plain number alike', () => {
    const result = progressEntriesFromRows(
      shortSheet([
        ['ACT1', 100, '02-03-2026', '06-03-2026'],
        ['ACT2', 0, null, null], // was 40 % started on 9 March: cleared
        ['ACT1', '45 %', '16-03-2026', null],
        ['ACT2', 12.5, '16/03/2026', ''],
      ]),
      current,
      CUTOFF,
    );
    expect(result.errors).toEqual([]);
    expect(result.entries).toEqual([
      { TaskID: 13, Progress: 0 },
      { TaskID: 15, ActualStart: '2026-03-16', Progress: 45 },
      { TaskID: 16, ActualStart: '2026-03-16', Progress: 12.5 },
    ]);
    expect(result.counts).toEqual({ updated: 3, unchanged: 1 });
  });

  it("does not check again a row that changes nothing (what is stored stays, even if it broke today's rules)", () => {
    const legacy = current.map((one) => (one.TaskID === 15 ? { ...one, Progress: 30 } : one));
    expect(
      progressEntriesFromRows(
        shortSheet([
          ['ACT1', 100, day('2026-03-02'), day('2026-03-06')],
          ['ACT1', 30, null, null],
        ]),
        legacy,
        CUTOFF,
      ),
    ).toEqual({
      rows: 2,
      entries: [],
      errors: [],
      counts: { updated: 0, unchanged: 2 },
    });
  });

  it('tells apart leaves that share a code by Nombre, Inicio and Fin, so a sorted or shortened sheet finds its tasks', () => {
    const sorted: SheetRow[] = [
      { row: 1, cells: TITLES },
      // Piso 2's ACT2 first, then Piso 2's ACT1, then Piso 1's ACT2 as it is; Piso 1's ACT1 left out
      { row: 2, cells: ['ACT2', 'Hormigonar', day('2026-03-23'), day('2026-03-27'), null, null, 10, '16-03-2026'] },
      { row: 3, cells: ['ACT1', 'Excavar', day('2026-03-16'), day('2026-03-20'), null, null, 5, '16-03-2026'] },
      {
        row: 4,
        cells: ['ACT2', 'Hormigonar', day('2026-03-09'), day('2026-03-13'), null, null, 40, day('2026-03-09')],
      },
    ];
    expect(progressEntriesFromRows(sorted, current, CUTOFF)).toEqual({
      rows: 3,
      entries: [
        { TaskID: 16, ActualStart: '2026-03-16', Progress: 10 },
        { TaskID: 15, ActualStart: '2026-03-16', Progress: 5 },
      ],
      errors: [],
      counts: { updated: 2, unchanged: 1 },
    });
  });

  it('reads back the row of a task without a code, by its name', () => {
    const uncoded = [
      task({ TaskID: 1, TaskCode: '', TaskName: 'Limpieza final' }),
      task({ TaskID: 2, TaskCode: '', TaskName: 'Aseo' }),
    ];
    const result = progressEntriesFromRows(
      [
        { row: 1, cells: ['Código', 'Nombre', 'Avance %', 'Inicio real', 'Fin real'] },
        { row: 2, cells: [null, 'Aseo', 50, '02-03-2026'] },
        { row: 3, cells: [null, 'Limpieza final', 0] },
        { row: 4, cells: [null, 'Otra', 10, '02-03-2026'] },
      ],
      uncoded,
      CUTOFF,
    );
    expect(result.errors).toEqual([{ row: 4, field: 'Código', message: 'Fila 4: falta el código de la tarea' }]);
    const fixed = progressEntriesFromRows(
      [
        { row: 1, cells: ['Código', 'Nombre', 'Avance %', 'Inicio real', 'Fin real'] },
        { row: 2, cells: [null, 'Aseo', 50, '02-03-2026'] },
        { row: 3, cells: [null, 'Limpieza final', 0] },
      ],
      uncoded,
      CUTOFF,
    );
    expect(fixed).toEqual({
      rows: 2,
      entries: [{ TaskID: 2, ActualStart: '2026-03-02', Progress: 50 }],
      errors: [],
      counts: { updated: 1, unchanged: 1 },
    });
  });

  it('lists every error on its row and column, and sends nothing', () => {
    const result = progressEntriesFromRows(
      shortSheet([
        ['ACT9', 10, '02-03-2026', null], // 2: unknown
        ['P.1', 50, '02-03-2026', null], // 3: a summary
        ['ACT1', 100, '02-03-2026', '06-03-2026'], // 4: first ACT1, as it is
        ['ACT1', 'cuarenta', '31-02-2026', null], // 5: a bad number, a bad date
        ['ACT1', 10, '16-03-2026', null], // 6: a third ACT1
        [null, 10, null, null], // 7: no code
        ['ACT2', 100, '10-03-2026', '09-03-2026'], // 8: finish before start
        ['ACT2', 100, '16-03-2026', null], // 9: 100 % without a finish (second ACT2)
      ]),
      current,
      CUTOFF,
    );
    expect(result.entries).toEqual([]);
    expect(result.counts).toEqual({ updated: 0, unchanged: 0 });
    expect(result.rows).toBe(8);
    expect(result.errors).toEqual([
      { row: 2, field: 'Código', message: 'Fila 2: el código ACT9 no es una tarea del Gantt' },
      { row: 3, field: 'Código', message: 'Fila 3: P.1 es un resumen: su avance se calcula de sus tareas' },
      { row: 5, field: 'Avance %', message: 'Fila 5: el avance «cuarenta» debe ser un número entre 0 y 100' },
      {
        row: 5,
        field: 'Inicio real',
        message: 'Fila 5: la fecha «31-02-2026» no es válida; escríbela como dd-mm-aaaa',
      },
      {
        row: 6,
        field: 'Código',
        message: 'Fila 6: el código ACT1 está repetido: sus 2 tareas del Gantt ya están en las filas 4 y 5',
      },
      { row: 7, field: 'Código', message: 'Fila 7: falta el código de la tarea' },
      {
        row: 8,
        field: 'Fin real',
        message: 'Fila 8: ACT2 «Hormigonar»: el fin real no puede ser anterior al inicio real',
      },
      { row: 9, field: 'Fin real', message: 'Fila 9: ACT2 «Hormigonar»: el 100 % necesita el fin real' },
    ]);
  });

  it('checks each changed row as saveProgress would: dates after the cut-off, progress without a start, out of range', () => {
    const result = progressEntriesFromRows(
      shortSheet([
        ['ACT1', 100, '02-03-2026', '17-03-2026'], // after the cut-off
        ['ACT2', 150, '09-03-2026', null],
        ['ACT1', 20, null, null], // progress without a start
        ['ACT2', 0, '2026-03-20', null], // a start after the cut-off
      ]),
      current,
      CUTOFF,
    );
    expect(result.errors.map((error) => [error.row, error.field, error.message])).toEqual([
      [2, 'Fin real', 'Fila 2: ACT1 «Excavar»: el fin real no puede ser posterior a la fecha de corte (16-03-2026)'],
      [3, 'Avance %', 'Fila 3: el avance «150» debe ser un número entre 0 y 100'],
      [4, 'Inicio real', 'Fila 4: ACT1 «Excavar»: un avance mayor que 0 necesita el inicio real'],
      [
        5,
        'Inicio real',
        'Fila 5: ACT2 «Hormigonar»: el inicio real no puede ser posterior a la fecha de corte (16-03-2026)',
      ],
    ]);
  });

  it('names the missing columns, or asks for the header row when there is none', () => {
    expect(
      progressEntriesFromRows(
        [
          { row: 1, cells: ['Código', 'Nombre', 'Avance %'] },
          { row: 2, cells: ['ACT1', 'Excavar', 100] },
        ],
        current,
        CUTOFF,
      ).errors,
    ).toEqual([
      {
        row: 1,
        field: 'Inicio real',
        message:
          'Fila 1: faltan las columnas Inicio real y Fin real; la fila de títulos debe tener Código, Avance %, Inicio real y Fin real',
      },
    ]);
    expect(progressEntriesFromRows([{ row: 1, cells: ['a', 'b'] }], current, CUTOFF)).toEqual({
      rows: 0,
      entries: [],
      errors: [
        {
          row: 1,
          field: 'Código',
          message:
            'Fila 1: no se encontró la fila de títulos; la hoja debe tener las columnas Código, Avance %, Inicio real y Fin real',
        },
      ],
      counts: { updated: 0, unchanged: 0 },
    });
    expect(progressEntriesFromRows(shortSheet([]), current, CUTOFF).errors).toEqual([
      { row: 2, field: 'Código', message: 'Fila 2: el libro no tiene tareas bajo la fila de títulos' },
    ]);
  });
});
