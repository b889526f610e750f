import { ActividadesScreen } from '@/features/catalogues/components/actividades-screen';

export function ActividadesRoute() {
  return <ActividadesScreen />;
}
