import { SistemasScreen } from '@/features/catalogues/components/sistemas-screen';

export function SistemasRoute() {
  return <SistemasScreen />;
}
