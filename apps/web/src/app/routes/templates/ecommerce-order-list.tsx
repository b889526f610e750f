import { useTranslation } from 'react-i18next';
import { OrderList } from '@/features/demo/components/order-list';

/** '/ecommerce/Orders/order-list' (issue 19): a static demo screen, sample data only, no calls. */
export function EcommerceOrderListRoute() {
  const { t } = useTranslation();
  return <OrderList title={t('demo.order.listTitle')} />;
}
