import { useTranslation } from 'react-i18next';
import { UnderConstruction } from '@/components/ui/under-construction';

/** The main components catalogue; a later issue builds it. */
export function ComponentesRoute() {
  const { t } = useTranslation();
  return <UnderConstruction title={t('pages.components')} />;
}
