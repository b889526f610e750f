import { formatMoney } from '@cimiento/domain';
import type { ProjectSummary } from '@cimiento/domain';
import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { MaterialReactTable, useMaterialReactTable } from 'material-react-table';
import type { MRT_ColumnDef } from 'material-react-table';
import { MRT_Localization_EN } from 'material-react-table/locales/en';
import { MRT_Localization_ES } from 'material-react-table/locales/es';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

export const PROJECTS_PAGE_SIZE = 10;

export type ProjectsTableProps = {
  projects: ProjectSummary[];
  isLoading: boolean;
  onOpen: (project: ProjectSummary) => void;
  onRemove: (project: ProjectSummary) => void;
};

const linkSx = { textTransform: 'none', textAlign: 'left', justifyContent: 'flex-start', fontWeight: 500 } as const;

/**
 * The project list (product-spec.md §2 "Project list"): searchable and paginated, Nombre ('name
 * (code)') and Presupuesto (currency and budget); both open the project, the delete icon asks first.
 */
export function ProjectsTable({ projects, isLoading, onOpen, onRemove }: ProjectsTableProps) {
  const { t, i18n } = useTranslation();

  const columns = useMemo<MRT_ColumnDef<ProjectSummary>[]>(
    () => [
      {
        id: 'name',
        // the search finds a project by its name or its code
        accessorFn: (project) => t('projects.nameWithCode', { name: project.name, code: project.code }),
        header: t('projects.name'),
        size: 420,
        Cell: ({ row, renderedCellValue }) => (
          <Button variant="text" color="info" size="small" sx={linkSx} onClick={() => onOpen(row.original)}>
            {renderedCellValue}
          </Button>
        ),
      },
      {
        id: 'budget',
        accessorFn: (project) => formatMoney(project.budget, project.currency),
        header: t('projects.budget'),
        size: 220,
        sortingFn: (a, b) => Number(a.original.budget) - Number(b.original.budget),
        Cell: ({ row, renderedCellValue }) => (
          <Button variant="text" color="info" size="small" sx={linkSx} onClick={() => onOpen(row.original)}>
            {renderedCellValue}
          </Button>
        ),
      },
    ],
    [t, onOpen],
  );

  const localization = useMemo(
    () => ({
      ...(i18n.language === 'en-US' ? MRT_Localization_EN : MRT_Localization_ES),
      noRecordsToDisplay: t('projects.noResults'),
      noResultsFound: t('projects.noResults'),
    }),
    [i18n.language, t],
  );

  const table = useMaterialReactTable({
    columns,
    data: projects,
    getRowId: (project) => project._id,
    localization,
    layoutMode: 'grid',
    mrtTheme: (theme) => ({ baseBackgroundColor: theme.palette.background.paper }),
    enableDensityToggle: false,
    enableFullScreenToggle: false,
    enableColumnActions: false,
    enableColumnFilters: false,
    enableHiding: false,
    enableRowActions: true,
    positionActionsColumn: 'last',
    positionGlobalFilter: 'left',
    globalFilterFn: 'contains',
    displayColumnDefOptions: { 'mrt-row-actions': { header: '', size: 80 } },
    renderRowActions: ({ row }) => (
      <IconButton
        color="error"
        aria-label={t('projects.remove', { name: row.original.name })}
        title={t('projects.remove', { name: row.original.name })}
        onClick={() => onRemove(row.original)}
      >
        <DeleteIcon />
      </IconButton>
    ),
    state: { isLoading },
    initialState: {
      showGlobalFilter: true,
      pagination: { pageIndex: 0, pageSize: PROJECTS_PAGE_SIZE },
      density: 'compact',
    },
    // the search box has only a placeholder otherwise: give it a name screen readers announce
    muiSearchTextFieldProps: {
      variant: 'outlined',
      size: 'small',
      inputProps: { 'aria-label': localization.search },
    },
    muiTablePaperProps: { elevation: 0, sx: { backgroundImage: 'none' } },
  });

  return <MaterialReactTable table={table} />;
}
