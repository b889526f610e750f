import { useTranslation } from 'react-i18next';
import { AccountBilling } from '@/features/demo/components/account-billing';

/** '/pages/account/billing' (issue 19): a static demo screen, sample data only, no calls. */
export function AccountBillingRoute() {
  const { t } = useTranslation();
  return <AccountBilling title={t('pages.billingDemo')} />;
}
