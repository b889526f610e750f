import { useTranslation } from 'react-i18next';
import { UnderConstruction } from '@/components/ui/under-construction';

/** The template's older default dashboard (static sample data in the spec). */
export function DashboardDefaultOldRoute() {
  const { t } = useTranslation();
  return <UnderConstruction title={t('pages.defaultDashboard')} />;
}
