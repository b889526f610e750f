import { formatMoney } from '@cimiento/domain';
import type { ProjectSummary } from '@cimiento/domain';
import EditIcon from '@mui/icons-material/Edit';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { MaterialReactTable, useMaterialReactTable } from 'material-react-table';
import type { MRT_ColumnDef } from 'material-react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ProjectRoleChip } from '@/components/project/project-role-chip';
import { projectAbilitiesOf } from '@/lib/project-abilities';
import { RemoveRowButton, listTableOptions, useListTableLocalization } from '@/components/ui/list-table';

export const PROJECTS_PAGE_SIZE = 10;

export type ProjectsTableProps = {
  projects: ProjectSummary[];
  isLoading: boolean;
  onOpen: (project: ProjectSummary) => void;
  onEdit: (project: ProjectSummary) => void;
  onRemove: (project: ProjectSummary) => void;
};

const linkSx = { textTransform: 'none', textAlign: 'left', justifyContent: 'flex-start', fontWeight: 500 } as const;

/**
 * The project list (product-spec.md §2 "Project list"): searchable and paginated, Nombre ('name
 * (code)') and Presupuesto (currency and budget); both open the project; 'Tu rol' (issue 36), the
 * caller's role on it ('Administrador' when an administrator is not a member). Row actions: the edit
 * icon opens 'Editar proyecto' (issue 12), the delete icon asks first.
 */
export function ProjectsTable({ projects, isLoading, onOpen, onEdit, onRemove }: ProjectsTableProps) {
  const { t } = useTranslation();

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
      {
        id: 'role',
        accessorFn: (project) => (project.role === null ? t('projects.adminNotMember') : t(`roles.${project.role}`)),
        header: t('projects.yourRole'),
        size: 160,
        Cell: ({ row }) => <ProjectRoleChip role={row.original.role} />,
      },
    ],
    [t, onOpen],
  );

  const localization = useListTableLocalization(t('projects.noResults'));

  const table = useMaterialReactTable({
    ...listTableOptions<ProjectSummary>(localization),
    columns,
    data: projects,
    getRowId: (project) => project._id,
    // two icons: wider than the shared list's one-icon column
    displayColumnDefOptions: { 'mrt-row-actions': { header: '', size: 110 } },
    renderRowActions: ({ row }) => {
      // issue 36: editing and deleting a project are the Planificador's (and an administrator's)
      if (!projectAbilitiesOf(row.original.role).canPlan) return null;
      const editLabel = t('projects.editRow', { name: row.original.name });
      return (
        <Stack direction="row">
          <IconButton aria-label={editLabel} title={editLabel} onClick={() => onEdit(row.original)}>
            <EditIcon />
          </IconButton>
          <RemoveRowButton
            label={t('projects.remove', { name: row.original.name })}
            onClick={() => onRemove(row.original)}
          />
        </Stack>
      );
    },
    state: { isLoading },
    initialState: {
      showGlobalFilter: true,
      pagination: { pageIndex: 0, pageSize: PROJECTS_PAGE_SIZE },
      density: 'compact',
    },
  });

  return <MaterialReactTable table={table} />;
}
