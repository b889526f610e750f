import { useTranslation } from 'react-i18next';
import { emptyProduct } from '@/features/demo/samples/sample-data';
import { ProductForm } from '@/features/demo/components/product-form';

/** '/ecommerce/products/new-product' (issue 19): a static demo screen, sample data only, no calls. */
export function EcommerceNewProductRoute() {
  const { t } = useTranslation();
  return <ProductForm title={t('demo.product.newTitle')} initial={emptyProduct} />;
}
