import { useTranslation } from 'react-i18next';
import { PricingPage } from '@/features/demo/components/pricing-page';

/** '/pages/pricing-page' (issue 19): a static demo screen, sample data only, no calls. */
export function PricingPageRoute() {
  const { t } = useTranslation();
  return <PricingPage title={t('pages.pricingDemo')} />;
}
