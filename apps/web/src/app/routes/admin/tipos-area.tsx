import { useTranslation } from 'react-i18next';
import { UnderConstruction } from '@/components/ui/under-construction';

/** The area types catalogue; a later issue builds it. */
export function TiposAreaRoute() {
  const { t } = useTranslation();
  return <UnderConstruction title={t('pages.areaTypes')} />;
}
