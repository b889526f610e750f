import { ProjectEdc } from '@/features/edc/components/edc-screen';

/** The EDC screen. The id may be the word 'current' (the selected project). */
export function ProjectEdcRoute() {
  return <ProjectEdc />;
}
