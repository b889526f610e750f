import { ProjectEdp } from '@/features/projects/components/edp-editor/project-edp';

/** The id may be the word 'current' (the selected project). */
export function ProjectEdpRoute() {
  return <ProjectEdp />;
}
