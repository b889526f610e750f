import { TemplateDemoRoute } from '../template-demo';

/** '/applications/kanban' (issue 19 scaffold: its lane replaces this screen). */
export function KanbanRoute() {
  return <TemplateDemoRoute />;
}
