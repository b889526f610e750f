import type { WorkbookRowError } from '../functions/exchange-contracts';
import { MAX_GANTT_TASKS, MAX_TASK_DURATION } from '../functions/gantt-contracts';
import type { GanttTask, GanttTaskInput } from '../functions/gantt-contracts';
import { NEW_TASK_DURATION } from '../gantt/build-gantt';
import { formatPredecessors, parsePredecessors } from '../gantt/predecessors';
import type { PredecessorLink } from '../gantt/predecessors';
import { ganttParentPaths } from '../gantt/row-ids';
import { ganttActivityCodes } from '../gantt/task-codes';
import { formatNumber } from '../format/money';
import { flattenForest, forestOf } from '../tree/ordered-forest';
import {
  cellAt,
  cellDate,
  cellText,
  dataRows,
  findSheetHeader,
  listSpanish,
  rowError,
  unsafeTextError,
} from './sheet-rows';
import type { SheetCell, SheetColumn, SheetRow } from './sheet-rows';
import { assignmentsText } from '../resources/assignments';
import type { NamedResource, ResourceAssignment } from '../resources/assignments';
import { parseSheetPredecessors } from './sheet-predecessors';
import { readSheetResources } from './sheet-resources';

/**
 * The Gantt's task table as a workbook (issue 14): the rows exportGantt 'xlsx' writes (Id 1..n in
 * tree order, Código, Nombre, Inicio, Fin, Duración, Avance, Predecesoras in terms of the sheet's
 * Id, Holgura, Crítica, grouped by outline) and the rules that read an edited table back into the
 * task list saveGantt takes (importGantt). Issue 32: Código is the task's unique code
 * (ganttTaskCodes) and 'Ubicación' names its summaries (ganttParentPaths), so every row is
 * identifiable on paper; a workbook written before them (own codes, no Ubicación) still reads back.
 * Pure.
 */

export const GANTT_SHEET_NAME = 'Gantt';
export const GANTT_SHEET_TITLES = {
  id: 'Id',
  code: 'Código',
  name: 'Nombre',
  parents: 'Ubicación',
  start: 'Inicio',
  finish: 'Fin',
  duration: 'Duración',
  progress: 'Avance',
  predecessors: 'Predecesoras',
  float: 'Holgura',
  critical: 'Crítica',
  /** issue 35: the task's resources, written as the Gantt's column and read back by name or code */
  resources: 'Recursos',
} as const;
const MAX_TASK_CODE = 120;
const MAX_TASK_NAME = 200;

/** One row of the task table; dates YYYY-MM-DD; outlineLevel 0 for a top-level task. */
export type GanttSheetRow = {
  id: number;
  /** issue 32: the unique code */
  code: string;
  name: string;
  /** issue 32: the names of its summaries, 'Torre 1 › Piso 3 › Estructura' */
  parents: string;
  start: string;
  finish: string;
  duration: number;
  progress: number;
  /** in terms of the sheet's Id: '3FS+2,5SS' */
  predecessors: string;
  totalFloat: number;
  critical: boolean;
  isSummary: boolean;
  outlineLevel: number;
  /** issue 35: the task's resources as the 'Recursos' column writes them ('Cuadrilla moldaje[2]; Grúa torre') */
  resources: string;
};

type TreeTask = { id: number; parentId?: number; task: GanttTask };

/** The tasks in tree order (depth-first, siblings in list order), each with its depth. */
function treeOrder(tasks: readonly GanttTask[]): { task: GanttTask; depth: number }[] {
  const nodes = tasks.map((task): TreeTask =>
    task.ParentId === undefined ? { id: task.TaskID, task } : { id: task.TaskID, parentId: task.ParentId, task },
  );
  const forest = forestOf(nodes);
  const depth = new Map<number, number>();
  return flattenForest(forest).map((node) => {
    const level =
      node.parentId !== undefined && depth.has(node.parentId) ? (depth.get(node.parentId) as number) + 1 : 0;
    depth.set(node.id, level);
    return { task: node.task, depth: level };
  });
}

/**
 * The task table of a loaded Gantt: Id = 1..n in tree order, predecessors rewritten in those Ids;
 * issue 35: each task's resources by `resourceName` (the catalogue's).
 */
export function ganttSheetRows(
  tasks: readonly GanttTask[],
  resourceName: (resourceId: string) => string | undefined = () => undefined,
): GanttSheetRow[] {
  const ordered = treeOrder(tasks);
  const sheetId = new Map(ordered.map(({ task }, index) => [task.TaskID, index + 1]));
  const codes = uniqueCodesOf(tasks);
  const parents = ganttParentPaths(tasks.map(rowTask));
  return ordered.map(({ task, depth }, index) => {
    const parsed = parsePredecessors(task.Predecessor);
    const links = parsed.ok
      ? parsed.links
          .filter((link) => sheetId.has(link.predecessorId))
          .map((link) => ({ ...link, predecessorId: sheetId.get(link.predecessorId) as number }))
          .sort((a, b) => a.predecessorId - b.predecessorId)
      : [];
    return {
      id: index + 1,
      code: codes.get(task.TaskID) ?? task.TaskCode,
      name: task.TaskName,
      parents: parents.get(task.TaskID) ?? '',
      start: task.StartDate,
      finish: task.EndDate,
      duration: task.Duration,
      progress: task.Progress,
      predecessors: formatPredecessors(links),
      totalFloat: task.totalFloat,
      critical: task.critical,
      isSummary: task.isSummary,
      outlineLevel: depth,
      resources: assignmentsText(task.Resources, resourceName),
    };
  });
}

/** A loaded task as the outline functions read it. */
function rowTask(task: GanttTask): { id: number; parentId?: number; name: string } {
  return task.ParentId === undefined
    ? { id: task.TaskID, name: task.TaskName }
    : { id: task.TaskID, parentId: task.ParentId, name: task.TaskName };
}

/** issue 32: each loaded task's unique code (ganttTaskCodes). */
export const uniqueCodesOf = ganttActivityCodes;

// ---------------------------------------------------------------- reading the table back

type GanttColumn = 'id' | 'code' | 'name' | 'start' | 'duration' | 'progress' | 'predecessors' | 'resources';

const T = GANTT_SHEET_TITLES;

const GANTT_COLUMNS: readonly SheetColumn<GanttColumn>[] = [
  { key: 'id', title: T.id, aliases: ['Id.', 'ID', 'N°', 'Nº', 'Número'], required: true },
  { key: 'code', title: T.code, aliases: ['Code', 'EDT', 'WBS', 'TaskCode'], required: true },
  { key: 'name', title: T.name, aliases: ['Name', 'Nombre de tarea', 'Tarea'], required: true },
  { key: 'start', title: T.start, aliases: ['Start', 'Comienzo'], required: false },
  { key: 'duration', title: T.duration, aliases: ['Duration', 'Duración (días)', 'Días'], required: false },
  {
    key: 'progress',
    title: T.progress,
    aliases: ['% completado', '% Avance', 'Progress', 'Avance (%)'],
    required: false,
  },
  { key: 'predecessors', title: T.predecessors, aliases: ['Predecessors', 'Predecesores'], required: false },
  {
    key: 'resources',
    title: T.resources,
    aliases: ['Resources', 'Resource Names', 'Nombres de los recursos', 'Nombres de recursos'],
    required: false,
  },
];

export type GanttImportCounts = { updated: number; added: number; unchanged: number };

export type GanttImportResult = {
  /** the whole list saveGantt takes; empty when there are errors */
  activities: GanttTaskInput[];
  errors: WorkbookRowError[];
  counts: GanttImportCounts;
  /** data rows read (blank rows left out) */
  rows: number;
};

const NO_COUNTS: GanttImportCounts = { updated: 0, added: 0, unchanged: 0 };

/** A whole number of working days: a number, or text '5', '5d', '5 días'. */
function cellDuration(cell: SheetCell | undefined): number | undefined {
  if (typeof cell === 'number') return Number.isInteger(cell) ? cell : Number.NaN;
  const text = cellText(cell);
  if (text === '') return undefined;
  const match = /^(\d{1,9})\s*(?:d|días|dias|día|dia)?\.?$/i.exec(text);
  return match ? Number(match[1]) : Number.NaN;
}

function codeKey(code: string): string {
  return code.trim().toLowerCase();
}

/** The links in one canonical text, whatever their order. */
function linksText(links: readonly PredecessorLink[]): string {
  return formatPredecessors([...links].sort((a, b) => a.predecessorId - b.predecessorId));
}

type RowPlan = {
  row: SheetRow;
  sheetId: number;
  code: string;
  /** the current task the row updates; absent: a new task */
  task?: GanttTask;
  taskId: number;
};

/**
 * The Gantt a task table describes, checked row by row: Id (a whole number, unique) and Código
 * required; a row whose Código matches a task (case-insensitive) updates its Duración,
 * Predecesoras (by the sheet's Id) and Inicio (its start no earlier than, when it differs from the
 * date the task is at now); a summary's Duración and Inicio are computed and left alone. A row with
 * an unknown Código is a new task (TaskID above the highest) under the task whose code is the
 * longest dot-prefix of its code, or at the top. Tasks without a row stay as they are, and so do
 * their links into rows. Every error of every row is listed. Issue 35: with a Recursos column, each
 * row's cell is its task's resources by name or code of `options.resources` (blank: none; a
 * summary's too, as in MS Project); without it, every task keeps its resources.
 */
export function ganttUpdatesFromRows(
  rows: readonly SheetRow[],
  currentTasks: readonly GanttTask[],
  options: { defaultStart?: string; resources?: readonly NamedResource[] } = {},
): GanttImportResult {
  const found = findSheetHeader(rows, GANTT_COLUMNS);
  if (!found.ok) return { activities: [], errors: [found.error], counts: NO_COUNTS, rows: 0 };
  const header = found.header;
  const data = dataRows(rows, header);
  if (data.length > MAX_GANTT_TASKS) {
    const first = data[MAX_GANTT_TASKS] as SheetRow;
    return {
      activities: [],
      errors: [
        rowError(
          first.row,
          T.id,
          `el libro tiene ${formatNumber(data.length)} filas con datos; el Gantt admite como máximo ${formatNumber(MAX_GANTT_TASKS)} tareas`,
        ),
      ],
      counts: NO_COUNTS,
      rows: data.length,
    };
  }
  const errors: WorkbookRowError[] = [];
  if (data.length === 0) {
    errors.push(rowError(header.row + 1, T.code, 'el libro no tiene tareas bajo la fila de títulos'));
  }

  const ordered = treeOrder(currentTasks).map(({ task }) => task);
  // issue 32: a row names its task by unique code; a workbook written before, by the task's own code
  const uniqueCodes = uniqueCodesOf(currentTasks);
  const byUniqueCode = new Map<string, GanttTask>();
  for (const task of ordered) {
    const unique = codeKey(uniqueCodes.get(task.TaskID) ?? '');
    if (unique !== '') byUniqueCode.set(unique, task);
  }
  const byCode = new Map<string, GanttTask[]>();
  for (const task of ordered) {
    const list = byCode.get(codeKey(task.TaskCode));
    if (list) list.push(task);
    else byCode.set(codeKey(task.TaskCode), [task]);
  }
  let nextTaskId = currentTasks.reduce((highest, task) => Math.max(highest, task.TaskID), 0) + 1;

  // pass 1: each row's Id and the task it updates (or a new TaskID), so predecessors can point anywhere
  const used = new Set<number>();
  const idRows = new Map<number, number>();
  const codeRows = new Map<string, number>();
  const cursors = new Map<string, number>();
  const plans: RowPlan[] = [];
  for (const row of data) {
    const idCell = cellAt(row, header, 'id');
    const idText = cellText(idCell);
    const sheetId = typeof idCell === 'number' ? idCell : /^\d+$/.test(idText) ? Number(idText) : Number.NaN;
    let idOk = false;
    if (idText === '') errors.push(rowError(row.row, T.id, 'el Id es obligatorio'));
    else if (!Number.isInteger(sheetId) || sheetId < 1 || sheetId > 999_999_999) {
      errors.push(rowError(row.row, T.id, `el Id «${idText}» debe ser un número entero mayor que 0`));
    } else if (idRows.has(sheetId)) {
      errors.push(
        rowError(row.row, T.id, `el Id ${sheetId} está repetido (ya está en la fila ${idRows.get(sheetId)})`),
      );
    } else {
      idRows.set(sheetId, row.row);
      idOk = true;
    }

    const code = cellText(cellAt(row, header, 'code'));
    const key = codeKey(code);
    let task: GanttTask | undefined;
    if (key === '') {
      // a task without a code can only be the one the export wrote at this Id
      const atId = idOk ? ordered[sheetId - 1] : undefined;
      if (atId && atId.TaskCode.trim() === '' && !used.has(atId.TaskID)) task = atId;
    } else {
      // codes repeat (every EDP item's EDC has its ACT1): the task the export wrote at this Id, else
      // the first one with the code not taken yet (a cursor per code keeps this linear)
      const atId = idOk ? ordered[sheetId - 1] : undefined;
      const unique = byUniqueCode.get(key);
      if (unique && !used.has(unique.TaskID)) task = unique;
      else if (atId && codeKey(atId.TaskCode) === key && !used.has(atId.TaskID)) task = atId;
      else {
        const candidates = byCode.get(key) ?? [];
        let cursor = cursors.get(key) ?? 0;
        while (cursor < candidates.length && used.has((candidates[cursor] as GanttTask).TaskID)) cursor += 1;
        cursors.set(key, cursor);
        task = candidates[cursor];
      }
      const earlier = codeRows.get(key);
      if (!task && earlier !== undefined) {
        errors.push(rowError(row.row, T.code, `el código ${code} está repetido (ya está en la fila ${earlier})`));
        continue;
      }
      if (earlier === undefined) codeRows.set(key, row.row);
    }
    if (!idOk) continue;
    if (task) used.add(task.TaskID);
    plans.push(task ? { row, sheetId, code, task, taskId: task.TaskID } : { row, sheetId, code, taskId: nextTaskId++ });
  }
  const taskIdOfSheetId = new Map(plans.map((plan) => [plan.sheetId, plan.taskId]));
  const inSheet = new Set(plans.flatMap((plan) => (plan.task ? [plan.task.TaskID] : [])));

  // pass 2: the fields
  const hasColumn = (key: GanttColumn) => header.columns[key] !== undefined;
  const catalogue = options.resources ?? [];
  const resourceNames = new Map(catalogue.map((resource) => [resource._id, resource.name]));
  const nameOf = (resourceId: string) => resourceNames.get(resourceId);
  const updates = new Map<number, GanttTaskInput>();
  const added: { plan: RowPlan; input: GanttTaskInput }[] = [];
  const counts: GanttImportCounts = { updated: 0, added: 0, unchanged: 0 };
  for (const plan of plans) {
    const { row, task } = plan;
    const rowErrors: WorkbookRowError[] = [];
    const summary = task?.isSummary === true;

    let start: string | undefined;
    const startCell = cellAt(row, header, 'start');
    if (!summary && hasColumn('start')) {
      const date = cellDate(startCell);
      if (date === null) {
        rowErrors.push(
          rowError(row.row, T.start, `la fecha «${cellText(startCell)}» no es válida; escríbela como dd-mm-aaaa`),
        );
      } else start = date;
    }

    let duration: number | undefined;
    const durationCell = cellAt(row, header, 'duration');
    if (!summary && hasColumn('duration')) {
      const value = cellDuration(durationCell);
      if (value !== undefined && (Number.isNaN(value) || value < 0 || value > MAX_TASK_DURATION)) {
        rowErrors.push(
          rowError(
            row.row,
            T.duration,
            `la duración «${cellText(durationCell)}» debe ser un número entero de días hábiles entre 0 y ${formatNumber(MAX_TASK_DURATION)}`,
          ),
        );
      } else duration = value;
    }

    // issue 15: Avance is exported but not read back: progress is recorded at a cut-off, with actual
    // dates (saveProgress, importProgress), and each task keeps its stored progress

    let links: PredecessorLink[] | undefined;
    if (hasColumn('predecessors')) {
      const parsed = parseSheetPredecessors(cellText(cellAt(row, header, 'predecessors')));
      if (!parsed.ok) rowErrors.push(rowError(row.row, T.predecessors, parsed.error));
      else {
        links = [];
        for (const link of parsed.links) {
          const predecessorId = taskIdOfSheetId.get(link.sheetId);
          if (link.sheetId === plan.sheetId) {
            rowErrors.push(
              rowError(row.row, T.predecessors, `la tarea no puede ser su propia predecesora (Id ${link.sheetId})`),
            );
          } else if (predecessorId === undefined) {
            rowErrors.push(
              rowError(
                row.row,
                T.predecessors,
                `la predecesora ${link.sheetId} no es el Id de ninguna fila de la hoja`,
              ),
            );
          } else links.push({ predecessorId, type: link.type, lag: link.lag });
        }
      }
    }

    let resources: ResourceAssignment[] | undefined;
    let resourcesChanged = false;
    if (hasColumn('resources')) {
      const cell = cellText(cellAt(row, header, 'resources'));
      const read = readSheetResources(cell, task?.Resources, catalogue, nameOf);
      if (!read.ok) rowErrors.push(rowError(row.row, T.resources, read.error));
      else {
        resources = read.assignments;
        resourcesChanged = read.changed;
      }
    }

    if (!task) {
      const name = cellText(cellAt(row, header, 'name'));
      const unsafeName = unsafeTextError(row.row, T.name, 'el nombre', name);
      if (name === '') rowErrors.push(rowError(row.row, T.name, 'el nombre es obligatorio para una tarea nueva'));
      else if (unsafeName) rowErrors.push(unsafeName);
      else if (name.length > MAX_TASK_NAME) {
        rowErrors.push(
          rowError(row.row, T.name, `el nombre tiene ${name.length} caracteres; el máximo es ${MAX_TASK_NAME}`),
        );
      }
      const unsafeCode = unsafeTextError(row.row, T.code, 'el código', plan.code);
      if (unsafeCode) rowErrors.push(unsafeCode);
      else if (plan.code.length > MAX_TASK_CODE) {
        rowErrors.push(
          rowError(row.row, T.code, `el código tiene ${plan.code.length} caracteres; el máximo es ${MAX_TASK_CODE}`),
        );
      }
      errors.push(...rowErrors);
      if (rowErrors.length > 0) continue;
      const input: GanttTaskInput = {
        TaskID: plan.taskId,
        TaskCode: plan.code,
        TaskName: name,
        StartDate: start ?? '',
        Duration: duration ?? NEW_TASK_DURATION,
        Progress: 0,
        ParentId: null,
        Predecessor: formatPredecessors(links ?? []),
        ...(resources !== undefined && resources.length > 0 ? { Resources: resources } : {}),
      };
      added.push({ plan, input });
      counts.added += 1;
      continue;
    }

    errors.push(...rowErrors);
    if (rowErrors.length > 0) continue;
    const current = parsePredecessors(task.Predecessor);
    const currentLinks = current.ok ? current.links : [];
    // links from tasks the sheet does not list cannot be written in it: they stay
    const nextLinks =
      links === undefined
        ? currentLinks
        : [...links, ...currentLinks.filter((link) => !inSheet.has(link.predecessorId))];
    const linksChanged = linksText(nextLinks) !== linksText(currentLinks);
    const startChanged = start !== undefined && start !== task.StartDate;
    const durationChanged = duration !== undefined && duration !== task.Duration;
    if (!linksChanged && !startChanged && !durationChanged && !resourcesChanged) {
      counts.unchanged += 1;
      continue;
    }
    counts.updated += 1;
    const update = inputOf(task);
    if (startChanged) update.StartDate = start as string;
    if (durationChanged) update.Duration = duration as number;
    if (resourcesChanged) update.Resources = resources ?? [];
    if (linksChanged) {
      update.Predecessor = linksText(nextLinks);
      // a link stays generated only while it is the same link
      const same = new Set(currentLinks.map((link) => `${link.predecessorId}${link.type}${link.lag}`));
      const kept = (task.generatedPredecessors ?? []).filter((id) =>
        nextLinks.some((link) => link.predecessorId === id && same.has(`${link.predecessorId}${link.type}${link.lag}`)),
      );
      if (task.generatedPredecessors !== undefined) update.generatedPredecessors = kept;
    }
    updates.set(task.TaskID, update);
  }

  if (errors.length > 0) {
    errors.sort((a, b) => a.row - b.row);
    return { activities: [], errors, counts: NO_COUNTS, rows: data.length };
  }

  // new tasks go under the task (current or new) whose code is the longest dot-prefix of theirs
  const taskByCode = new Map<string, { id: number; start: string }>();
  for (const task of ordered) {
    const key = codeKey(uniqueCodes.get(task.TaskID) ?? '');
    if (key !== '' && !taskByCode.has(key)) taskByCode.set(key, { id: task.TaskID, start: task.StartNoEarlierThan });
  }
  for (const task of ordered) {
    const key = codeKey(task.TaskCode);
    if (key !== '' && !taskByCode.has(key)) taskByCode.set(key, { id: task.TaskID, start: task.StartNoEarlierThan });
  }
  const earliest = ordered.reduce<string | undefined>(
    (min, task) => (min === undefined || task.StartNoEarlierThan < min ? task.StartNoEarlierThan : min),
    undefined,
  );
  const fallbackStart = earliest ?? options.defaultStart ?? '';
  for (const { input } of added) {
    const key = codeKey(input.TaskCode);
    if (key !== '' && !taskByCode.has(key)) taskByCode.set(key, { id: input.TaskID, start: input.StartDate ?? '' });
  }
  for (const { input } of added) {
    const key = codeKey(input.TaskCode);
    let parent: { id: number; start: string } | undefined;
    for (let dot = key.lastIndexOf('.'); dot > 0 && !parent; dot = key.lastIndexOf('.', dot - 1)) {
      const candidate = taskByCode.get(key.slice(0, dot));
      if (candidate && candidate.id !== input.TaskID) parent = candidate;
    }
    if (parent) input.ParentId = parent.id;
    if (input.StartDate === '') input.StartDate = parent?.start || fallbackStart;
  }
  // a new task whose parent is a new task with a later row: still placed right, as forests do
  const nodes = [
    ...ordered.map((task) => {
      const input = updates.get(task.TaskID) ?? inputOf(task);
      return { id: input.TaskID, ...(input.ParentId == null ? {} : { parentId: input.ParentId }), input };
    }),
    ...added.map(({ input }) => ({
      id: input.TaskID,
      ...(input.ParentId == null ? {} : { parentId: input.ParentId }),
      input,
    })),
  ];
  const activities = flattenForest(forestOf(nodes)).map((node) => node.input);
  const looped = linkCycle(activities);
  if (looped.size > 0) {
    const rowsInCycle = plans.filter((plan) => looped.has(plan.taskId)).map((plan) => plan.row.row);
    const first = rowsInCycle[0] ?? header.row + 1;
    const listed =
      rowsInCycle.length > 10 ? [...rowsInCycle.slice(0, 10).map(String), 'otras'] : rowsInCycle.map(String);
    return {
      activities: [],
      errors: [
        rowError(first, T.predecessors, `las predecesoras forman un ciclo entre las filas ${listSpanish(listed)}`),
      ],
      counts: NO_COUNTS,
      rows: data.length,
    };
  }
  return { activities, errors, counts, rows: data.length };
}

/**
 * The tasks on a loop of links: Kahn's algorithm forwards drops what no loop feeds, then backwards
 * drops what feeds no loop; what stays sits on a cycle (or between two).
 */
function push(map: Map<number, number[]>, key: number, value: number): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function linkCycle(activities: readonly GanttTaskInput[]): Set<number> {
  const successors = new Map<number, number[]>();
  const predecessors = new Map<number, number[]>();
  for (const activity of activities) {
    const parsed = parsePredecessors(activity.Predecessor ?? '');
    if (!parsed.ok) continue;
    for (const link of parsed.links) {
      push(successors, link.predecessorId, activity.TaskID);
      push(predecessors, activity.TaskID, link.predecessorId);
    }
  }
  const left = new Set<number>([...successors.keys(), ...predecessors.keys()]);
  const trim = (incoming: Map<number, number[]>, outgoing: Map<number, number[]>) => {
    const degree = new Map<number, number>();
    for (const node of left) degree.set(node, (incoming.get(node) ?? []).filter((other) => left.has(other)).length);
    const ready = [...left].filter((node) => degree.get(node) === 0);
    while (ready.length > 0) {
      const node = ready.pop() as number;
      left.delete(node);
      for (const next of outgoing.get(node) ?? []) {
        if (!left.has(next)) continue;
        const count = (degree.get(next) as number) - 1;
        degree.set(next, count);
        if (count === 0) ready.push(next);
      }
    }
  };
  trim(predecessors, successors);
  trim(successors, predecessors);
  return left;
}

/** A loaded task as saveGantt takes it back: StartDate is its start no earlier than. */
function inputOf(task: GanttTask): GanttTaskInput {
  return {
    TaskID: task.TaskID,
    TaskCode: task.TaskCode,
    TaskName: task.TaskName,
    StartDate: task.StartNoEarlierThan,
    Duration: task.Duration,
    Progress: task.Progress,
    ParentId: task.ParentId ?? null,
    Predecessor: task.Predecessor,
    ...(task.generatedPredecessors === undefined ? {} : { generatedPredecessors: task.generatedPredecessors }),
  };
}
