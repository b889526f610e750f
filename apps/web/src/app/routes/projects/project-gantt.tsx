import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { UnderConstruction } from '@/components/ui/under-construction';

/** The Gantt screen; a later issue builds it. The id may be the word 'current' (the selected project). */
export function ProjectGanttRoute() {
  const { t } = useTranslation();
  const { id = 'current' } = useParams();
  return <UnderConstruction title={`${t('pages.projectGantt')} (${id})`} />;
}
