import { useTranslation } from 'react-i18next';
import { PagePanel } from '@/components/ui/page-panel';
import { DashboardCharts } from '@/features/dashboard/components/dashboard-charts';
import { WithDashboard } from '@/features/dashboard/components/dashboard-state';
import { ProjectImportButton } from '@/features/projects/components/project-import-button';

/** '/pages/charts': charts of the projects, from the home dashboard's data (issue 19). */
export function ChartsRoute() {
  const { t } = useTranslation();
  return (
    <PagePanel title={t('pages.charts')}>
      <WithDashboard>{(data) => <DashboardCharts data={data} importAction={<ProjectImportButton />} />}</WithDashboard>
    </PagePanel>
  );
}
