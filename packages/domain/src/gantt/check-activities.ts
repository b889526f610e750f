import type { GanttLinkRecord, GanttTaskRecord } from './build-gantt';
import { parsePredecessors } from './predecessors';
import type { ResourceAssignment } from '../resources/assignments';

/** A task of a saved Gantt as saveGantt receives it (the contract's GanttTaskInput, with its optional fields). */
export type GanttActivityInput = {
  TaskID: number;
  TaskCode: string;
  TaskName: string;
  /** issue 32: the task's "start no earlier than" (loadGantt's field of the same name); wins over StartDate */
  StartNoEarlierThan?: string | undefined;
  /** the task's "start no earlier than" when StartNoEarlierThan is not sent (else ignored) */
  StartDate?: string | undefined;
  Duration: number;
  Progress: number;
  ParentId?: number | null | undefined;
  Predecessor: string;
  generatedPredecessors?: number[] | undefined;
  /** issue 15: absent: as stored; null: none */
  ActualStart?: string | null | undefined;
  ActualFinish?: string | null | undefined;
  /** issue 34: absent: as stored while the progress and actual dates are (remainingAfterEntry); null: none */
  RemainingDuration?: number | null | undefined;
  /** issue 34: absent: as stored; null: none */
  Notes?: string | null | undefined;
  Deadline?: string | null | undefined;
  /** issue 34: 'Debe comenzar el' (absent: as stored; null or false: no earlier than) */
  MustStartOn?: boolean | null | undefined;
  /** issue 34: 'Reanudar' (absent: as stored while the progress and actual dates are; null: none) */
  Resume?: string | null | undefined;
  /** issue 35: 'Recursos' (absent: as stored; null or []: none) */
  Resources?: readonly ResourceAssignment[] | null | undefined;
  /** issue 35: what levelling did (both or neither; absent: as stored while the start is) */
  LevelingDelay?: number | null | undefined;
  LeveledFrom?: string | null | undefined;
  /** issue 35: the Duration typed by hand wins over the quantity's formula (absent: inferred; null: as absent) */
  DurationByHand?: boolean | null | undefined;
};

/** The first rule a saved list breaks: the task and the Spanish message that names it ('Tarea 1.2 (7): …'). */
export type GanttActivityError = { taskId: number; message: string };

export type CheckActivitiesResult =
  { ok: true; tasks: GanttTaskRecord[]; links: GanttLinkRecord[] } | { ok: false; error: GanttActivityError };

/**
 * The start a saved task asks for (issue 32): its StartNoEarlierThan when sent, else its StartDate.
 * In loadGantt's answer StartDate is where the links put the task; taking it as the constraint
 * would pin a loaded task sent back as it came at its old computed start.
 */
export function activityStart(task: Pick<GanttActivityInput, 'StartNoEarlierThan' | 'StartDate'>): string | undefined {
  return task.StartNoEarlierThan ?? task.StartDate;
}

/** How a message names a task: 'Tarea <code> (<id>)', or 'Tarea (<id>)' without a code. */
export function ganttActivityLabel(task: Pick<GanttActivityInput, 'TaskID' | 'TaskCode'>): string {
  return task.TaskCode === '' ? `Tarea (${task.TaskID})` : `Tarea ${task.TaskCode} (${task.TaskID})`;
}

/** A broken rule of `task`, its message prefixed with the task's label. */
export function ganttActivityError(
  task: Pick<GanttActivityInput, 'TaskID' | 'TaskCode'>,
  what: string,
): GanttActivityError {
  return { taskId: task.TaskID, message: `${ganttActivityLabel(task)}: ${what}` };
}

/**
 * The rules of a saved Gantt's list that do not need the schedule (saveGantt, importGantt): unique
 * TaskIDs, summary tasks that exist and form no cycle, a start on every task, predecessors that
 * parse and exist. Answers the list as records (each one's start: activityStart) and links, or the
 * first broken rule, in the order they are checked.
 */
export function checkActivities(activities: readonly GanttActivityInput[]): CheckActivitiesResult {
  const refused = (task: Pick<GanttActivityInput, 'TaskID' | 'TaskCode'>, what: string): CheckActivitiesResult => ({
    ok: false,
    error: ganttActivityError(task, what),
  });
  const byId = new Map<number, GanttActivityInput>();
  for (const task of activities) {
    const first = byId.get(task.TaskID);
    if (first) return refused(task, `el TaskID ${task.TaskID} ya lo usa la tarea ${first.TaskCode || first.TaskName}`);
    byId.set(task.TaskID, task);
  }
  for (const task of activities) {
    const parentId = task.ParentId ?? undefined;
    if (parentId === undefined) continue;
    if (parentId === task.TaskID) return refused(task, 'no puede ser su propia tarea resumen');
    if (!byId.has(parentId)) return refused(task, `su tarea resumen ${parentId} no está en el Gantt`);
  }
  // a parent chain that loops never reaches a root: walk each chain once, remembering finished tasks
  const rooted = new Set<number>();
  for (const task of activities) {
    const chain: number[] = [];
    const onChain = new Set<number>();
    let current: GanttActivityInput | undefined = task;
    while (current && !rooted.has(current.TaskID)) {
      if (onChain.has(current.TaskID)) {
        const loop = [...chain.slice(chain.indexOf(current.TaskID)), current.TaskID].map((id) => {
          const looped = byId.get(id) as GanttActivityInput;
          return looped.TaskCode === '' ? `(${id})` : `${looped.TaskCode} (${id})`;
        });
        return refused(current, `las tareas resumen forman un ciclo: ${loop.join(' → ')}`);
      }
      chain.push(current.TaskID);
      onChain.add(current.TaskID);
      const parentId: number | undefined = current.ParentId ?? undefined;
      current = parentId === undefined ? undefined : byId.get(parentId);
    }
    for (const id of chain) rooted.add(id);
  }

  for (const task of activities) {
    if (activityStart(task) === undefined) return refused(task, 'StartNoEarlierThan: es obligatorio');
  }

  const links: GanttLinkRecord[] = [];
  for (const task of activities) {
    const parsed = parsePredecessors(task.Predecessor);
    if (!parsed.ok) return refused(task, `Predecessor: ${parsed.error}`);
    for (const link of parsed.links) {
      if (link.predecessorId === task.TaskID) return refused(task, 'no puede ser su propio predecesor');
      if (!byId.has(link.predecessorId)) {
        return refused(task, `Predecessor: la tarea ${link.predecessorId} no está en el Gantt`);
      }
      links.push({ from: link.predecessorId, to: task.TaskID, type: link.type, lag: link.lag });
    }
  }
  const tasks = activities.map((task): GanttTaskRecord => {
    const record: GanttTaskRecord = {
      id: task.TaskID,
      sourceKey: null,
      code: task.TaskCode,
      name: task.TaskName,
      start: activityStart(task) as string,
      duration: task.Duration,
      progress: task.Progress,
    };
    if (typeof task.ActualStart === 'string') record.actualStart = task.ActualStart;
    if (typeof task.ActualFinish === 'string') record.actualFinish = task.ActualFinish;
    // issue 34: blank notes are none
    if (typeof task.Notes === 'string' && task.Notes.trim() !== '') record.notes = task.Notes.trimEnd();
    if (typeof task.Deadline === 'string') record.deadline = task.Deadline;
    if (task.MustStartOn === true) record.mustStartOn = true;
    if (typeof task.Resume === 'string') record.resume = task.Resume;
    if (typeof task.LevelingDelay === 'number' && typeof task.LeveledFrom === 'string') {
      record.levelingDelay = task.LevelingDelay;
      record.leveledFrom = task.LeveledFrom;
    }
    if (task.Resources != null && task.Resources.length > 0) {
      record.resources = task.Resources.map((item) => ({ resourceId: item.resourceId, units: item.units }));
    }
    const parentId = task.ParentId ?? undefined;
    return parentId === undefined ? record : { ...record, parentId };
  });
  return { ok: true, tasks, links };
}
