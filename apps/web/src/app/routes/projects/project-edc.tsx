import { ProjectEdc } from '@/features/projects/components/edc-screen/edc-screen';

/** The EDC screen. The id may be the word 'current' (the selected project). */
export function ProjectEdcRoute() {
  return <ProjectEdc />;
}
