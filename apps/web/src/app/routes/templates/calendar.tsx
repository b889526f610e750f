import { TemplateDemoRoute } from '../template-demo';

/** '/applications/calendar' (issue 19 scaffold: its lane replaces this screen). */
export function CalendarRoute() {
  return <TemplateDemoRoute />;
}
