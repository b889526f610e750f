import { HomeDashboard } from '@/features/dashboard/components/home-dashboard';
import { ProjectImportButton } from '@/features/projects/components/project-import-button';

/** /home: the dashboard of the projects (issue 19); with no project, 'Crear proyecto' and the import. */
export function HomeRoute() {
  return <HomeDashboard importAction={<ProjectImportButton />} />;
}
