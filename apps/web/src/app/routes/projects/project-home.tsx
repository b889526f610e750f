import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { UnderConstruction } from '@/components/ui/under-construction';

/** The project information screen; a later issue builds it. The id may be the word 'current' (the selected project). */
export function ProjectHomeRoute() {
  const { t } = useTranslation();
  const { id = 'current' } = useParams();
  return <UnderConstruction title={`${t('pages.projectHome')} (${id})`} />;
}
