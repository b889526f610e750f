import { WelcomeDashboard } from '@/features/home/components/welcome-dashboard';

/** The sales dashboard shares the Home screen (product-spec.md §2). */
export function SalesDashboardRoute() {
  return <WelcomeDashboard />;
}
