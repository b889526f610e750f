import { TemplateDemoRoute } from '../template-demo';

/** '/pages/projects/timeline' (issue 19 scaffold: its lane replaces this screen). */
export function ProjectsTimelineRoute() {
  return <TemplateDemoRoute />;
}
