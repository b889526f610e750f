import { useTranslation } from 'react-i18next';
import { ProductPage } from '@/features/demo/components/product-page';

/** '/ecommerce/products/product-page' (issue 19): a static demo screen, sample data only, no calls. */
export function EcommerceProductPageRoute() {
  const { t } = useTranslation();
  return <ProductPage title={t('pages.ecommerceDemo')} />;
}
