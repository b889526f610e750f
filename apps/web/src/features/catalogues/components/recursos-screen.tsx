import { formatDecimal, formatMoney, formatNumber } from '@cimiento/domain';
import { crewSize, resourceCalendarText } from '@cimiento/domain/resources';
import type { CatalogueResource } from '@cimiento/domain/resources';
import type { MRT_ColumnDef } from 'material-react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CatalogueScreen } from './catalogue-screen';
import { ResourceDialog } from './resource-dialog';

/** A resource's cost as the list shows it ('$520.000 por día'); '' without one. */
function costText(resource: CatalogueResource, perDay: string, perUnit: string): string {
  const amount = resource.costPerDay ?? resource.costPerUnit;
  if (amount === undefined) return '';
  return `${formatMoney(amount, resource.currency)} ${resource.costPerDay !== undefined ? perDay : perUnit}`;
}

/** /admin/recursos (issue 35): the resources catalogue, with type, unit, maximum, crew, calendar and cost. */
export function RecursosScreen() {
  const { t } = useTranslation();
  const columns = useMemo<MRT_ColumnDef<CatalogueResource>[]>(
    () => [
      {
        accessorKey: 'type',
        header: t('resources.type'),
        size: 130,
        Cell: ({ row }) => t(`resources.types.${row.original.type}`),
      },
      {
        id: 'maxUnits',
        header: t('resources.maxUnitsShort'),
        size: 130,
        accessorFn: (resource) => `${formatDecimal(resource.maxUnits)} ${resource.unit}`,
      },
      {
        id: 'crew',
        header: t('resources.crew'),
        size: 200,
        // a crew of several trades wraps in its cell
        muiTableBodyCellProps: { sx: { whiteSpace: 'normal' } },
        accessorFn: (resource) =>
          resource.crew.map((member) => `${formatNumber(member.count)} ${member.tradeName}`).join(' + '),
        Cell: ({ row }) =>
          row.original.crew.length === 0
            ? ''
            : `${row.original.crew.map((member) => `${formatNumber(member.count)} ${member.tradeName}`).join(' + ')} (${t('resources.crewSize', { count: crewSize(row.original.crew) })})`,
      },
      {
        // its own calendar, short ('L–S; 1 rango no laborable'), else the project's
        id: 'calendar',
        header: t('resources.calendarColumn'),
        size: 160,
        muiTableBodyCellProps: { sx: { whiteSpace: 'normal' } },
        accessorFn: (resource) =>
          resource.calendar === undefined
            ? t('resources.calendarProject')
            : resourceCalendarText(resource.calendar) || t('resources.calendarProject'),
      },
      {
        id: 'cost',
        header: t('resources.costKind'),
        size: 130,
        muiTableBodyCellProps: { sx: { whiteSpace: 'normal' } },
        enableGlobalFilter: false,
        accessorFn: (resource) => costText(resource, t('resources.perDay'), t('resources.perUnit')),
      },
    ],
    [t],
  );
  return (
    <CatalogueScreen
      collection="recursos"
      title={t('resources.title')}
      addLabel={t('resources.add')}
      nameHeader={t('resources.resource')}
      showCode
      extraColumns={columns}
      nameSize={200}
      removeText={t('resources.confirmRemove')}
      renderDialog={(props) => <ResourceDialog {...props} />}
    />
  );
}
