import { TiposAreaScreen } from '@/features/catalogues/components/tipos-area-screen';

export function TiposAreaRoute() {
  return <TiposAreaScreen />;
}
