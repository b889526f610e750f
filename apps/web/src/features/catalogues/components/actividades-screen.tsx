import type { Activity } from '@cimiento/domain';
import type { MRT_ColumnDef } from 'material-react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isMilestoneDuration } from '../utils/activity-duration';
import { CatalogueScreen } from './catalogue-screen';
import { SimpleRecordDialog } from './simple-record-dialog';

/** The list's 'Duración (días hábiles)' column (issue 13): working days, 0 shown as a milestone. */
export function useActivityDurationColumns(): MRT_ColumnDef<Activity>[] {
  const { t } = useTranslation();
  return useMemo<MRT_ColumnDef<Activity>[]>(
    () => [
      {
        accessorKey: 'duration',
        header: t('catalogues.duration'),
        size: 200,
        enableGlobalFilter: false,
        Cell: ({ row }) =>
          isMilestoneDuration(row.original.duration) ? t('catalogues.milestoneDuration') : row.original.duration,
      },
    ],
    [t],
  );
}

/** /admin/actividades. The spec keeps the modal title 'Tipo de área' on purpose (§2). */
export function ActividadesScreen() {
  const { t } = useTranslation();
  const durationColumns = useActivityDurationColumns();
  return (
    <CatalogueScreen
      collection="actividades"
      title={t('catalogues.activitiesTitle')}
      addLabel={t('catalogues.addActivity')}
      nameHeader={t('catalogues.activity')}
      showCode
      extraColumns={durationColumns}
      removeText={t('catalogues.confirmRemoveActivity')}
      renderDialog={(props) => (
        <SimpleRecordDialog collection="actividades" title={t('catalogues.activityModal')} {...props} />
      )}
    />
  );
}
