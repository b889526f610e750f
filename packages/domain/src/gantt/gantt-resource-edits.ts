import { assignmentErrors } from '../resources/assignments';
import type { ResourceAssignment } from '../resources/assignments';
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
    tasks: tasks.map((task) => (task.id === id ? withResources(task, { resources }) : task)),
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
