import { TemplateDemoRoute } from '../template-demo';

/** '/pages/account/billing' (issue 19 scaffold: its lane replaces this screen). */
export function AccountBillingRoute() {
  return <TemplateDemoRoute />;
}
