import type { WorkbookRowError } from '../functions/exchange-contracts';
import { MAX_GANTT_TASKS, MAX_TASK_DURATION } from '../functions/gantt-contracts';
import type { GanttTask } from '../functions/gantt-contracts';
import { formatNumber } from '../format/money';
import { progressEntryErrors } from '../gantt/progress-entries';
import type { ProgressEntry, ProgressEntryError, ProgressTaskInfo } from '../gantt/progress-entries';
import { ganttParentPaths } from '../gantt/row-ids';
import { flattenForest, forestOf } from '../tree/ordered-forest';
import { uniqueCodesOf } from './gantt-workbook';
import {
  cellAt,
  cellDate,
  cellDecimal,
  cellText,
  dataRows,
  findSheetHeader,
  listSpanish,
  rowError,
} from './sheet-rows';
import type { SheetColumn, SheetHeader, SheetRow } from './sheet-rows';

/**
 * Progress by Excel (issue 15): the rows exportProgress writes (one per leaf, in Gantt order, with
 * its scheduled and baseline dates and the progress recorded now) and the rules that read a filled
 * sheet back into saveProgress's entries (importProgress). Only Código, Avance %, Inicio real and
 * Fin real are read; the other columns are there to help whoever fills it. Issue 32: Código is the
 * task's unique code (ganttTaskCodes), with its row number ('Id', as in the Gantt) and its summaries
 * ('Ubicación': tower, floor, component), so every row is identifiable on paper; a sheet written
 * before them (own codes such as ACT3, no Id or Ubicación) still reads back. Pure.
 */

export const PROGRESS_SHEET_NAME = 'Avance';
export const PROGRESS_SHEET_TITLES = {
  id: 'Id',
  code: 'Código',
  name: 'Nombre',
  parents: 'Ubicación',
  start: 'Inicio',
  finish: 'Fin',
  baselineStart: 'Inicio LB',
  baselineFinish: 'Fin LB',
  progress: 'Avance %',
  actualStart: 'Inicio real',
  actualFinish: 'Fin real',
  remaining: 'Duración restante',
} as const;

/** One row of the progress sheet; dates YYYY-MM-DD; absent: none. */
export type ProgressSheetRow = {
  /** issue 32: the task's row number in the Gantt (summaries counted), MS Project's Id */
  id: number;
  /** issue 32: the unique code */
  code: string;
  name: string;
  /** issue 32: the names of its summaries, 'Torre 1 › Piso 3 › Estructura' */
  parents: string;
  /** the scheduled start and finish, as the Gantt shows them now */
  start: string;
  finish: string;
  /** the chosen baseline's dates (absent: no baseline, or the task is newer than it) */
  baselineStart?: string;
  baselineFinish?: string;
  /** 0–100 */
  progress: number;
  actualStart?: string;
  actualFinish?: string;
  /** issue 34: 'Duración restante' as recorded, working days (absent: what the progress leaves) */
  remaining?: number;
};

/** The tasks in Gantt order: depth-first, siblings in list order. */
function ganttOrder(tasks: readonly GanttTask[]): GanttTask[] {
  const nodes = tasks.map((task) =>
    task.ParentId === undefined ? { id: task.TaskID, task } : { id: task.TaskID, parentId: task.ParentId, task },
  );
  return flattenForest(forestOf(nodes)).map((node) => node.task);
}

/** The leaves of a loaded Gantt as the progress sheet lists them. */
export function progressSheetRows(activities: readonly GanttTask[]): ProgressSheetRow[] {
  const codes = uniqueCodesOf(activities);
  const parents = ganttParentPaths(
    activities.map((task) =>
      task.ParentId === undefined
        ? { id: task.TaskID, name: task.TaskName }
        : { id: task.TaskID, parentId: task.ParentId, name: task.TaskName },
    ),
  );
  return ganttOrder(activities)
    .map((task, index) => ({ task, id: index + 1 }))
    .filter(({ task }) => !task.isSummary)
    .map(({ task, id }) => ({
      id,
      code: codes.get(task.TaskID) ?? task.TaskCode,
      name: task.TaskName,
      parents: parents.get(task.TaskID) ?? '',
      start: task.StartDate,
      finish: task.EndDate,
      ...(task.BaselineStart === undefined ? {} : { baselineStart: task.BaselineStart }),
      ...(task.BaselineFinish === undefined ? {} : { baselineFinish: task.BaselineFinish }),
      progress: task.Progress,
      ...(task.ActualStart === undefined ? {} : { actualStart: task.ActualStart }),
      ...(task.ActualFinish === undefined ? {} : { actualFinish: task.ActualFinish }),
      ...(task.RemainingDuration === undefined ? {} : { remaining: task.RemainingDuration }),
    }));
}

// ---------------------------------------------------------------- reading the sheet back

type ProgressColumn = 'code' | 'name' | 'start' | 'finish' | 'progress' | 'actualStart' | 'actualFinish' | 'remaining';

const T = PROGRESS_SHEET_TITLES;

/**
 * Código, Avance %, Inicio real and Fin real are required: a blank cell means none (or 0 %), so a
 * missing column cannot mean "as it is". Nombre, Inicio and Fin only tell apart leaves that share a
 * code.
 */
const PROGRESS_COLUMNS: readonly SheetColumn<ProgressColumn>[] = [
  { key: 'code', title: T.code, aliases: ['Code', 'EDT', 'WBS', 'TaskCode'], required: true },
  { key: 'name', title: T.name, aliases: ['Name', 'Nombre de tarea', 'Tarea'], required: false },
  { key: 'start', title: T.start, aliases: ['Start', 'Comienzo'], required: false },
  { key: 'finish', title: T.finish, aliases: ['Finish', 'Término', 'Termino'], required: false },
  {
    key: 'progress',
    title: T.progress,
    aliases: ['Avance', '% Avance', 'Avance (%)', 'Avance físico', 'Avance físico %', '% completado', 'Progress'],
    required: true,
  },
  {
    key: 'actualStart',
    title: T.actualStart,
    aliases: ['Comienzo real', 'Actual Start', 'Inicio efectivo'],
    required: true,
  },
  {
    key: 'actualFinish',
    title: T.actualFinish,
    aliases: ['Término real', 'Termino real', 'Actual Finish', 'Fin efectivo'],
    required: true,
  },
  // issue 34: optional, so a sheet written before it reads as it did (the stored value stays)
  {
    key: 'remaining',
    title: T.remaining,
    aliases: ['Restante', 'Restante (días)', 'Duración restante (días)', 'Remaining Duration'],
    required: false,
  },
];

export type ProgressImportCounts = { updated: number; unchanged: number };

export type ProgressImportResult = {
  /** data rows read (blank rows left out) */
  rows: number;
  /** the rows that change a task, as saveProgress takes them; empty when there are errors */
  entries: ProgressEntry[];
  errors: WorkbookRowError[];
  /** zero when there are errors */
  counts: ProgressImportCounts;
};

const NO_COUNTS: ProgressImportCounts = { updated: 0, unchanged: 0 };

const FIELD_TITLES: Record<ProgressEntryError['field'], string> = {
  TaskID: T.code,
  Progress: T.progress,
  ActualStart: T.actualStart,
  ActualFinish: T.actualFinish,
  RemainingDuration: T.remaining,
  // issue 34: the workbook has no Resume column (a row never sends one)
  Resume: 'Reanudar',
};

function codeKey(code: string): string {
  return code.trim().toLowerCase();
}

/**
 * issue 34: 'Duración restante' as written: null for a blank cell (what the progress leaves), a
 * whole number of working days 0–MAX_TASK_DURATION, else an error on the row (and null).
 */
function readRemaining(row: SheetRow, header: SheetHeader<ProgressColumn>, errors: WorkbookRowError[]): number | null {
  const cell = cellAt(row, header, 'remaining');
  const value = cellDecimal(cell);
  if (value === undefined) return null;
  if (Number.isNaN(value) || !Number.isInteger(value) || value < 0 || value > MAX_TASK_DURATION) {
    errors.push(
      rowError(
        row.row,
        T.remaining,
        `la duración restante «${cellText(cell)}» debe ser un número entero de días hábiles entre 0 y ${MAX_TASK_DURATION} (vacía: la que deja el avance)`,
      ),
    );
    return null;
  }
  return value;
}

/** A date column's value: YYYY-MM-DD, undefined for a blank cell, or an error. */
function readDate(
  row: SheetRow,
  header: SheetHeader<ProgressColumn>,
  key: 'actualStart' | 'actualFinish',
  errors: WorkbookRowError[],
): string | undefined {
  const cell = cellAt(row, header, key);
  const date = cellDate(cell);
  if (date === null) {
    errors.push(rowError(row.row, T[key], `la fecha «${cellText(cell)}» no es válida; escríbela como dd-mm-aaaa`));
    return undefined;
  }
  return date;
}

/**
 * The progress a filled sheet records at `cutoff`, checked row by row. The header row may be
 * anywhere in the first rows, its columns in any order among others; Código, Avance %, Inicio real
 * and Fin real must be there. Each row is matched to a leaf by Código (trimmed, any case): its
 * unique code first (issue 32). A sheet written before unique codes has the tasks' own codes, which
 * repeat across the Gantt (each EDP item's EDC list has its ACT1): among the leaves that share a
 * code, a row takes the one with its Nombre, Inicio and Fin, else the one with its Nombre, else the
 * first left in Gantt order (the order the export wrote them), so a sorted or shortened sheet still
 * finds its tasks while the schedule is as exported. An unknown code, a summary's code, or a code on
 * more rows than the Gantt has leaves with it is an error. Avance % is a number 0–100 (45,
 * '45', '45 %', '45,5'; a cell formatted as a percentage reads as it shows: 45 %); blank is 0. Inicio
 * real and Fin real are date cells or text dd-mm-aaaa / aaaa-mm-dd; blank is none. A row that
 * changes its task is checked as saveProgress checks an entry (progressEntryErrors at `cutoff`), its
 * errors on its row; a row equal to the task's current progress and actual dates is unchanged, is
 * not checked again (what is stored stays as it is) and is not sent.
 */
export function progressEntriesFromRows(
  rows: readonly SheetRow[],
  activities: readonly GanttTask[],
  cutoff: string,
): ProgressImportResult {
  const found = findSheetHeader(rows, PROGRESS_COLUMNS);
  if (!found.ok) return { rows: 0, entries: [], errors: [found.error], counts: NO_COUNTS };
  const header = found.header;
  const data = dataRows(rows, header);
  if (data.length > MAX_GANTT_TASKS) {
    const first = data[MAX_GANTT_TASKS] as SheetRow;
    return {
      rows: data.length,
      entries: [],
      errors: [
        rowError(
          first.row,
          T.code,
          `el libro tiene ${formatNumber(data.length)} filas con datos; el Gantt admite como máximo ${formatNumber(MAX_GANTT_TASKS)} tareas`,
        ),
      ],
      counts: NO_COUNTS,
    };
  }
  const errors: WorkbookRowError[] = [];
  if (data.length === 0) {
    errors.push(rowError(header.row + 1, T.code, 'el libro no tiene tareas bajo la fila de títulos'));
  }

  const ordered = ganttOrder(activities);
  const uniqueCodes = uniqueCodesOf(activities);
  const summaryCodes = new Set(
    ordered
      .filter((task) => task.isSummary)
      .flatMap((task) => [codeKey(task.TaskCode), codeKey(uniqueCodes.get(task.TaskID) ?? '')]),
  );
  // each row's task: by code; among leaves sharing a code, the one with the row's Nombre, Inicio and
  // Fin, else the row's Nombre, else the first left in Gantt order (as the export wrote them)
  const codes = data.map((row) => cellText(cellAt(row, header, 'code')));
  const names = data.map((row) => codeKey(cellText(cellAt(row, header, 'name'))));
  const spans = data.map(
    (row) => `${cellDate(cellAt(row, header, 'start'))}/${cellDate(cellAt(row, header, 'finish'))}`,
  );
  const matched: (GanttTask | undefined)[] = data.map(() => undefined);
  const used = new Set<number>();
  const leaves = ordered.filter((task) => !task.isSummary);
  const sharedOwnCodes = new Map<string, number>();
  for (const task of leaves)
    sharedOwnCodes.set(codeKey(task.TaskCode), (sharedOwnCodes.get(codeKey(task.TaskCode)) ?? 0) + 1);
  const passes: { ofTask: (task: GanttTask) => string; ofRow: (index: number) => string }[] = [
    // issue 32: the unique code (a task without a code has none: the passes below find it), unless
    // the row's code is an own code several leaves share: a sheet written before, read as it was
    {
      ofTask: (task) => {
        const unique = codeKey(uniqueCodes.get(task.TaskID) ?? '');
        return unique === '' ? '\u0000' : unique;
      },
      ofRow: (index) => {
        const key = codeKey(codes[index] as string);
        return (sharedOwnCodes.get(key) ?? 0) > 1 ? '\u0001' : key;
      },
    },
    {
      ofTask: (task) => `${codeKey(task.TaskCode)}\n${codeKey(task.TaskName)}\n${task.StartDate}/${task.EndDate}`,
      ofRow: (index) => `${codeKey(codes[index] as string)}\n${names[index]}\n${spans[index]}`,
    },
    {
      ofTask: (task) => `${codeKey(task.TaskCode)}\n${codeKey(task.TaskName)}`,
      ofRow: (index) => `${codeKey(codes[index] as string)}\n${names[index]}`,
    },
    { ofTask: (task) => codeKey(task.TaskCode), ofRow: (index) => codeKey(codes[index] as string) },
  ];
  for (const { ofTask, ofRow } of passes) {
    // each key's leaves in Gantt order, with a cursor past the ones taken (linear over the sheet)
    const byKey = new Map<string, GanttTask[]>();
    for (const task of leaves) {
      const key = ofTask(task);
      const list = byKey.get(key);
      if (list) list.push(task);
      else byKey.set(key, [task]);
    }
    const cursors = new Map<string, number>();
    data.forEach((_row, index) => {
      if (matched[index]) return;
      const key = ofRow(index);
      const list = byKey.get(key);
      if (!list) return;
      let cursor = cursors.get(key) ?? 0;
      while (cursor < list.length && used.has((list[cursor] as GanttTask).TaskID)) cursor += 1;
      cursors.set(key, cursor);
      const task = list[cursor];
      if (!task) return;
      matched[index] = task;
      used.add(task.TaskID);
    });
  }
  // the rows that took the leaves of each code, for a row left without one
  const rowsOfCode = new Map<string, number[]>();
  data.forEach((row, index) => {
    if (!matched[index]) return;
    const key = codeKey(codes[index] as string);
    const list = rowsOfCode.get(key);
    if (list) list.push(row.row);
    else rowsOfCode.set(key, [row.row]);
  });

  const changed: { row: number; task: GanttTask; entry: ProgressEntry }[] = [];
  let unchanged = 0;
  data.forEach((row, index) => {
    const rowErrors: WorkbookRowError[] = [];
    const code = codes[index] as string;
    const key = codeKey(code);
    const task = matched[index];
    // a task without a code is matched as any other ('' is its code), so its exported row reads back
    if (!task && key === '') rowErrors.push(rowError(row.row, T.code, 'falta el código de la tarea'));
    else if (!task) {
      const taken = rowsOfCode.get(key) ?? [];
      rowErrors.push(
        rowError(
          row.row,
          T.code,
          taken.length === 1
            ? `el código ${code} está repetido (ya está en la fila ${taken[0]})`
            : taken.length > 1
              ? `el código ${code} está repetido: sus ${taken.length} tareas del Gantt ya están en las filas ${listSpanish(taken.length > 5 ? [...taken.slice(0, 5).map(String), 'otras'] : taken.map(String))}`
              : summaryCodes.has(key)
                ? `${code} es un resumen: su avance se calcula de sus tareas`
                : `el código ${code} no es una tarea del Gantt`,
        ),
      );
    }

    const progressCell = cellAt(row, header, 'progress');
    const read = cellDecimal(progressCell);
    let progress = read ?? 0;
    if (read !== undefined && (Number.isNaN(read) || read < 0 || read > 100)) {
      rowErrors.push(
        rowError(row.row, T.progress, `el avance «${cellText(progressCell)}» debe ser un número entre 0 y 100`),
      );
      progress = 0;
    }
    const actualStart = readDate(row, header, 'actualStart', rowErrors);
    const actualFinish = readDate(row, header, 'actualFinish', rowErrors);
    // issue 34: with the column, its cell is the task's remaining duration (blank: none); without it, absent
    const remaining = header.columns.remaining === undefined ? undefined : readRemaining(row, header, rowErrors);

    errors.push(...rowErrors);
    if (rowErrors.length > 0 || !task) return;
    if (
      progress === task.Progress &&
      actualStart === task.ActualStart &&
      actualFinish === task.ActualFinish &&
      (remaining === undefined || (remaining ?? undefined) === task.RemainingDuration)
    ) {
      unchanged += 1;
      return;
    }
    const entry: ProgressEntry = {
      TaskID: task.TaskID,
      ...(actualStart === undefined ? {} : { ActualStart: actualStart }),
      ...(actualFinish === undefined ? {} : { ActualFinish: actualFinish }),
      Progress: progress,
      ...(remaining === undefined ? {} : { RemainingDuration: remaining }),
    };
    changed.push({ row: row.row, task, entry });
  });

  // the rules of a progress entry, on the rows that change something
  const info = new Map<number, ProgressTaskInfo>(
    changed.map(({ task }) => [task.TaskID, { isSummary: task.isSummary, code: task.TaskCode, name: task.TaskName }]),
  );
  const rowOfTask = new Map(changed.map(({ row, task }) => [task.TaskID, row]));
  for (const problem of progressEntryErrors(
    cutoff,
    changed.map(({ entry }) => entry),
    info,
  )) {
    const row = rowOfTask.get(problem.TaskID) as number;
    errors.push(rowError(row, FIELD_TITLES[problem.field], problem.message));
  }

  if (errors.length > 0) {
    // stable: a row's own errors keep their order
    errors.sort((a, b) => a.row - b.row);
    return { rows: data.length, entries: [], errors, counts: NO_COUNTS };
  }
  return {
    rows: data.length,
    entries: changed.map(({ entry }) => entry),
    errors: [],
    counts: { updated: changed.length, unchanged },
  };
}
