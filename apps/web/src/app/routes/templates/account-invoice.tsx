import { TemplateDemoRoute } from '../template-demo';

/** '/pages/account/invoice' (issue 19 scaffold: its lane replaces this screen). */
export function AccountInvoiceRoute() {
  return <TemplateDemoRoute />;
}
