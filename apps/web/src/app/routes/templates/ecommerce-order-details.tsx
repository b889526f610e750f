import { useTranslation } from 'react-i18next';
import { OrderDetails } from '@/features/demo/components/order-details';

/** '/ecommerce/Orders/order-details' (issue 19): a static demo screen, sample data only, no calls. */
export function EcommerceOrderDetailsRoute() {
  const { t } = useTranslation();
  return <OrderDetails title={t('demo.order.detailsTitle')} />;
}
