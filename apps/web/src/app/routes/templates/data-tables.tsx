import { TaskTable } from '@/features/task-views/components/task-table';

/** '/applications/data-tables': every task of the current project, filterable by column (issue 19). */
export function DataTablesRoute() {
  return <TaskTable />;
}
