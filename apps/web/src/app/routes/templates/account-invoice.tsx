import { useTranslation } from 'react-i18next';
import { AccountInvoice } from '@/features/demo/components/account-invoice';

/** '/pages/account/invoice' (issue 19): a static demo screen, sample data only, no calls. */
export function AccountInvoiceRoute() {
  const { t } = useTranslation();
  return <AccountInvoice title={t('pages.invoiceDemo')} />;
}
