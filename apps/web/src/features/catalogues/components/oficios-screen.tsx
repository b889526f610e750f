import { useTranslation } from 'react-i18next';
import { CatalogueScreen } from './catalogue-screen';
import { SimpleRecordDialog } from './simple-record-dialog';

/** /admin/oficios (issue 35): the trades a labour resource's crew is made of. */
export function OficiosScreen() {
  const { t } = useTranslation();
  return (
    <CatalogueScreen
      collection="oficios"
      title={t('resources.tradesTitle')}
      addLabel={t('resources.addTrade')}
      nameHeader={t('resources.trade')}
      showCode
      removeText={t('resources.confirmRemoveTrade')}
      renderDialog={(props) => <SimpleRecordDialog collection="oficios" title={t('resources.tradeModal')} {...props} />}
    />
  );
}
