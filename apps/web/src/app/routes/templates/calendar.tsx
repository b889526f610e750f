import { TaskCalendar } from '@/features/task-views/components/task-calendar';

/** '/applications/calendar': the current project's tasks by month (issue 19). */
export function CalendarRoute() {
  return <TaskCalendar />;
}
