import { TemplateDemoRoute } from '../template-demo';

/** '/ecommerce/products/new-product' (issue 19 scaffold: its lane replaces this screen). */
export function EcommerceNewProductRoute() {
  return <TemplateDemoRoute />;
}
