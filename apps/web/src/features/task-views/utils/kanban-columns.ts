import type { GanttTask } from '@cimiento/domain';
import { addDays } from './iso-days';

/** The board's columns, in order: 'Por iniciar', 'En curso', 'Terminadas', 'Atrasadas'. */
export const kanbanColumns = ['toStart', 'inProgress', 'done', 'late'] as const;
export type KanbanColumn = (typeof kanbanColumns)[number];

/** The days ahead of today the board looks at (issue 19: the next three weeks). */
export const KANBAN_WINDOW_DAYS = 21;

export type KanbanTask = Pick<
  GanttTask,
  'TaskID' | 'TaskCode' | 'TaskName' | 'StartDate' | 'EndDate' | 'Progress' | 'critical' | 'isSummary' | 'ActualStart'
>;

function isStarted(task: KanbanTask): boolean {
  return task.Progress > 0 || (task.ActualStart !== undefined && task.ActualStart !== '');
}

/**
 * A task's column (issue 19): 'Terminadas' at 100 % progress; 'Atrasadas' when not finished and its
 * finish (or its start, if it has not started) is before today; 'En curso' with some progress or an
 * actual start; 'Por iniciar' otherwise. `today` is YYYY-MM-DD.
 */
export function kanbanColumnOf(task: KanbanTask, today: string): KanbanColumn {
  if (task.Progress >= 100) return 'done';
  const started = isStarted(task);
  if ((started ? task.EndDate : task.StartDate) < today) return 'late';
  return started ? 'inProgress' : 'toStart';
}

/** Whether the board shows the task: its span overlaps today … today + 21 days, or it is late. */
export function isOnKanban(task: KanbanTask, today: string): boolean {
  if (task.isSummary) return false;
  if (kanbanColumnOf(task, today) === 'late') return true;
  return task.StartDate <= addDays(today, KANBAN_WINDOW_DAYS) && task.EndDate >= today;
}

/** The board: the leaf tasks it shows, by column, each column by start date then code. */
export function buildKanban<T extends KanbanTask>(tasks: readonly T[], today: string): Record<KanbanColumn, T[]> {
  const board: Record<KanbanColumn, T[]> = { toStart: [], inProgress: [], done: [], late: [] };
  for (const task of tasks) {
    if (isOnKanban(task, today)) board[kanbanColumnOf(task, today)].push(task);
  }
  for (const column of kanbanColumns) {
    board[column].sort(
      (a, b) =>
        a.StartDate.localeCompare(b.StartDate) ||
        a.TaskCode.localeCompare(b.TaskCode, 'es', { numeric: true }) ||
        a.TaskID - b.TaskID,
    );
  }
  return board;
}
