import { TemplateDemoRoute } from '../template-demo';

/** '/ecommerce/Orders/order-details' (issue 19 scaffold: its lane replaces this screen). */
export function EcommerceOrderDetailsRoute() {
  return <TemplateDemoRoute />;
}
