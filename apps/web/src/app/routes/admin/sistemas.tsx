import { useTranslation } from 'react-i18next';
import { UnderConstruction } from '@/components/ui/under-construction';

/** The systems catalogue; a later issue builds it. */
export function SistemasRoute() {
  const { t } = useTranslation();
  return <UnderConstruction title={t('pages.systems')} />;
}
