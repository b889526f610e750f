import { ProjectEstadosPago } from '@/features/estados-pago/components/estados-pago-screen';

/** The id may be the word 'current' (the selected project). */
export function ProjectEstadosPagoRoute() {
  return <ProjectEstadosPago />;
}
