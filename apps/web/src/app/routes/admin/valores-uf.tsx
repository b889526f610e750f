import { UfValuesScreen } from '@/features/uf-values/components/uf-values-screen';

export function ValoresUfRoute() {
  return <UfValuesScreen />;
}
