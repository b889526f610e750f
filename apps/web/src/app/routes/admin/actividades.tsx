import { useTranslation } from 'react-i18next';
import { UnderConstruction } from '@/components/ui/under-construction';

/** The activities catalogue; a later issue builds it. */
export function ActividadesRoute() {
  const { t } = useTranslation();
  return <UnderConstruction title={t('pages.activities')} />;
}
