import { HomeRoute } from '../home';

/** The template's default dashboard: the home dashboard (issue 19). */
export function DashboardDefaultRoute() {
  return <HomeRoute />;
}
