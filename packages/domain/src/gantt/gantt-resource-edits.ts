import { assignmentErrors } from '../resources/assignments';
import type { ResourceAssignment } from '../resources/assignments';
import { taskFormulaDays } from '../resources/quantities';
import type { GanttDraftTask, GanttEdit } from './gantt-edits';

/**
 * The Gantt's resource edits (issue 35), pure like gantt-edits.ts: a task's 'Recursos' and what
 * 'Redistribuir recursos' left on it (its delay and the start it had).
 */

/** issue 35: a task whose start an edit moved is no longer where the levelling put it: its levelling goes. */
export function keepLeveling(before: GanttDraftTask, after: GanttDraftTask): GanttDraftTask {
  if (after.leveledFrom === undefined || after.start === before.start) return after;
  const { levelingDelay: _delay, leveledFrom: _from, ...rest } = after;
  return rest;
}

/**
 * issue 35: 'Quitar redistribución': every levelled task (or those of `ids`) back on the start it had
 * before the levelling, its delay gone.
 */
export function removeGanttLeveling(tasks: readonly GanttDraftTask[], ids?: Iterable<number>): GanttEdit {
  const only = ids === undefined ? undefined : new Set(ids);
  let changed = 0;
  const next = tasks.map((task) => {
    if (task.leveledFrom === undefined || (only !== undefined && !only.has(task.id))) return task;
    changed += 1;
    const { levelingDelay: _delay, leveledFrom, ...rest } = task;
    return { ...rest, start: leveledFrom };
  });
  if (changed === 0) return { ok: false, error: 'Ninguna tarea tiene redistribución' };
  return { ok: true, tasks: next };
}

/** issue 35: a task's resources ('Recursos'), checked as saveGantt checks them; [] for none. */
export function setGanttResources(
  tasks: readonly GanttDraftTask[],
  id: number,
  resources: readonly ResourceAssignment[],
): GanttEdit {
  if (!tasks.some((task) => task.id === id)) return { ok: false, error: 'La tarea no existe' };
  const [error] = assignmentErrors(resources);
  if (error !== undefined) return { ok: false, error: `Recursos: ${error}` };
  return {
    ok: true,
    tasks: tasks.map((task) => (task.id === id ? sizedByFormula(task, withResources(task, { resources })) : task)),
  };
}

/**
 * issue 35, a task sized by its quantity (docs/RESOURCES.md "Quantities and durations") after an
 * edit: a duration typed by hand stays so; an edit that left the duration as it was follows the
 * formula on the task's crews now (effort-driven: more crews of the activity's resource, fewer
 * days); a new duration that is the formula's is the formula's, and any other is typed by hand.
 */
export function sizedByFormula(before: GanttDraftTask, after: GanttDraftTask): GanttDraftTask {
  if (after.formula === undefined || after.durationByHand === true) return after;
  const days = taskFormulaDays(after.formula, after.resources);
  if (days === undefined) return after;
  if (after.duration === before.duration) return after.duration === days ? after : { ...after, duration: days };
  if (after.duration === days) return after;
  return { ...after, durationByHand: true };
}

/**
 * issue 35, 'Calcular con el rendimiento': a task's duration typed by hand given back to its
 * quantity's formula on its crews now.
 */
export function applyFormulaDuration(tasks: readonly GanttDraftTask[], id: number): GanttEdit {
  const task = tasks.find((candidate) => candidate.id === id);
  if (!task) return { ok: false, error: 'La tarea no existe' };
  const days = task.formula === undefined ? undefined : taskFormulaDays(task.formula, task.resources);
  if (days === undefined) return { ok: false, error: 'La tarea no tiene cantidad ni rendimiento' };
  return {
    ok: true,
    tasks: tasks.map((candidate) => {
      if (candidate.id !== id) return candidate;
      const { durationByHand: _byHand, ...rest } = candidate;
      return { ...rest, duration: days };
    }),
  };
}

/** issue 35: a task's resources after an edit: as the changes say ([]: none), else as they were. */
export function withResources(
  task: GanttDraftTask,
  changes: { resources?: readonly ResourceAssignment[] },
): GanttDraftTask {
  if (changes.resources === undefined) return task;
  const next = { ...task };
  delete next.resources;
  if (changes.resources.length > 0) next.resources = changes.resources.map((item) => ({ ...item }));
  return next;
}

/** issue 35: a task's duration kind after an edit: typed by hand or the formula's, as the changes say, else as it was. */
export function withDurationKind(task: GanttDraftTask, changes: { durationByHand?: boolean }): GanttDraftTask {
  if (changes.durationByHand === undefined) return task;
  const next = { ...task };
  delete next.durationByHand;
  if (changes.durationByHand) next.durationByHand = true;
  return next;
}
