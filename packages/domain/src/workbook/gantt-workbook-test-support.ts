import type { GanttTask } from '../functions/gantt-contracts';
import type { GanttSheetRow } from './gantt-workbook';
import type { SheetCell, SheetRow } from './sheet-rows';

/** Shared by the Gantt workbook's tests (gantt-workbook.test.ts, gantt-workbook-resources.test.ts). */

export function task(fields: Partial<GanttTask> & Pick<GanttTask, 'TaskID' | 'TaskCode'>): GanttTask {
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
 * P (10, summary) · P.1 (11, summary) · ACT1 (12) · ACT2 (13, 12FS, generated) · P.2 (14, after
 * 13 with a lag, pushed to 03-23 from its own 03-02); listed out of tree order on purpose (14 before 11).
 */
export const current: GanttTask[] = [
  task({ TaskID: 10, TaskCode: 'P', isSummary: true, Duration: 20, EndDate: '2026-03-27', critical: true }),
  task({
    TaskID: 14,
    TaskCode: 'P.2',
    ParentId: 10,
    StartDate: '2026-03-23',
    EndDate: '2026-03-27',
    Predecessor: '13FS+1',
    critical: true,
  }),
  task({ TaskID: 11, TaskCode: 'P.1', ParentId: 10, isSummary: true, Duration: 10, EndDate: '2026-03-13' }),
  task({ TaskID: 12, TaskCode: 'ACT1', ParentId: 11, Progress: 50, critical: true }),
  task({
    TaskID: 13,
    TaskCode: 'ACT2',
    ParentId: 11,
    StartDate: '2026-03-09',
    EndDate: '2026-03-13',
    Predecessor: '12FS',
    generatedPredecessors: [12],
    totalFloat: 2,
  }),
];

export const TITLES = [
  'Id',
  'Código',
  'Nombre',
  'Inicio',
  'Fin',
  'Duración',
  'Avance',
  'Predecesoras',
  'Holgura',
  'Crítica',
];

export function sheetOf(rows: readonly GanttSheetRow[]): SheetRow[] {
  return [
    { row: 1, cells: TITLES },
    ...rows.map((row, index) => ({
      row: index + 2,
      cells: [
        row.id,
        row.code,
        row.name,
        new Date(`${row.start}T00:00:00Z`),
        new Date(`${row.finish}T00:00:00Z`),
        row.duration,
        row.progress,
        row.predecessors,
        row.totalFloat,
        row.critical ? 'Sí' : 'No',
      ] as SheetCell[],
    })),
  ];
}
