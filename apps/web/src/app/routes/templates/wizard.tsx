import { TemplateDemoRoute } from '../template-demo';

/** '/applications/wizard' (issue 19 scaffold: its lane replaces this screen). */
export function WizardRoute() {
  return <TemplateDemoRoute />;
}
