import { useTranslation } from 'react-i18next';
import { UnderConstruction } from '@/components/ui/under-construction';

/** The template's default dashboard (static sample data in the spec). */
export function DashboardDefaultRoute() {
  const { t } = useTranslation();
  return <UnderConstruction title={t('pages.defaultDashboard')} />;
}
