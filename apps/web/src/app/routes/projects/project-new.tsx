import { ProjectWizard } from '@/features/projects/components/project-wizard';

export function ProjectNewRoute() {
  return <ProjectWizard />;
}
