import Button from '@mui/material/Button';
import { MaterialReactTable, useMaterialReactTable } from 'material-react-table';
import type { MRT_ColumnDef } from 'material-react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RemoveRowButton, listTableOptions, useListTableLocalization } from '@/components/ui/list-table';

export type CatalogueRow = { _id: string; code: string; name: string; priority: number };

export type CatalogueTableProps<R extends CatalogueRow> = {
  rows: R[];
  isLoading: boolean;
  /** The name column's header: 'Área', 'Componente', 'Sistema', 'Actividad'. */
  nameHeader: string;
  /** Actividades also shows the code (Prioridad, Código, Actividad). */
  showCode?: boolean;
  /** Columns after the name (Actividades: 'Duración (días hábiles)'); memoised by the caller. */
  extraColumns?: MRT_ColumnDef<R>[];
  /** The name column's width (issue 35: narrower where more columns follow) */
  nameSize?: number;
  onOpen: (row: R) => void;
  /** Absent: no delete icon (issue 36: a user who is not an administrator). */
  onRemove?: (row: R) => void;
};

/**
 * A catalogue's list (product-spec.md §2): searchable, in the server's priority order; the name
 * opens a copy for editing and the delete icon asks first. Both are buttons, so reachable by Tab.
 */
export function CatalogueTable<R extends CatalogueRow>({
  rows,
  isLoading,
  nameHeader,
  showCode = false,
  extraColumns,
  nameSize = 420,
  onOpen,
  onRemove,
}: CatalogueTableProps<R>) {
  const { t } = useTranslation();

  const columns = useMemo<MRT_ColumnDef<R>[]>(
    () => [
      { accessorKey: 'priority', header: t('catalogues.priority'), size: 120, enableGlobalFilter: false },
      ...(showCode ? [{ accessorKey: 'code', header: t('catalogues.code'), size: 140 } as MRT_ColumnDef<R>] : []),
      {
        accessorKey: 'name',
        header: nameHeader,
        size: nameSize,
        Cell: ({ row }) => (
          <Button
            variant="text"
            color="info"
            size="small"
            sx={{ textTransform: 'none', textAlign: 'left', justifyContent: 'flex-start', fontWeight: 500 }}
            onClick={() => onOpen(row.original)}
          >
            {row.original.name}
          </Button>
        ),
      },
      ...(extraColumns ?? []),
    ],
    [t, nameHeader, showCode, extraColumns, nameSize, onOpen],
  );

  const localization = useListTableLocalization(t('catalogues.noResults'));

  const table = useMaterialReactTable({
    ...listTableOptions<R>(localization),
    columns,
    data: rows,
    getRowId: (row) => row._id,
    enableRowActions: onRemove !== undefined,
    renderRowActions: ({ row }) =>
      onRemove && (
        <RemoveRowButton
          label={t('catalogues.remove', { name: row.original.name })}
          onClick={() => onRemove(row.original)}
        />
      ),
    state: { isLoading },
    initialState: { showGlobalFilter: true, pagination: { pageIndex: 0, pageSize: 20 }, density: 'compact' },
  });

  return <MaterialReactTable table={table} />;
}
