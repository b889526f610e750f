import {
  MAX_LAG,
  MAX_TASK_DURATION,
  dayNumber,
  formatIsoDate,
  isoOfTypedDate,
  formatNumber,
  ganttLinkCandidates,
  ganttParentIds,
  ganttTaskDirectory,
  parseTypedPredecessors,
  progressEntryErrors,
  resolveGanttTask,
} from '@cimiento/domain';
import type {
  GanttDraftTask,
  GanttTaskChanges,
  GanttTaskDirectory,
  LinkType,
  PredecessorLink,
  WorkingCalendar,
} from '@cimiento/domain';
import { parseAssignmentsText } from '@cimiento/domain/resources';
import type { NamedResource } from '@cimiento/domain/resources';
import { parseProgress, unpushedStarts, withProgressDefaults } from '../tracking/progress-grid';
import type { EditableColumn } from './cell-editing';

/**
 * A value typed (or pasted) in a Gantt cell (issue 32), read and checked: the task editor's changes
 * for `updateGanttTask` (the path of the editor's 'Actualizar'), or the Spanish message shown at
 * the cell. The one place the cells' values are checked; what only the engine can tell (a link
 * that closes a loop) comes back from the store's `apply`.
 */

export type CellContext = {
  tasks: readonly GanttDraftTask[];
  byId: ReadonlyMap<number, GanttDraftTask>;
  /** the tasks with children (their dates, duration and progress come from them) */
  parents: ReadonlySet<number>;
  /** where the schedule puts each task (YYYY-MM-DD, the last working day as `end`) */
  scheduled: ReadonlyMap<number, { start: string; end: string }>;
  calendar: WorkingCalendar;
  cutoff: string | null;
  /** built on first use: only the predecessors need it */
  directory: () => GanttTaskDirectory;
  /** where the plan starts each task without the cut-off's hold (built on first use, for 'Avance') */
  plannedStarts: () => ReadonlyMap<number, string>;
  /** issue 35: the resources catalogue ('Recursos' is typed by name or code) */
  resources: readonly NamedResource[];
};

export type CellResult = { ok: true; changes: GanttTaskChanges } | { ok: false; error: string };

/** The dates a cell takes: a construction schedule's span (and a bound on the calendar's work). */
export const FIRST_YEAR = 2000;
export const LAST_YEAR = 2100;

const DURATION = /^(-?\d+)\s*(?:d|días|dias|día|dia)?\.?$/i;
const SPANISH_TYPES: Record<string, LinkType> = { FC: 'FS', CC: 'SS', FF: 'FF', CF: 'SF' };
const LABEL_ENTRY = /^(.+?)(?:\s+(FS|SS|FF|SF|FC|CC|CF))?(?:\s*([+-])\s*(\d{1,6})\s*(?:d|días|dias|día|dia)?\.?)?$/i;

/** The context of the draft on screen: the maps built once per commit or paste. */
export function cellContext(
  tasks: readonly GanttDraftTask[],
  scheduled: ReadonlyMap<number, { start: string; end: string }>,
  calendar: WorkingCalendar,
  cutoff: string | null,
  resources: readonly NamedResource[] = [],
): CellContext {
  let directory: GanttTaskDirectory | null = null;
  let plannedStarts: ReadonlyMap<number, string> | null = null;
  return {
    tasks,
    byId: new Map(tasks.map((task) => [task.id, task])),
    parents: ganttParentIds(tasks),
    scheduled,
    calendar,
    cutoff,
    directory: () => (directory ??= ganttTaskDirectory(tasks)),
    plannedStarts: () => (plannedStarts ??= unpushedStarts(tasks, calendar)),
    resources,
  };
}

/** The task editor's fields of a task as they are: what a cell's change starts from. */
export function changesOf(task: GanttDraftTask): GanttTaskChanges {
  return {
    code: task.code,
    name: task.name,
    start: task.start,
    duration: task.duration,
    progress: task.progress,
    predecessors: task.predecessors,
  };
}

function fail(error: string): CellResult {
  return { ok: false, error };
}

/** 'dd-mm-aaaa' (also with / or .) → YYYY-MM-DD within the years a cell takes, or the message. */
function readDate(field: string, text: string): { iso: string } | { error: string } {
  const iso = isoOfTypedDate(text);
  if (iso === null) return { error: `${field}: «${text.trim()}» no es una fecha real; escríbela como dd-mm-aaaa` };
  const year = Number(iso.slice(0, 4));
  if (year < FIRST_YEAR || year > LAST_YEAR)
    return { error: `${field}: la fecha debe estar entre 01-01-${FIRST_YEAR} y 31-12-${LAST_YEAR}` };
  return { iso };
}

/** A whole number of working days ('5', '5d', '5 días'), 0 to MAX_TASK_DURATION. */
export function readDuration(text: string): { days: number } | { error: string } {
  const match = DURATION.exec(text.trim());
  const max = formatNumber(MAX_TASK_DURATION);
  if (!match) return { error: `Duración: «${text.trim()}» no es un número entero de días hábiles` };
  const days = Number(match[1]);
  if (days < 0) return { error: 'Duración: no puede ser negativa' };
  if (days > MAX_TASK_DURATION) return { error: `Duración: debe ser de 0 a ${max} días hábiles` };
  return { days };
}

/** One entry of the Predecesoras cell as written by a planner: '8', '8FC+2', 'ELA.1/ACT1 CC+2d'. */
function readPredecessor(
  context: CellContext,
  id: number,
  candidates: readonly number[],
  entry: string,
): { link: PredecessorLink } | { error: string } {
  const directory = context.directory();
  // the row number (the 'Id' column) with its type and lag, as MS Project writes it ('8FC+2', '12CC')
  if (/^\d/.test(entry)) {
    const typed = parseTypedPredecessors(entry, context.tasks, id, directory);
    if (!typed.ok) return { error: `Predecesoras: ${typed.error}` };
    const [link] = typed.links;
    if (link) return { link };
  }
  // a code (qualified when repeated, 'ELA.1/ACT1') or a name, then the type and the lag
  const whole = resolveGanttTask(directory, candidates, entry, id);
  if (whole.ok) return { link: { predecessorId: whole.id, type: 'FS', lag: 0 } };
  const match = LABEL_ENTRY.exec(entry);
  if (!match || (match[2] === undefined && match[3] === undefined)) return { error: whole.error };
  const resolved = resolveGanttTask(directory, candidates, match[1] ?? '', id);
  if (!resolved.ok) return { error: resolved.error };
  const written = (match[2] ?? 'FS').toUpperCase();
  const type = (SPANISH_TYPES[written] ?? written) as LinkType;
  const lag = match[3] === undefined ? 0 : (match[3] === '-' ? -1 : 1) * Number(match[4]);
  if (Math.abs(lag) > MAX_LAG)
    return { error: `Predecesoras: en «${entry}» el desfase debe estar entre -${MAX_LAG} y ${MAX_LAG} días` };
  return { link: { predecessorId: resolved.id, type, lag: lag === 0 ? 0 : lag } };
}

/** The Predecesoras cell: entries separated by ';' or ','. */
export function readPredecessors(
  context: CellContext,
  id: number,
  text: string,
): { links: PredecessorLink[] } | { error: string } {
  const candidates = ganttLinkCandidates(context.tasks, id);
  const links: PredecessorLink[] = [];
  for (const raw of text.split(/[;,]/)) {
    const entry = raw.trim();
    if (entry === '') continue;
    const read = readPredecessor(context, id, candidates, entry);
    if ('error' in read) return read;
    if (links.some((link) => link.predecessorId === read.link.predecessorId)) {
      const label = context.directory().byId.get(read.link.predecessorId)?.label ?? String(read.link.predecessorId);
      return { error: `Predecesoras: ${label} aparece dos veces` };
    }
    links.push(read.link);
  }
  return { links };
}

/** 'Avance' at the latest cut-off, with MS Project's defaults for the actual dates (the editor's rules). */
function readProgress(context: CellContext, task: GanttDraftTask, text: string): CellResult {
  if (context.cutoff === null)
    return fail('Avance: registra primero una fecha de corte en «Registrar avance»; el avance se mide a esa fecha');
  const progress = parseProgress(text);
  if (progress === null || progress < 0 || progress > 100)
    return fail(`Avance: «${text.trim()}» no es un número entre 0 y 100`);
  const plannedStart = context.plannedStarts().get(task.id) ?? context.scheduled.get(task.id)?.start ?? task.start;
  const typed = withProgressDefaults(
    { plannedStart },
    {
      actualStart: task.actualStart ? formatIsoDate(task.actualStart) : '',
      actualFinish: task.actualFinish ? formatIsoDate(task.actualFinish) : '',
      progress: text,
    },
    context.cutoff,
  );
  const actualStart = typed.actualStart === '' ? undefined : (isoOfTypedDate(typed.actualStart) ?? undefined);
  const actualFinish = typed.actualFinish === '' ? undefined : (isoOfTypedDate(typed.actualFinish) ?? undefined);
  const entry = {
    TaskID: task.id,
    Progress: progress,
    ...(actualStart === undefined ? {} : { ActualStart: actualStart }),
    ...(actualFinish === undefined ? {} : { ActualFinish: actualFinish }),
  };
  const info = new Map([[task.id, { isSummary: false, code: task.code, name: task.name }]]);
  const [error] = progressEntryErrors(context.cutoff, [entry], info);
  if (error) return fail(`Avance: ${error.message}`);
  return {
    ok: true,
    changes: { ...changesOf(task), progress, actualStart: actualStart ?? null, actualFinish: actualFinish ?? null },
  };
}

const SUMMARY_MESSAGES: Partial<Record<EditableColumn, string>> = {
  workDays: 'Duración: la de una tarea resumen sale de sus tareas',
  startIso: 'Inicio: el de una tarea resumen sale de sus tareas',
  endIso: 'Fin: el de una tarea resumen sale de sus tareas',
  progress: 'Avance: el de una tarea resumen sale de sus tareas',
};

/**
 * The value typed in the cell `column` of task `id`: the editor's changes with that one field
 * changed, or why it cannot be. 'Inicio' becomes the task's "start no earlier than" (the shown
 * start kept as it was keeps the constraint it had); 'Fin' sets the duration from where the
 * schedule starts the task.
 */
export function cellChanges(context: CellContext, id: number, column: EditableColumn, text: string): CellResult {
  const task = context.byId.get(id);
  if (!task) return fail('La tarea ya no está en el Gantt');
  const isSummary = context.parents.has(id);
  const summaryMessage = SUMMARY_MESSAGES[column];
  if (isSummary && summaryMessage !== undefined) return fail(summaryMessage);
  const base = changesOf(task);
  switch (column) {
    case 'text': {
      const name = text.trim();
      if (task.sourceKey !== undefined && name !== task.name)
        return fail('Nombre: viene de su ítem del EDP o del EDC; se cambia allí');
      if (name === '') return fail('Nombre: es obligatorio');
      if (name.length > 200) return fail('Nombre: debe tener como máximo 200 caracteres');
      return { ok: true, changes: { ...base, name } };
    }
    case 'workDays': {
      const read = readDuration(text);
      if ('error' in read) return fail(read.error);
      return { ok: true, changes: { ...base, duration: read.days } };
    }
    case 'startIso': {
      const read = readDate('Inicio', text);
      if ('error' in read) return fail(read.error);
      const shown = context.scheduled.get(id)?.start;
      return { ok: true, changes: { ...base, start: read.iso === shown ? task.start : read.iso } };
    }
    case 'endIso': {
      const read = readDate('Fin', text);
      if ('error' in read) return fail(read.error);
      const start = context.scheduled.get(id)?.start ?? task.start;
      if (read.iso < start) return fail(`Fin: no puede ser anterior al inicio (${formatIsoDate(start)})`);
      const { calendar } = context;
      const startIndex = calendar.indexOf(dayNumber(start));
      // the last working day on or before the date typed
      const endIndex = calendar.indexOf(dayNumber(read.iso) + 1) - 1;
      const duration = Math.max(1, endIndex - startIndex + 1);
      if (duration > MAX_TASK_DURATION)
        return fail(`Fin: la tarea duraría más de ${formatNumber(MAX_TASK_DURATION)} días hábiles`);
      return { ok: true, changes: { ...base, duration } };
    }
    case 'predecessors': {
      const read = readPredecessors(context, id, text);
      if ('error' in read) return fail(read.error);
      return { ok: true, changes: { ...base, predecessors: read.links } };
    }
    case 'progress':
      return readProgress(context, task, text);
    case 'resourceText': {
      if (text.trim() !== '' && context.resources.length === 0)
        return fail('Recursos: el catálogo de recursos está vacío; créalos en Administración › Recursos');
      const read = parseAssignmentsText(text, context.resources);
      if (!read.ok) return fail(`Recursos: ${read.error}`);
      return { ok: true, changes: { ...base, resources: read.assignments } };
    }
  }
}

export type PasteError = {
  /** the row's task; null past the last row */
  id: number | null;
  /** the value's place in the pasted column (0: the first) */
  index: number;
  error: string;
};

export type PastePlan = { changes: { id: number; changes: GanttTaskChanges }[]; errors: PasteError[] };

/**
 * A column of pasted values (splitPastedColumn) into `column` of the rows shown from the selected
 * one down (`rows`, top to bottom, the selected one first): each value checked as if typed in its
 * cell. The valid ones are applied together, the others reported; a value past the last row too.
 */
export function pasteChanges(
  context: CellContext,
  rows: readonly number[],
  column: EditableColumn,
  values: readonly string[],
): PastePlan {
  const plan: PastePlan = { changes: [], errors: [] };
  values.forEach((value, index) => {
    const id = rows[index];
    if (id === undefined) {
      plan.errors.push({ id: null, index, error: 'no hay más filas debajo' });
      return;
    }
    const result = cellChanges(context, id, column, value);
    if (result.ok) plan.changes.push({ id, changes: result.changes });
    else plan.errors.push({ id, index, error: result.error });
  });
  return plan;
}
