import { useTranslation } from 'react-i18next';
import { PagePanel } from '@/components/ui/page-panel';
import { DashboardWidgets } from '@/features/dashboard/components/dashboard-widgets';
import { WithDashboard } from '@/features/dashboard/components/dashboard-state';
import { ProjectImportButton } from '@/features/projects/components/project-import-button';

/** '/pages/widgets': KPI cards and a widget per project, from the home dashboard's data (issue 19). */
export function WidgetsRoute() {
  const { t } = useTranslation();
  return (
    <PagePanel title={t('pages.widgets')}>
      <WithDashboard>{(data) => <DashboardWidgets data={data} importAction={<ProjectImportButton />} />}</WithDashboard>
    </PagePanel>
  );
}
