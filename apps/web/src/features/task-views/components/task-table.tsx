import type { GanttTask } from '@cimiento/domain';
import { formatIsoDate } from '@cimiento/domain';
import { MaterialReactTable, useMaterialReactTable } from 'material-react-table';
import type { MRT_ColumnDef } from 'material-react-table';
import { MRT_Localization_EN } from 'material-react-table/locales/en';
import { MRT_Localization_ES } from 'material-react-table/locales/es';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PagePanel } from '@/components/ui/page-panel';
import { typedColumnFilter } from '@/components/ui/typed-column-filter';
import { CurrentProjectTasks, OpenGanttButton } from './current-project-tasks';

export const TASK_TABLE_PAGE_SIZE = 50;

function dateCell(value: unknown): string {
  return typeof value === 'string' && value !== '' ? formatIsoDate(value) : '';
}

function TaskTableContent({ tasks, project }: { tasks: GanttTask[]; project: { id: string; name: string } }) {
  const { t, i18n } = useTranslation();
  const columns = useMemo<MRT_ColumnDef<GanttTask>[]>(
    () => [
      { accessorKey: 'TaskCode', header: t('taskViews.columns.code'), size: 110, ...typedColumnFilter('text') },
      {
        accessorKey: 'TaskName',
        header: t('taskViews.columns.name'),
        size: 180,
        grow: true,
        ...typedColumnFilter('text'),
        Cell: ({ row, renderedCellValue }) => (
          <span style={row.original.isSummary ? { fontWeight: 700 } : undefined}>{renderedCellValue}</span>
        ),
      },
      {
        accessorKey: 'StartDate',
        header: t('taskViews.columns.start'),
        size: 125,
        ...typedColumnFilter('date'),
        Cell: ({ cell }) => dateCell(cell.getValue()),
      },
      {
        accessorKey: 'EndDate',
        header: t('taskViews.columns.end'),
        size: 125,
        ...typedColumnFilter('date'),
        Cell: ({ cell }) => dateCell(cell.getValue()),
      },
      {
        accessorKey: 'Duration',
        header: t('taskViews.columns.duration'),
        size: 115,
        ...typedColumnFilter('number'),
        muiTableBodyCellProps: { align: 'right' },
      },
      {
        accessorKey: 'Progress',
        header: t('taskViews.columns.progress'),
        size: 115,
        ...typedColumnFilter('number'),
        muiTableBodyCellProps: { align: 'right' },
        Cell: ({ cell }) => Math.round(cell.getValue<number>()),
      },
      {
        accessorKey: 'totalFloat',
        header: t('taskViews.columns.totalFloat'),
        size: 120,
        ...typedColumnFilter('number'),
        muiTableBodyCellProps: { align: 'right' },
      },
      {
        id: 'critical',
        accessorFn: (task) => (task.critical ? t('taskViews.yes') : t('taskViews.no')),
        header: t('taskViews.columns.critical'),
        size: 90,
        ...typedColumnFilter('text'),
      },
    ],
    [t],
  );

  const localization = useMemo(
    () => ({
      ...(i18n.language === 'en-US' ? MRT_Localization_EN : MRT_Localization_ES),
      noRecordsToDisplay: t('taskViews.noTasks'),
    }),
    [i18n.language, t],
  );

  const table = useMaterialReactTable({
    columns,
    data: tasks,
    getRowId: (task) => String(task.TaskID),
    localization,
    layoutMode: 'grid',
    mrtTheme: (theme) => ({ baseBackgroundColor: theme.palette.background.paper }),
    enableColumnFilters: true,
    enableGlobalFilter: false,
    enableColumnActions: false,
    enableHiding: false,
    enableDensityToggle: false,
    enableFullScreenToggle: false,
    enableToolbarInternalActions: false,
    enableTopToolbar: false,
    enableStickyHeader: true,
    enableFacetedValues: false,
    initialState: {
      showColumnFilters: true,
      density: 'compact',
      pagination: { pageIndex: 0, pageSize: TASK_TABLE_PAGE_SIZE },
    },
    muiTableContainerProps: { sx: { maxHeight: 640 } },
    muiTablePaperProps: { elevation: 0, sx: { backgroundImage: 'none' }, className: 'task-table' },
    muiPaginationProps: { rowsPerPageOptions: [TASK_TABLE_PAGE_SIZE], showFirstButton: true, showLastButton: true },
  });

  return (
    <PagePanel
      title={t('pages.dataTables')}
      subtitle={t('taskViews.table.subtitle', { project: project.name, count: tasks.length })}
      actions={<OpenGanttButton projectId={project.id} />}
    >
      <MaterialReactTable table={table} />
    </PagePanel>
  );
}

/**
 * '/applications/data-tables' (issue 19): every task of the current project (summaries in bold) in a
 * table with a typed filter per column; an invalid filter says 'Filtro no válido' and filters nothing.
 */
export function TaskTable() {
  const { t } = useTranslation();
  return (
    <CurrentProjectTasks title={t('pages.dataTables')}>
      {(gantt, project) => <TaskTableContent tasks={gantt.activities} project={project} />}
    </CurrentProjectTasks>
  );
}
