import { HomeRoute } from '../home';

/** The template's older default dashboard: the home dashboard (issue 19). */
export function DashboardDefaultOldRoute() {
  return <HomeRoute />;
}
