import { ProjectEdp } from '@/features/edp/components/project-edp';

/** The id may be the word 'current' (the selected project). */
export function ProjectEdpRoute() {
  return <ProjectEdp />;
}
