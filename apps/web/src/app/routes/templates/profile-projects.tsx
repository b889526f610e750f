import { useTranslation } from 'react-i18next';
import { PagePanel } from '@/components/ui/page-panel';
import { MyProjects } from '@/features/dashboard/components/my-projects';
import { WithDashboard } from '@/features/dashboard/components/dashboard-state';
import { ProjectImportButton } from '@/features/projects/components/project-import-button';

/** '/pages/profile/projects': the caller's own projects as cards (issue 19). */
export function ProfileProjectsRoute() {
  const { t } = useTranslation();
  return (
    <PagePanel title={t('pages.profileProjects')}>
      <WithDashboard>
        {(data) => <MyProjects data={data} importAction={<ProjectImportButton />} showTitle={false} />}
      </WithDashboard>
    </PagePanel>
  );
}
