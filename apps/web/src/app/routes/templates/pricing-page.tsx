import { TemplateDemoRoute } from '../template-demo';

/** '/pages/pricing-page' (issue 19 scaffold: its lane replaces this screen). */
export function PricingPageRoute() {
  return <TemplateDemoRoute />;
}
