import { ProjectEdpPreview } from '@/features/projects/components/project-edp-preview';

/** The id may be the word 'current' (the selected project); the EDP editor is the next issue. */
export function ProjectEdpRoute() {
  return <ProjectEdpPreview />;
}
