import { useTranslation } from 'react-i18next';
import { UnderConstruction } from '@/components/ui/under-construction';

/** The new project wizard; a later issue builds it. */
export function ProjectNewRoute() {
  const { t } = useTranslation();
  return <UnderConstruction title={t('pages.newProject')} />;
}
