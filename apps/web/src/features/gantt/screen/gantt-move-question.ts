import {
  ganttRowNumbers,
  ganttTaskCodes,
  ganttTaskLabel,
  indentGanttTask,
  outdentGanttTask,
  taskMoveEffects,
  toCostTask,
} from '@cimiento/domain';
import type { GanttDraftTask, GanttEdit } from '@cimiento/domain';
import type { TFunction } from 'i18next';
import { taskMoveNote } from '@/lib/deletion-money';

/** 'Indentar' or 'Desindentar' of task `id`, as the store applies it. */
export function ganttMove(id: number, outdent: boolean): (tasks: readonly GanttDraftTask[]) => GanttEdit {
  return (tasks) => (outdent ? outdentGanttTask(tasks, id) : indentGanttTask(tasks, id));
}

/** What asking about a move found: the domain's refusal, nothing to ask, or the question. */
export type GanttMoveQuestion =
  { kind: 'refused'; error: string } | { kind: 'none' } | { kind: 'ask'; text: string; money: string };

/** A task as the grid names it: its code unique in the project, its name and its row (Id). */
function rowLabel(t: TFunction, tasks: readonly GanttDraftTask[], id: number): string {
  const task = tasks.find((candidate) => candidate.id === id);
  if (!task) return `#${id}`;
  return t('gantt.taskInRow', {
    task: ganttTaskLabel({ code: ganttTaskCodes(tasks).get(id) ?? task.code, name: task.name }),
    row: ganttRowNumbers(tasks).get(id) ?? id,
  });
}

/** A partida as the EP names it ('ELA.1.1 Piso 1'), from the task built from its EDP item. */
function partidaLabel(tasks: readonly GanttDraftTask[], edpItemId: number): string {
  const task = tasks.find((candidate) => candidate.sourceKey === `edp:${edpItemId}`);
  return task ? `${task.code} ${task.name}` : `#${edpItemId}`;
}

/**
 * Issue 33, moves that touch money say so: before 'Indentar' or 'Desindentar' moves a task whose
 * tasks have recorded progress, belong to a paid partida or are in a baseline (or turns a task with
 * them from a leaf into a summary), the question names them, the partida it leaves or joins, and
 * that the next EP measures those partidas again. A move that touches none of that is not asked.
 */
export async function ganttMoveQuestion(
  t: TFunction,
  projectId: string,
  tasks: readonly GanttDraftTask[],
  id: number,
  outdent: boolean,
): Promise<GanttMoveQuestion> {
  const preview = ganttMove(id, outdent)(tasks);
  if (!preview.ok) return { kind: 'refused', error: preview.error };
  const effects = taskMoveEffects(tasks.map(toCostTask), preview.tasks.map(toCostTask), id);
  const money = await taskMoveNote(t, projectId, effects, (itemId) => partidaLabel(tasks, itemId));
  if (money === null) return { kind: 'none' };
  const parentId = preview.tasks.find((task) => task.id === id)?.parentId;
  const task = rowLabel(t, tasks, id);
  const text =
    parentId === undefined
      ? t('gantt.confirmOutdentTop', { task })
      : t(outdent ? 'gantt.confirmOutdent' : 'gantt.confirmIndent', {
          task,
          parent: rowLabel(t, preview.tasks, parentId),
        });
  return { kind: 'ask', text, money };
}
