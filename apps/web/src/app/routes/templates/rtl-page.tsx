import { useTranslation } from 'react-i18next';
import { RtlDashboard } from '@/features/demo/components/rtl-dashboard';

/** '/pages/rtl-page' (issue 19): a static demo screen, sample data only, no calls. */
export function RtlPageRoute() {
  const { t } = useTranslation();
  return <RtlDashboard title={t('pages.rtlDemo')} />;
}
