import { assignmentsKey } from '@cimiento/domain/resources';
import { ganttTaskLabel } from '@cimiento/domain';
import type { GanttDraftTask, ProjectCalendar, WorkingCalendar } from '@cimiento/domain';

/**
 * 'Deshacer' / 'Rehacer' (issue 32): the Gantt's edits as steps. A step keeps the editable state
 * (the task list and the project's calendar, with the engine's calendar made from it) on one side
 * of an edit; the schedule is recomputed from it when it comes back. The domain's edits never
 * change their input, so a step holds the lists by reference: a step costs one array, not a copy.
 */
export type GanttSnapshot = {
  tasks: GanttDraftTask[];
  projectCalendar: ProjectCalendar;
  calendar: WorkingCalendar;
};

/** One step: the state on the other side of the edit, and the lists the edit went between (its name). */
export type GanttUndoStep = GanttSnapshot & { before: readonly GanttDraftTask[]; after: readonly GanttDraftTask[] };

/** How many edits 'Deshacer' can go back (as the EDP's). */
export const GANTT_UNDO_LIMIT = 100;

/** What a step changed, for the buttons' tooltips ('Deshacer: Duración de ACT3 Instalación'). */
export type GanttStepKind =
  'add' | 'delete' | 'duration' | 'start' | 'dates' | 'links' | 'level' | 'name' | 'progress' | 'task' | 'calendar';

export type GanttStepName = { kind: GanttStepKind; task?: string; count?: number };

type TaskField = 'duration' | 'start' | 'links' | 'level' | 'name' | 'progress' | 'task';

function sameLinks(before: GanttDraftTask['predecessors'], after: GanttDraftTask['predecessors']): boolean {
  if (before === after) return true;
  if (before.length !== after.length) return false;
  return before.every((link, index) => {
    const other = after[index];
    return (
      other !== undefined &&
      link.predecessorId === other.predecessorId &&
      link.type === other.type &&
      link.lag === other.lag &&
      link.generated === other.generated
    );
  });
}

function changedFields(before: GanttDraftTask, after: GanttDraftTask): Set<TaskField> {
  const fields = new Set<TaskField>();
  if (before.duration !== after.duration) fields.add('duration');
  if (before.start !== after.start) fields.add('start');
  if (!sameLinks(before.predecessors, after.predecessors)) fields.add('links');
  if (before.parentId !== after.parentId) fields.add('level');
  if (before.name !== after.name || before.code !== after.code) fields.add('name');
  if (
    before.progress !== after.progress ||
    before.actualStart !== after.actualStart ||
    before.actualFinish !== after.actualFinish ||
    before.remaining !== after.remaining ||
    before.resume !== after.resume
  )
    fields.add('progress');
  // issue 34: a start made fixed or free is an edit of the start
  if (before.mustStartOn !== after.mustStartOn) fields.add('start');
  // issue 34: notes and deadline are named as an edit of the task
  if (before.notes !== after.notes || before.deadline !== after.deadline) fields.add('task');
  // issue 35: the resources are named as an edit of the task
  if (assignmentsKey(before.resources) !== assignmentsKey(after.resources)) fields.add('task');
  return fields;
}

function kindOf(fields: Set<TaskField>): GanttStepKind {
  if (fields.size === 2 && fields.has('start') && fields.has('duration')) return 'dates';
  if (fields.size === 1) return [...fields][0] as TaskField;
  // indenting and outdenting move a task under another parent; a link is dropped with it at most
  if (fields.has('level')) return 'level';
  return 'task';
}

/**
 * The name of the edit between two task lists: a task added or deleted, the field that changed
 * (duration, start, both after a stretch, links, level, name, progress) of one task or of several
 * ('Inicio de 12 tareas' when a summary moves); the calendar when the lists are the same.
 */
export function describeGanttStep(before: readonly GanttDraftTask[], after: readonly GanttDraftTask[]): GanttStepName {
  if (before === after) return { kind: 'calendar' };
  // issue 32 (speed): most edits keep every row where it was; read row by row, no index of 10,000 tasks
  const sameRows = before.length === after.length && after.every((task, index) => before[index]?.id === task.id);
  if (sameRows) return namedChange(after, (task, index) => before[index] as GanttDraftTask);
  const beforeById = new Map(before.map((task) => [task.id, task]));
  if (after.length > before.length) {
    const added = after.filter((task) => !beforeById.has(task.id));
    const first = added[0];
    return added.length === 1 && first
      ? { kind: 'add', task: ganttTaskLabel(first) }
      : { kind: 'add', count: added.length };
  }
  const afterIds = new Set(after.map((task) => task.id));
  const removed = before.filter((task) => !afterIds.has(task.id));
  if (removed.length > 0) {
    // the task deleted is the first of its subtree in the list
    const first = removed[0] as GanttDraftTask;
    return { kind: 'delete', task: ganttTaskLabel(first) };
  }
  return namedChange(after, (task) => beforeById.get(task.id));
}

/** The name of an edit that added and deleted no task: the fields changed, of one task or of several. */
function namedChange(
  after: readonly GanttDraftTask[],
  before: (task: GanttDraftTask, index: number) => GanttDraftTask | undefined,
): GanttStepName {
  const fields = new Set<TaskField>();
  const changed: { task: GanttDraftTask; old: GanttDraftTask }[] = [];
  for (let index = 0; index < after.length; index += 1) {
    const task = after[index] as GanttDraftTask;
    const old = before(task, index);
    if (!old || old === task) continue;
    const taskFields = changedFields(old, task);
    if (taskFields.size === 0) continue;
    changed.push({ task, old });
    for (const field of taskFields) fields.add(field);
  }
  const kind = fields.size === 0 ? 'task' : kindOf(fields);
  const only = changed[0];
  if (changed.length === 1 && only) return { kind, task: ganttTaskLabel(only.task) };
  if (kind === 'level') {
    // a task indented takes its subtree with it: name the one whose parent changed
    const moved = changed.filter(({ task, old }) => old.parentId !== task.parentId);
    const top = moved[0];
    if (moved.length === 1 && top) return { kind, task: ganttTaskLabel(top.task) };
  }
  return { kind, count: changed.length };
}
