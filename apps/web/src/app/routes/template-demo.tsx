import { useTranslation } from 'react-i18next';
import { UnderConstruction } from '@/components/ui/under-construction';

/** The spec's leftover template demo routes (static sample data, no product behaviour). */
export function TemplateDemoRoute() {
  const { t } = useTranslation();
  return <UnderConstruction title={t('pages.templateDemo')} detail={t('common.templateDemoDetail')} />;
}
