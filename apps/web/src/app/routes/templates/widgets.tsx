import { TemplateDemoRoute } from '../template-demo';

/** '/pages/widgets' (issue 19 scaffold: its lane replaces this screen). */
export function WidgetsRoute() {
  return <TemplateDemoRoute />;
}
