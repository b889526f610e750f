import { parsePredecessors } from '@cimiento/domain';
import type { GanttLinkRecord, GanttTaskRecord } from '@cimiento/domain';
import { HttpsError } from '../core/https-error';

export type TaskInput = {
  TaskID: number;
  TaskCode: string;
  TaskName: string;
  StartDate: string;
  Duration: number;
  Progress: number;
  ParentId?: number | null | undefined;
  Predecessor: string;
  generatedPredecessors?: number[] | undefined;
  /** issue 15: absent: as stored; null: none */
  ActualStart?: string | null | undefined;
  ActualFinish?: string | null | undefined;
};

function taskLabel(task: Pick<TaskInput, 'TaskID' | 'TaskCode'>): string {
  return task.TaskCode === '' ? `Tarea (${task.TaskID})` : `Tarea ${task.TaskCode} (${task.TaskID})`;
}

export function refuse(task: Pick<TaskInput, 'TaskID' | 'TaskCode'>, what: string): HttpsError {
  return new HttpsError('INVALID_ARGUMENT', `${taskLabel(task)}: ${what}`);
}

/** The saved list as records and links, after every rule that does not need the schedule; throws the first broken rule. */
export function checkActivities(activities: readonly TaskInput[]): {
  tasks: GanttTaskRecord[];
  links: GanttLinkRecord[];
} {
  const byId = new Map<number, TaskInput>();
  for (const task of activities) {
    const first = byId.get(task.TaskID);
    if (first) throw refuse(task, `el TaskID ${task.TaskID} ya lo usa la tarea ${first.TaskCode || first.TaskName}`);
    byId.set(task.TaskID, task);
  }
  for (const task of activities) {
    const parentId = task.ParentId ?? undefined;
    if (parentId === undefined) continue;
    if (parentId === task.TaskID) throw refuse(task, 'no puede ser su propia tarea resumen');
    if (!byId.has(parentId)) throw refuse(task, `su tarea resumen ${parentId} no está en el Gantt`);
  }
  // a parent chain that loops never reaches a root: walk each chain once, remembering finished tasks
  const rooted = new Set<number>();
  for (const task of activities) {
    const chain: number[] = [];
    const onChain = new Set<number>();
    let current: TaskInput | undefined = task;
    while (current && !rooted.has(current.TaskID)) {
      if (onChain.has(current.TaskID)) {
        const loop = [...chain.slice(chain.indexOf(current.TaskID)), current.TaskID].map((id) => {
          const looped = byId.get(id) as TaskInput;
          return looped.TaskCode === '' ? `(${id})` : `${looped.TaskCode} (${id})`;
        });
        throw refuse(current, `las tareas resumen forman un ciclo: ${loop.join(' → ')}`);
      }
      chain.push(current.TaskID);
      onChain.add(current.TaskID);
      const parentId: number | undefined = current.ParentId ?? undefined;
      current = parentId === undefined ? undefined : byId.get(parentId);
    }
    for (const id of chain) rooted.add(id);
  }

  const links: GanttLinkRecord[] = [];
  for (const task of activities) {
    const parsed = parsePredecessors(task.Predecessor);
    if (!parsed.ok) throw refuse(task, `Predecessor: ${parsed.error}`);
    for (const link of parsed.links) {
      if (link.predecessorId === task.TaskID) throw refuse(task, 'no puede ser su propio predecesor');
      if (!byId.has(link.predecessorId)) {
        throw refuse(task, `Predecessor: la tarea ${link.predecessorId} no está en el Gantt`);
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
      start: task.StartDate,
      duration: task.Duration,
      progress: task.Progress,
    };
    if (typeof task.ActualStart === 'string') record.actualStart = task.ActualStart;
    if (typeof task.ActualFinish === 'string') record.actualFinish = task.ActualFinish;
    const parentId = task.ParentId ?? undefined;
    return parentId === undefined ? record : { ...record, parentId };
  });
  return { tasks, links };
}
