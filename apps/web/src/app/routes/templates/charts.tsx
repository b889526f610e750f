import { TemplateDemoRoute } from '../template-demo';

/** '/pages/charts' (issue 19 scaffold: its lane replaces this screen). */
export function ChartsRoute() {
  return <TemplateDemoRoute />;
}
