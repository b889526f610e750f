import { TemplateDemoRoute } from '../template-demo';

/** '/ecommerce/products/product-page' (issue 19 scaffold: its lane replaces this screen). */
export function EcommerceProductPageRoute() {
  return <TemplateDemoRoute />;
}
