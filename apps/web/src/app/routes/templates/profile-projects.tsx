import { TemplateDemoRoute } from '../template-demo';

/** '/pages/profile/projects' (issue 19 scaffold: its lane replaces this screen). */
export function ProfileProjectsRoute() {
  return <TemplateDemoRoute />;
}
