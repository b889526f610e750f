import type { Activity } from '@cimiento/domain';
import type { MRT_ColumnDef } from 'material-react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDecimal } from '@cimiento/domain';
import { WORK_UNIT_LABELS } from '@cimiento/domain/resources';
import { isMilestoneDuration } from '../utils/activity-duration';
import { ActivityDialog } from './activity-dialog';
import { CatalogueScreen } from './catalogue-screen';

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
      // issue 35: 'Rendimiento' (units per crew-day) and the default resource with its crews
      {
        id: 'productivity',
        header: t('activityProductivity.productivity'),
        size: 200,
        enableGlobalFilter: false,
        accessorFn: (activity) =>
          activity.productivity === undefined || activity.workUnit === undefined
            ? ''
            : t('activityProductivity.perCrewDay', {
                value: formatDecimal(activity.productivity),
                unit: WORK_UNIT_LABELS[activity.workUnit],
              }),
      },
      {
        id: 'resource',
        header: t('activityProductivity.resource'),
        size: 220,
        accessorFn: (activity) =>
          activity.resourceName === undefined
            ? ''
            : (activity.crews ?? 1) === 1
              ? activity.resourceName
              : `${activity.resourceName} [${activity.crews}]`,
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
      nameSize={260}
      removeText={t('catalogues.confirmRemoveActivity')}
      renderDialog={(props) => <ActivityDialog title={t('catalogues.activityModal')} {...props} />}
    />
  );
}
