import { TemplateDemoRoute } from '../template-demo';

/** '/applications/data-tables' (issue 19 scaffold: its lane replaces this screen). */
export function DataTablesRoute() {
  return <TemplateDemoRoute />;
}
