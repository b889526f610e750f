import { TemplateDemoRoute } from '../template-demo';

/** '/profile/overview' (issue 19 scaffold: its lane replaces this screen). */
export function ProfileOverviewRoute() {
  return <TemplateDemoRoute />;
}
