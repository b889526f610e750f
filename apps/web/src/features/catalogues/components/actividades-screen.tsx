import { useTranslation } from 'react-i18next';
import { CatalogueScreen } from './catalogue-screen';
import { SimpleRecordDialog } from './simple-record-dialog';

/** /admin/actividades. The spec keeps the modal title 'Tipo de área' on purpose (§2). */
export function ActividadesScreen() {
  const { t } = useTranslation();
  return (
    <CatalogueScreen
      collection="actividades"
      title={t('catalogues.activitiesTitle')}
      addLabel={t('catalogues.addActivity')}
      nameHeader={t('catalogues.activity')}
      showCode
      removeText={t('catalogues.confirmRemoveActivity')}
      renderDialog={(props) => (
        <SimpleRecordDialog collection="actividades" title={t('catalogues.activityModal')} {...props} />
      )}
    />
  );
}
