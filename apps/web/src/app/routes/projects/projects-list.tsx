import { ProjectsList } from '@/features/projects/components/projects-list';

export function ProjectsListRoute() {
  return <ProjectsList />;
}
