import { HomeRoute } from '../home';

/** The sales dashboard shares the Home screen (product-spec.md §2): the home dashboard (issue 19). */
export function SalesDashboardRoute() {
  return <HomeRoute />;
}
