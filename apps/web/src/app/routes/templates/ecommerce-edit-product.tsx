import { TemplateDemoRoute } from '../template-demo';

/** '/ecommerce/products/edit-product' (issue 19 scaffold: its lane replaces this screen). */
export function EcommerceEditProductRoute() {
  return <TemplateDemoRoute />;
}
