import { WelcomeDashboard } from '@/features/home/components/welcome-dashboard';

export function HomeRoute() {
  return <WelcomeDashboard />;
}
