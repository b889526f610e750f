import { MAX_TASK_DURATION } from '../functions/gantt-contracts';
import { formatNumber } from '../format/money';
import type { GanttDraftTask } from './gantt-edits';
import { ganttParentIds, ganttTaskLabel } from './gantt-edits';
import type { GanttTaskDirectory } from './gantt-task-directory';
import { ganttLinkCandidates, ganttTaskDirectory, resolveGanttTask } from './gantt-task-directory';
import type { PredecessorLink } from './predecessors';
import { MAX_LAG } from './predecessors';
import { parseTypedPredecessors } from './typed-predecessors';
import type { LinkType } from './schedule-types';

/**
 * issue 32: what a planner types for a Gantt task, checked field by field before anything changes
 * (the task editor's fields and the grid's cells). Each check answers the value or a Spanish
 * message naming the field, shown at the field; a task with any message is not changed. Pure.
 */
export type GanttFieldCheck<T> = { ok: true; value: T } | { ok: false; error: string };

/** How far a task's dates may go: this many years from the project's first year (the server's horizon). */
export const GANTT_HORIZON_YEARS = 100;

const TYPED_DATE = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const INTEGER = /^[+-]?\d+$/;
const NUMBER = /^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/;

function isRealDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/**
 * A date as typed: 'dd-mm-aaaa' (also with / or .), or 'aaaa-mm-dd', into YYYY-MM-DD. Refused
 * when it cannot be read, when the day does not exist (31-02-2026), and — given the project's first
 * year — when it is outside the years the Gantt schedules.
 */
export function parseGanttDate(text: string, field: string, bounds?: { firstYear: number }): GanttFieldCheck<string> {
  const typed = text.trim();
  const local = TYPED_DATE.exec(typed);
  const iso = local ? null : ISO_DATE.exec(typed);
  const parts = local
    ? [Number(local[3]), Number(local[2]), Number(local[1])]
    : iso
      ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
      : null;
  if (!parts) {
    return {
      ok: false,
      error: typed === '' ? `${field}: es obligatorio` : `${field}: escribe la fecha como dd-mm-aaaa`,
    };
  }
  const [year, month, day] = parts as [number, number, number];
  if (!isRealDay(year, month, day)) {
    return { ok: false, error: `${field}: el ${pad(day)}-${pad(month)}-${pad(year, 4)} no existe en el calendario` };
  }
  if (bounds) {
    const last = bounds.firstYear + GANTT_HORIZON_YEARS - 1;
    if (year < bounds.firstYear || year > last) {
      return {
        ok: false,
        error: `${field}: debe estar entre el 01-01-${pad(bounds.firstYear, 4)} y el 31-12-${pad(last, 4)}`,
      };
    }
  }
  return { ok: true, value: `${pad(year, 4)}-${pad(month)}-${pad(day)}` };
}

/** A whole number of working days as typed, within [min, max]; `what` is how the field reads it. */
function parseDays(text: string, field: string, min: number, max: number): GanttFieldCheck<number> {
  const typed = text.trim().replace(/\s*(d|días|dias|día|dia)$/i, '');
  if (typed === '') return { ok: false, error: `${field}: es obligatoria` };
  if (!NUMBER.test(typed)) return { ok: false, error: `${field}: escribe un número entero de días hábiles` };
  if (!INTEGER.test(typed)) return { ok: false, error: `${field}: debe ser un número entero de días hábiles` };
  const value = Number(typed);
  if (value < min) {
    return {
      ok: false,
      error:
        min === 0
          ? `${field}: no puede ser negativa`
          : `${field}: debe ser como mínimo ${formatNumber(min)} días hábiles`,
    };
  }
  if (value > max) return { ok: false, error: `${field}: debe ser como máximo ${formatNumber(max)} días hábiles` };
  // -0 typed is 0
  return { ok: true, value: value === 0 ? 0 : value };
}

/** 'Duración' as typed: a whole number of working days from 0 (a milestone) to MAX_TASK_DURATION; '5d' reads as 5. */
export function parseGanttDuration(text: string): GanttFieldCheck<number> {
  return parseDays(text, 'Duración', 0, MAX_TASK_DURATION);
}

/** A link's lag as typed ('Desfase'): a whole number of working days within ±MAX_LAG; empty is 0. */
export function parseGanttLag(text: string): GanttFieldCheck<number> {
  if (text.trim() === '') return { ok: true, value: 0 };
  return parseDays(text, 'Desfase', -MAX_LAG, MAX_LAG);
}

/**
 * The loop a new predecessor would close (issue 32): the tasks from `id` to `predecessorId` along
 * the links the engine follows — a link into a summary reaches each task under it, and a task
 * reaches its summary (the summary ends with it) — with `id`'s incoming links replaced by
 * `predecessorIds`. Null when the link closes no loop. Only loops through `id` are looked for: the
 * rest of the Gantt was scheduled, so it has none.
 */
export function ganttLinkLoop(
  tasks: readonly GanttDraftTask[],
  id: number,
  predecessorId: number,
  predecessorIds: readonly number[] = [predecessorId],
): number[] | null {
  const byId = new Map(tasks.map((task) => [task.id, task]));
  if (!byId.has(id) || !byId.has(predecessorId)) return null;
  const parents = ganttParentIds(tasks);
  const children = new Map<number, number[]>();
  for (const task of tasks) {
    if (task.parentId === undefined || !byId.has(task.parentId)) continue;
    const list = children.get(task.parentId);
    if (list) list.push(task.id);
    else children.set(task.parentId, [task.id]);
  }
  /** The leaves a link into `target` reaches (the task itself when it is a leaf). */
  const leavesOf = (target: number): number[] => {
    if (!parents.has(target)) return [target];
    const leaves: number[] = [];
    const stack = [target];
    while (stack.length > 0) {
      const node = stack.pop() as number;
      const below = children.get(node);
      if (below === undefined) leaves.push(node);
      else stack.push(...below);
    }
    return leaves;
  };
  const successors = new Map<number, number[]>();
  const addEdge = (from: number, to: number) => {
    const list = successors.get(from);
    if (list) list.push(to);
    else successors.set(from, [to]);
  };
  for (const task of tasks) {
    const incoming = task.id === id ? predecessorIds : task.predecessors.map((link) => link.predecessorId);
    for (const from of incoming) {
      if (!byId.has(from)) continue;
      for (const leaf of leavesOf(task.id)) addEdge(from, leaf);
    }
    if (task.parentId !== undefined && byId.has(task.parentId)) addEdge(task.id, task.parentId);
  }
  // breadth first from what the new link reaches, back to its predecessor
  const cameFrom = new Map<number, number | null>();
  const queue: number[] = [];
  for (const leaf of leavesOf(id)) {
    cameFrom.set(leaf, null);
    queue.push(leaf);
  }
  for (let head = 0; head < queue.length; head += 1) {
    const node = queue[head] as number;
    if (node === predecessorId) {
      const path: number[] = [];
      for (let at: number | null = node; at !== null; at = cameFrom.get(at) ?? null) path.push(at);
      path.reverse();
      // read from the task edited: its own leaf stands for it
      if (path[0] !== id) path.unshift(id);
      return path;
    }
    for (const next of successors.get(node) ?? []) {
      if (cameFrom.has(next)) continue;
      cameFrom.set(next, node);
      queue.push(next);
    }
  }
  return null;
}

/** The editor's fields as typed. `start` and `duration` absent: kept (a summary's come from its tasks). */
export type GanttTaskTyped = {
  code: string;
  name: string;
  start?: string;
  duration?: string;
  /** each row: the task chosen from the list (null: only typed), what its field shows, type and lag */
  predecessors: readonly { taskId: number | null; text: string; type: LinkType; lag: string }[];
};

export type GanttTaskField = 'code' | 'name' | 'start' | 'duration';

/** The messages per field, and per predecessor row (its task or its lag), by the row's position. */
export type GanttTaskFieldErrors = Partial<Record<GanttTaskField, string>> & {
  predecessors?: Record<number, { task?: string; lag?: string }>;
};

export type GanttTaskEditCheck =
  | {
      ok: true;
      changes: { code: string; name: string; start: string; duration: number; predecessors: PredecessorLink[] };
    }
  | { ok: false; errors: GanttTaskFieldErrors };

/**
 * Every field of a task's edit checked at once (issue 32): 'Código' and 'Nombre' (lengths, a name),
 * 'Inicio' (a real date in the Gantt's years), 'Duración' (a whole number from 0 to the maximum) and
 * each predecessor (a task of the Gantt that may be linked — not itself, its summaries or its own
 * tasks —, once, with a whole lag, closing no loop). The changes when all are good; else every
 * field's message.
 */
export function checkGanttTaskEdit(
  tasks: readonly GanttDraftTask[],
  id: number,
  typed: GanttTaskTyped,
  options: { firstYear?: number; directory?: GanttTaskDirectory } = {},
): GanttTaskEditCheck {
  const task = tasks.find((candidate) => candidate.id === id);
  if (!task) return { ok: false, errors: { name: 'La tarea no existe' } };
  const errors: GanttTaskFieldErrors = {};
  const code = typed.code.trim();
  const name = typed.name.trim();
  if (code.length > 120) errors.code = 'Código: debe tener como máximo 120 caracteres';
  if (name === '') errors.name = 'Nombre: es obligatorio';
  else if (name.length > 200) errors.name = 'Nombre: debe tener como máximo 200 caracteres';
  let start = task.start;
  if (typed.start !== undefined) {
    const parsed = parseGanttDate(
      typed.start,
      'Inicio',
      options.firstYear === undefined ? undefined : { firstYear: options.firstYear },
    );
    if (parsed.ok) start = parsed.value;
    else errors.start = parsed.error;
  }
  let duration = task.duration;
  if (typed.duration !== undefined) {
    const parsed = parseGanttDuration(typed.duration);
    if (parsed.ok) duration = parsed.value;
    else errors.duration = parsed.error;
  }

  const rows: Record<number, { task?: string; lag?: string }> = {};
  const rowError = (index: number, field: 'task' | 'lag', message: string) => {
    rows[index] = { ...rows[index], [field]: message };
  };
  const predecessors: PredecessorLink[] = [];
  const rowOf = new Map<number, number>();
  if (typed.predecessors.length > 0) {
    const directory = options.directory ?? ganttTaskDirectory(tasks);
    const candidates = ganttLinkCandidates(tasks, id);
    const allowed = new Set(candidates);
    typed.predecessors.forEach((row, index) => {
      let predecessorId = row.taskId;
      if (predecessorId === null) {
        // an empty row is left out
        if (row.text.trim() === '') return;
        const resolved = resolveGanttTask(directory, candidates, row.text, id);
        if (!resolved.ok) {
          // issue 32: typed as in MS Project, by row number ('8FC+2; 12CC'), each with its own type and lag
          const typedLinks = parseTypedPredecessors(row.text, tasks, id, directory);
          if (!typedLinks.ok) {
            rowError(index, 'task', /^\s*\d/.test(row.text) ? `Predecesoras: ${typedLinks.error}` : resolved.error);
            return;
          }
          for (const link of typedLinks.links) {
            const first = rowOf.get(link.predecessorId);
            if (first !== undefined) {
              const label = directory.byId.get(link.predecessorId)?.label ?? String(link.predecessorId);
              rowError(index, 'task', `Predecesoras: ${label} ya está en la fila ${first + 1}`);
              return;
            }
            rowOf.set(link.predecessorId, index);
            predecessors.push(link);
          }
          return;
        }
        predecessorId = resolved.id;
      } else if (!allowed.has(predecessorId)) {
        const ref = directory.byId.get(predecessorId);
        rowError(
          index,
          'task',
          !ref
            ? `Predecesoras: la tarea ${predecessorId} no está en el Gantt`
            : predecessorId === id
              ? 'Predecesoras: una tarea no puede ser su propia predecesora'
              : `Predecesoras: ${ref.label} es resumen o parte de esta tarea; no se pueden vincular`,
        );
        return;
      }
      const lag = parseGanttLag(row.lag);
      if (!lag.ok) rowError(index, 'lag', lag.error);
      const first = rowOf.get(predecessorId);
      if (first !== undefined) {
        const label = directory.byId.get(predecessorId)?.label ?? String(predecessorId);
        rowError(index, 'task', `Predecesoras: ${label} ya está en la fila ${first + 1}`);
        return;
      }
      rowOf.set(predecessorId, index);
      if (lag.ok) predecessors.push({ predecessorId, type: row.type, lag: lag.value });
    });
    // a loop only among links that can be read
    if (Object.keys(rows).length === 0) {
      const ids = predecessors.map((link) => link.predecessorId);
      for (const link of predecessors) {
        const loop = ganttLinkLoop(tasks, id, link.predecessorId, ids);
        if (!loop) continue;
        const byId = new Map(tasks.map((candidate) => [candidate.id, candidate]));
        const names = loop.map((step) => {
          const found = byId.get(step);
          return found ? ganttTaskLabel(found) : String(step);
        });
        rowError(
          rowOf.get(link.predecessorId) as number,
          'task',
          `Predecesoras: ${names[names.length - 1] ?? ''} ya depende de esta tarea (${names.join(' → ')}); el vínculo formaría un ciclo`,
        );
      }
    }
  }
  if (Object.keys(rows).length > 0) errors.predecessors = rows;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, changes: { code, name, start, duration, predecessors } };
}
