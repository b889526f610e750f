import { TemplateDemoRoute } from '../template-demo';

/** '/ecommerce/Orders/order-list' (issue 19 scaffold: its lane replaces this screen). */
export function EcommerceOrderListRoute() {
  return <TemplateDemoRoute />;
}
