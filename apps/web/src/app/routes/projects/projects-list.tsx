import { useTranslation } from 'react-i18next';
import { UnderConstruction } from '@/components/ui/under-construction';

/** The project list ('Lista de proyectos'); a later issue builds it. */
export function ProjectsListRoute() {
  const { t } = useTranslation();
  return <UnderConstruction title={t('pages.projects')} />;
}
