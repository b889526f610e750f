import { TemplateDemoRoute } from '../template-demo';

/** '/pages/notifications' (issue 19 scaffold: its lane replaces this screen). */
export function NotificationsRoute() {
  return <TemplateDemoRoute />;
}
