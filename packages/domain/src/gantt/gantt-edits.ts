import { MAX_TASK_DURATION, MAX_TASK_NOTES } from '../functions/gantt-contracts';
import type { WorkingCalendar } from './calendar';
import { dayNumber, isoDay } from './calendar';
import type { PredecessorLink } from './predecessors';
import { MAX_LAG } from './predecessors';
import type { LinkType, ScheduleOptions, ScheduleResult } from './schedule-types';
import type { IncrementalScheduler } from './incremental-scheduler';
import { schedule } from './schedule';
import { remainingAfterEntry, resumeAfterEntry } from './progress-entries';
import { flattenForest, forestOf, siblingsOf, withParent } from '../tree/ordered-forest';
import { keepLeveling, sizedByFormula, withDurationKind, withResources } from './gantt-resource-edits';
import type { DurationFormula } from '../resources/quantities';
import { assignmentErrors } from '../resources/assignments';
import type { ResourceAssignment } from '../resources/assignments';

/**
 * The Gantt screen's edits (issue 7), pure: each takes the task list and answers a new one, never
 * changing its input. The list's order is the chart's: depth-first, a parent before its children.
 * A task keeps what the user decides — its start (a "start no earlier than"), duration, progress,
 * parent and incoming links; the dates shown, float and critical path come from `scheduleDraft`.
 * Edits that cannot apply answer `{ ok: false, error }` with a Spanish message. Cycles are the
 * caller's check: it schedules after every edit and refuses the edit when the engine does.
 */

export type GanttDraftTask = {
  id: number;
  code: string;
  name: string;
  /** YYYY-MM-DD: the earliest the task may start */
  start: string;
  /** working days; 0 = milestone; a summary's is rolled up */
  duration: number;
  progress: number;
  parentId?: number;
  sourceKey?: string;
  /** incoming links */
  predecessors: PredecessorLink[];
  /** issue 15: YYYY-MM-DD, 'Inicio real' / 'Fin real' of a leaf (absent: none) */
  actualStart?: string;
  actualFinish?: string;
  /** issue 34: 'Duración restante' of a task under way, as recorded (absent: what the progress leaves) */
  remaining?: number;
  /** issue 34: 'Notas' and 'Fecha límite' (YYYY-MM-DD) (absent: none) */
  notes?: string;
  deadline?: string;
  /** issue 34: `start` is a must-start-on ('Debe comenzar el') (absent: no earlier than) */
  mustStartOn?: boolean;
  /** issue 34: 'Reanudar' of a task under way, YYYY-MM-DD (absent: at the cut-off) */
  resume?: string;
  /** issue 35: 'Recursos', the resources and their units (absent: none) */
  resources?: ResourceAssignment[];
  /**
   * issue 35: what 'Redistribuir recursos' did: the working days it moved the start by and the start
   * it had (absent: not levelled). An edit that moves the start drops them: the start is the user's.
   */
  levelingDelay?: number;
  leveledFrom?: string;
  /** issue 35: the task is sized by its EDC activity's quantity (loadGantt's DurationFormula; read only) */
  formula?: DurationFormula;
  /** issue 35: its duration was typed by hand and wins over the formula (absent: the formula's) */
  durationByHand?: boolean;
};

export type GanttEdit = { ok: true; tasks: GanttDraftTask[] } | { ok: false; error: string };

export const NEW_TASK_NAME = 'Nueva tarea';

/**
 * The engine over the draft. issue 18: a screen that schedules after every edit may pass its own
 * IncrementalScheduler (with the same calendar object each time) to recompute only what an edit moved;
 * the results are the same, and shared with its previous call where unchanged (read-only).
 */
export function scheduleDraft(
  tasks: readonly GanttDraftTask[],
  calendar: WorkingCalendar,
  options: ScheduleOptions = {},
  scheduler?: IncrementalScheduler,
): ScheduleResult {
  const scheduleTasks = tasks.map((task) => ({
    id: task.id,
    ...(task.parentId === undefined ? {} : { parentId: task.parentId }),
    start: task.start,
    duration: task.duration,
    code: task.code,
    name: task.name,
    // issue 15: progress at the cut-off (the engine reads it only with options.cutoff)
    ...(task.actualStart === undefined ? {} : { actualStart: task.actualStart }),
    ...(task.actualFinish === undefined ? {} : { actualFinish: task.actualFinish }),
    progress: task.progress,
    ...(task.remaining === undefined ? {} : { remaining: task.remaining }),
    ...(task.mustStartOn === true ? { mustStartOn: true } : {}),
    ...(task.resume === undefined ? {} : { resume: task.resume }),
  }));
  const links = [];
  for (const task of tasks) {
    for (const link of task.predecessors) {
      links.push({ from: link.predecessorId, to: task.id, type: link.type, lag: link.lag });
    }
  }
  return scheduler
    ? scheduler.schedule(scheduleTasks, links, calendar, options)
    : schedule(scheduleTasks, links, calendar, options);
}

// ---------------------------------------------------------------- the tree

export function ganttTaskLabel(task: Pick<GanttDraftTask, 'code' | 'name'>): string {
  return task.code === '' ? task.name : `${task.code} ${task.name}`;
}

/** The task and everything under it, in list order. */
export function ganttSubtreeIds(tasks: readonly Pick<GanttDraftTask, 'id' | 'parentId'>[], id: number): number[] {
  const inside = new Set<number>([id]);
  const ids: number[] = [];
  for (const task of tasks) {
    if (task.id === id || (task.parentId !== undefined && inside.has(task.parentId))) {
      inside.add(task.id);
      ids.push(task.id);
    }
  }
  return ids;
}

/** Ids of tasks that have children. */
export function ganttParentIds(tasks: readonly Pick<GanttDraftTask, 'id' | 'parentId'>[]): Set<number> {
  const ids = new Set(tasks.map((task) => task.id));
  const parents = new Set<number>();
  for (const task of tasks) if (task.parentId !== undefined && ids.has(task.parentId)) parents.add(task.parentId);
  return parents;
}

/**
 * A new task's id: above every id in the list and above `floor` (the highest TaskID loaded), so a
 * new task never takes the id of a built task deleted since the load (the server would keep that
 * task's source for it).
 */
export function nextGanttTaskId(tasks: readonly GanttDraftTask[], floor = 0): number {
  let highest = floor;
  for (const task of tasks) if (task.id > highest) highest = task.id;
  return highest + 1;
}

/**
 * Adds a leaf task after the selected task's subtree, under the same parent; with nothing
 * selected, at the end of the list at the top level. It starts at `start`, lasts 5 working days.
 */
export function addGanttTask(
  tasks: readonly GanttDraftTask[],
  selectedId: number | undefined,
  task: { id: number; start: string; name?: string; duration?: number },
): GanttEdit {
  if (tasks.some((existing) => existing.id === task.id)) return { ok: false, error: `El TaskID ${task.id} ya existe` };
  const created: GanttDraftTask = {
    id: task.id,
    code: '',
    name: task.name ?? NEW_TASK_NAME,
    start: task.start,
    duration: task.duration ?? 5,
    progress: 0,
    predecessors: [],
  };
  const forest = forestOf(tasks);
  const selected = selectedId === undefined ? undefined : forest.byId.get(selectedId);
  if (!selected) {
    forest.roots.push(created.id);
    forest.byId.set(created.id, created);
    return { ok: true, tasks: flattenForest(forest) };
  }
  const placed = withParent(created, selected.parentId);
  const siblings = siblingsOf(forest, selected);
  siblings.splice(siblings.indexOf(selected.id) + 1, 0, placed.id);
  forest.byId.set(placed.id, placed);
  return { ok: true, tasks: flattenForest(forest) };
}

/** Deletes the task, its subtree, and every link into or out of them. */
export function deleteGanttTask(tasks: readonly GanttDraftTask[], id: number): GanttEdit {
  if (!tasks.some((task) => task.id === id)) return { ok: false, error: 'La tarea no existe' };
  const gone = new Set(ganttSubtreeIds(tasks, id));
  return {
    ok: true,
    tasks: tasks
      .filter((task) => !gone.has(task.id))
      .map((task) =>
        task.predecessors.some((link) => gone.has(link.predecessorId))
          ? { ...task, predecessors: task.predecessors.filter((link) => !gone.has(link.predecessorId)) }
          : task,
      ),
  };
}

/** Indent: the task becomes the last child of its previous sibling (which becomes a summary). */
export function indentGanttTask(tasks: readonly GanttDraftTask[], id: number): GanttEdit {
  const forest = forestOf(tasks);
  const task = forest.byId.get(id);
  if (!task) return { ok: false, error: 'La tarea no existe' };
  const siblings = siblingsOf(forest, task);
  const at = siblings.indexOf(id);
  const previous = at > 0 ? siblings[at - 1] : undefined;
  if (previous === undefined) {
    return {
      ok: false,
      error: `${ganttTaskLabel(task)} no tiene una tarea anterior en su nivel bajo la cual indentarla`,
    };
  }
  siblings.splice(at, 1);
  const newSiblings = forest.children.get(previous) ?? [];
  newSiblings.push(id);
  forest.children.set(previous, newSiblings);
  forest.byId.set(id, withParent(task, previous));
  return { ok: true, tasks: flattenForest(forest) };
}

/** Outdent: the task becomes the next sibling of its parent. */
export function outdentGanttTask(tasks: readonly GanttDraftTask[], id: number): GanttEdit {
  const forest = forestOf(tasks);
  const task = forest.byId.get(id);
  if (!task) return { ok: false, error: 'La tarea no existe' };
  const parent = task.parentId === undefined ? undefined : forest.byId.get(task.parentId);
  if (!parent) return { ok: false, error: `${ganttTaskLabel(task)} ya está en el primer nivel` };
  const siblings = forest.children.get(parent.id) ?? [];
  siblings.splice(siblings.indexOf(id), 1);
  const parentSiblings = siblingsOf(forest, parent);
  parentSiblings.splice(parentSiblings.indexOf(parent.id) + 1, 0, id);
  forest.byId.set(id, withParent(task, parent.parentId));
  return { ok: true, tasks: flattenForest(forest) };
}

// ---------------------------------------------------------------- dates, durations, progress

function replace(tasks: readonly GanttDraftTask[], id: number, change: (task: GanttDraftTask) => GanttDraftTask) {
  return tasks.map((task) => (task.id === id ? keepLeveling(task, change(task)) : task));
}

/**
 * Moves a task to start on `start` (or the first working day after it): that becomes its "start no
 * earlier than". A summary moves its whole subtree: every leaf under it shifts by the same number of
 * working days from where the chart shows it (`shownStarts`, else its own start), and that is its
 * new "no earlier than".
 */
export function moveGanttTask(
  tasks: readonly GanttDraftTask[],
  id: number,
  start: string,
  calendar: WorkingCalendar,
  /** a summary's start as the chart shows it (its rolled-up start) */
  shownStart?: string,
  /** the computed starts (scheduleDraft's), for a summary's leaves */
  shownStarts?: ReadonlyMap<number, { start: string }>,
): GanttEdit {
  const task = tasks.find((candidate) => candidate.id === id);
  if (!task) return { ok: false, error: 'La tarea no existe' };
  const target = calendar.indexOf(dayNumber(start));
  if (!ganttParentIds(tasks).has(id)) {
    return { ok: true, tasks: replace(tasks, id, (old) => ({ ...old, start: isoDay(calendar.dayAt(target)) })) };
  }
  const shift = target - calendar.indexOf(dayNumber(shownStart ?? task.start));
  if (shift === 0) return { ok: true, tasks: [...tasks] };
  const inside = new Set(ganttSubtreeIds(tasks, id));
  return {
    ok: true,
    tasks: tasks.map((candidate) =>
      inside.has(candidate.id)
        ? keepLeveling(candidate, {
            ...candidate,
            start: isoDay(
              calendar.dayAt(
                calendar.indexOf(dayNumber(shownStarts?.get(candidate.id)?.start ?? candidate.start)) + shift,
              ),
            ),
          })
        : candidate,
    ),
  };
}

/**
 * Stretches a leaf so that it starts on `start` and ends on `lastDay` (the last working day on or
 * before it): its duration becomes the working days between them, at least 1.
 */
export function resizeGanttTask(
  tasks: readonly GanttDraftTask[],
  id: number,
  start: string,
  lastDay: string,
  calendar: WorkingCalendar,
): GanttEdit {
  const task = tasks.find((candidate) => candidate.id === id);
  if (!task) return { ok: false, error: 'La tarea no existe' };
  if (ganttParentIds(tasks).has(id)) {
    return { ok: false, error: `${ganttTaskLabel(task)} es una tarea resumen: su duración sale de sus tareas` };
  }
  const startIndex = calendar.indexOf(dayNumber(start));
  // the last working day on or before lastDay
  const endIndex = calendar.indexOf(dayNumber(lastDay) + 1) - 1;
  const duration = Math.min(MAX_TASK_DURATION, Math.max(1, endIndex - startIndex + 1));
  return {
    ok: true,
    tasks: replace(tasks, id, (old) =>
      sizedByFormula(old, { ...old, start: isoDay(calendar.dayAt(startIndex)), duration }),
    ),
  };
}

export function setGanttProgress(tasks: readonly GanttDraftTask[], id: number, progress: number): GanttEdit {
  if (!tasks.some((task) => task.id === id)) return { ok: false, error: 'La tarea no existe' };
  if (!Number.isFinite(progress)) return { ok: false, error: 'El avance debe ser un número entre 0 y 100' };
  const value = Math.min(100, Math.max(0, Math.round(progress)));
  return { ok: true, tasks: replace(tasks, id, (old) => withProgress(old, { progress: value })) };
}

// ---------------------------------------------------------------- the editor and links

export type GanttTaskChanges = {
  code: string;
  name: string;
  start: string;
  duration: number;
  progress: number;
  predecessors: PredecessorLink[];
  /**
   * issue 15: 'Inicio real' / 'Fin real' of a leaf (YYYY-MM-DD; null: none; absent: as they are).
   * The caller checks them against the cut-off (progressEntryErrors).
   */
  actualStart?: string | null;
  actualFinish?: string | null;
  /**
   * issue 34: 'Duración restante' of a task under way (null: none, the progress decides; absent: kept
   * while the progress and the actual dates are, else none: remainingAfterEntry)
   */
  remaining?: number | null;
  /** issue 34: 'Notas' and 'Fecha límite' (YYYY-MM-DD); null or '': none; absent: as they are */
  notes?: string | null;
  deadline?: string | null;
  /** issue 34: 'Debe comenzar el' (absent: as it is) */
  mustStartOn?: boolean;
  /** issue 34: 'Reanudar' of a task under way (YYYY-MM-DD; null or '': none; absent: by resumeAfterEntry) */
  resume?: string | null;
  /** issue 35: 'Recursos' ([]: none; absent: as they are) */
  resources?: readonly ResourceAssignment[];
  /** issue 35: true: the duration typed by hand wins; false: the formula sizes it; absent: sizedByFormula reads the edit */
  durationByHand?: boolean;
};

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isRealDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  try {
    dayNumber(value);
    return true;
  } catch {
    return false;
  }
}

/** The editor's fields, checked one by one (the message names the field). */
/**
 * A task's progress after an edit: its actual dates as they were where the changes leave them out,
 * none for null; its remaining duration by remainingAfterEntry (issue 34).
 */
function withProgress(
  task: GanttDraftTask,
  changes: Pick<GanttTaskChanges, 'progress' | 'actualStart' | 'actualFinish' | 'remaining' | 'resume'>,
): GanttDraftTask {
  const start = changes.actualStart === undefined ? task.actualStart : (changes.actualStart ?? undefined);
  const finish = changes.actualFinish === undefined ? task.actualFinish : (changes.actualFinish ?? undefined);
  const after = {
    progress: changes.progress,
    ...(start === undefined ? {} : { actualStart: start }),
    ...(finish === undefined ? {} : { actualFinish: finish }),
  };
  const remaining = remainingAfterEntry(task, {
    ...after,
    ...(changes.remaining === undefined ? {} : { remaining: changes.remaining }),
  });
  const resume = resumeAfterEntry(task, {
    ...after,
    ...(changes.resume === undefined ? {} : { resume: changes.resume === '' ? null : changes.resume }),
  });
  const next = { ...task, progress: changes.progress };
  delete next.actualStart;
  delete next.actualFinish;
  delete next.remaining;
  delete next.resume;
  if (start !== undefined) next.actualStart = start;
  if (finish !== undefined) next.actualFinish = finish;
  if (remaining !== undefined) next.remaining = remaining;
  if (resume !== undefined) next.resume = resume;
  return next;
}

/** A task's notes and deadline after an edit: as they were where the changes leave them out; none for null or ''. */
function withNotes(task: GanttDraftTask, changes: Pick<GanttTaskChanges, 'notes' | 'deadline'>): GanttDraftTask {
  const next = { ...task };
  if (changes.notes !== undefined) {
    delete next.notes;
    const notes = (changes.notes ?? '').trimEnd();
    if (notes.trim() !== '') next.notes = notes;
  }
  if (changes.deadline !== undefined) {
    delete next.deadline;
    if (changes.deadline !== null && changes.deadline !== '') next.deadline = changes.deadline;
  }
  return next;
}

/** issue 34: a task's start kind after an edit: a must-start-on or not, as the changes say, else as it was. */
function withStartKind(task: GanttDraftTask, changes: Pick<GanttTaskChanges, 'mustStartOn'>): GanttDraftTask {
  if (changes.mustStartOn === undefined) return task;
  const next = { ...task };
  delete next.mustStartOn;
  if (changes.mustStartOn) next.mustStartOn = true;
  return next;
}

export function updateGanttTask(tasks: readonly GanttDraftTask[], id: number, changes: GanttTaskChanges): GanttEdit {
  const task = tasks.find((candidate) => candidate.id === id);
  if (!task) return { ok: false, error: 'La tarea no existe' };
  const name = changes.name.trim();
  if (name === '') return { ok: false, error: 'Nombre: es obligatorio' };
  if (name.length > 200) return { ok: false, error: 'Nombre: debe tener como máximo 200 caracteres' };
  const code = changes.code.trim();
  if (code.length > 120) return { ok: false, error: 'Código: debe tener como máximo 120 caracteres' };
  if (!isRealDate(changes.start)) return { ok: false, error: 'Inicio: no es una fecha válida' };
  if (!Number.isInteger(changes.duration) || changes.duration < 0 || changes.duration > MAX_TASK_DURATION) {
    return { ok: false, error: `Duración: debe ser un número entero de días hábiles entre 0 y ${MAX_TASK_DURATION}` };
  }
  if (!Number.isFinite(changes.progress) || changes.progress < 0 || changes.progress > 100) {
    return { ok: false, error: 'Avance: debe ser un número entre 0 y 100' };
  }
  if (typeof changes.actualStart === 'string' && !isRealDate(changes.actualStart))
    return { ok: false, error: 'Inicio real: no es una fecha válida' };
  if (typeof changes.actualFinish === 'string' && !isRealDate(changes.actualFinish))
    return { ok: false, error: 'Fin real: no es una fecha válida' };
  if (typeof changes.deadline === 'string' && changes.deadline !== '' && !isRealDate(changes.deadline))
    return { ok: false, error: 'Fecha límite: no es una fecha válida' };
  if (typeof changes.resume === 'string' && changes.resume !== '' && !isRealDate(changes.resume))
    return { ok: false, error: 'Reanudar: no es una fecha válida' };
  if (typeof changes.notes === 'string' && changes.notes.length > MAX_TASK_NOTES)
    return { ok: false, error: `Notas: deben tener como máximo ${MAX_TASK_NOTES} caracteres` };
  if (
    typeof changes.remaining === 'number' &&
    (!Number.isInteger(changes.remaining) || changes.remaining < 0 || changes.remaining > MAX_TASK_DURATION)
  ) {
    return {
      ok: false,
      error: `Duración restante: debe ser un número entero de días hábiles entre 0 y ${MAX_TASK_DURATION}`,
    };
  }
  if (changes.resources !== undefined) {
    const [error] = assignmentErrors(changes.resources);
    if (error !== undefined) return { ok: false, error: `Recursos: ${error}` };
  }
  const ids = new Set(tasks.map((candidate) => candidate.id));
  const seen = new Set<number>();
  for (const link of changes.predecessors) {
    if (link.predecessorId === id)
      return { ok: false, error: 'Predecesoras: una tarea no puede ser su propia predecesora' };
    if (!ids.has(link.predecessorId)) {
      return { ok: false, error: `Predecesoras: la tarea ${link.predecessorId} no está en el Gantt` };
    }
    if (seen.has(link.predecessorId)) {
      return { ok: false, error: `Predecesoras: la tarea ${link.predecessorId} aparece dos veces` };
    }
    seen.add(link.predecessorId);
    if (!Number.isInteger(link.lag) || Math.abs(link.lag) > MAX_LAG) {
      return { ok: false, error: `Predecesoras: el desfase debe ser un número entero entre -${MAX_LAG} y ${MAX_LAG}` };
    }
  }
  return {
    ok: true,
    tasks: replace(tasks, id, (old) =>
      sizedByFormula(old, {
        ...withDurationKind(
          withResources(
            withStartKind(
              withNotes(withProgress(old, { ...changes, progress: Math.round(changes.progress) }), changes),
              changes,
            ),
            changes,
          ),
          changes,
        ),
        code,
        name,
        start: changes.start,
        duration: changes.duration,
        // a generated link the editor left as it was (same predecessor, type and lag) stays generated
        predecessors: changes.predecessors.map((link) => {
          const before = old.predecessors.find((candidate) => candidate.predecessorId === link.predecessorId);
          const kept = before?.generated === true && before.type === link.type && before.lag === link.lag;
          const plain = { predecessorId: link.predecessorId, type: link.type, lag: link.lag };
          return kept ? { ...plain, generated: true as const } : plain;
        }),
      }),
    ),
  };
}

/** A link drawn on the chart; one link per pair of tasks (drawing it again changes its type). */
export function addGanttLink(
  tasks: readonly GanttDraftTask[],
  from: number,
  to: number,
  type: LinkType,
  lag = 0,
): GanttEdit {
  if (from === to) return { ok: false, error: 'Una tarea no puede ser su propia predecesora' };
  const source = tasks.find((task) => task.id === from);
  const target = tasks.find((task) => task.id === to);
  if (!source || !target) return { ok: false, error: 'La tarea no existe' };
  if (ganttSubtreeIds(tasks, from).includes(to) || ganttSubtreeIds(tasks, to).includes(from)) {
    return { ok: false, error: 'No se puede vincular una tarea resumen con sus propias tareas' };
  }
  return {
    ok: true,
    tasks: replace(tasks, to, (old) => ({
      ...old,
      predecessors: [
        ...old.predecessors.filter((link) => link.predecessorId !== from),
        { predecessorId: from, type, lag },
      ],
    })),
  };
}

export function removeGanttLink(tasks: readonly GanttDraftTask[], from: number, to: number): GanttEdit {
  const target = tasks.find((task) => task.id === to);
  if (!target?.predecessors.some((link) => link.predecessorId === from)) {
    return { ok: false, error: 'El vínculo no existe' };
  }
  return {
    ok: true,
    tasks: replace(tasks, to, (old) => ({
      ...old,
      predecessors: old.predecessors.filter((link) => link.predecessorId !== from),
    })),
  };
}
