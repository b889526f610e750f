import { ChangeLogScreen } from '@/features/change-log/components/change-log-screen';

export function RegistroCambiosRoute() {
  return <ChangeLogScreen />;
}
