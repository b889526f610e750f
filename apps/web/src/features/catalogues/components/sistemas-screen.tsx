import { useTranslation } from 'react-i18next';
import { CatalogueScreen } from './catalogue-screen';
import { SimpleRecordDialog } from './simple-record-dialog';

/** /admin/sistemas. */
export function SistemasScreen() {
  const { t } = useTranslation();
  return (
    <CatalogueScreen
      collection="sistemas"
      title={t('catalogues.systemsTitle')}
      addLabel={t('catalogues.addSystem')}
      nameHeader={t('catalogues.system')}
      removeText={t('catalogues.confirmRemoveSystem')}
      renderDialog={(props) => (
        <SimpleRecordDialog collection="sistemas" title={t('catalogues.systemModal')} {...props} />
      )}
    />
  );
}
