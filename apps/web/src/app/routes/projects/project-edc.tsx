import { useTranslation } from 'react-i18next';
import { ProjectPlaceholder } from '@/features/projects/components/project-placeholder';

/** The EDC screen; a later issue builds it. The id may be the word 'current' (the selected project). */
export function ProjectEdcRoute() {
  const { t } = useTranslation();
  return <ProjectPlaceholder subtitle={t('pages.projectEdc')} />;
}
