import { TemplateDemoRoute } from '../template-demo';

/** '/pages/rtl-page' (issue 19 scaffold: its lane replaces this screen). */
export function RtlPageRoute() {
  return <TemplateDemoRoute />;
}
