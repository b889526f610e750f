import { ComponentesScreen } from '@/features/catalogues/components/componentes-screen';

export function ComponentesRoute() {
  return <ComponentesScreen />;
}
