import { TemplateDemoRoute } from '../template-demo';

/** '/authentication/reset/cover' (issue 19 scaffold: its lane replaces this screen). */
export function ResetCoverRoute() {
  return <TemplateDemoRoute />;
}
