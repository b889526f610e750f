import { TrashScreen } from '@/features/trash/components/trash-screen';

export function PapeleraRoute() {
  return <TrashScreen />;
}
