import { ProjectHome } from '@/features/projects/components/project-home';

/** The id may be the word 'current' (the selected project). */
export function ProjectHomeRoute() {
  return <ProjectHome />;
}
