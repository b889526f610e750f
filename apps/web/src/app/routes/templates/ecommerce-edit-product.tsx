import { useTranslation } from 'react-i18next';
import { sampleProduct } from '@/features/demo/samples/sample-data';
import { ProductForm } from '@/features/demo/components/product-form';

/** '/ecommerce/products/edit-product' (issue 19): a static demo screen, sample data only, no calls. */
export function EcommerceEditProductRoute() {
  const { t } = useTranslation();
  return <ProductForm title={t('demo.product.editTitle')} initial={sampleProduct} />;
}
