import { KanbanBoard } from '@/features/task-views/components/kanban-board';

/** '/applications/kanban': the current project's tasks of the next three weeks (issue 19). */
export function KanbanRoute() {
  return <KanbanBoard />;
}
