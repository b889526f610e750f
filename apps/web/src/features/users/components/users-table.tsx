import { formatDateTime } from '@cimiento/domain';
import type { UserSummary } from '@cimiento/domain';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Switch from '@mui/material/Switch';
import { MaterialReactTable, useMaterialReactTable } from 'material-react-table';
import type { MRT_ColumnDef } from 'material-react-table';
import { MRT_Localization_EN } from 'material-react-table/locales/en';
import { MRT_Localization_ES } from 'material-react-table/locales/es';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/auth';
import { useSaveUser } from '../api/save-user';

export type UsersTableProps = {
  users: UserSummary[];
  /** Administrators get the admin switch and the disable/enable button; others see the list only. */
  canManage: boolean;
};

export function UsersTable({ users, canManage }: UsersTableProps) {
  const { t, i18n } = useTranslation();
  const { mutate: saveUser, isPending: isSaving } = useSaveUser();
  // the server refuses to disable one's own account
  const { user: currentUser } = useSession();

  const columns = useMemo<MRT_ColumnDef<UserSummary>[]>(
    () => [
      { accessorKey: 'name', header: t('users.name'), size: 140 },
      { accessorKey: 'email', header: t('users.email'), size: 260 },
      { accessorKey: 'jobTitle', header: t('users.jobTitle'), size: 120 },
      {
        accessorKey: 'admin',
        header: t('users.admin'),
        size: 150,
        filterVariant: 'checkbox',
        Cell: ({ row }) =>
          canManage ? (
            <Switch
              checked={row.original.admin}
              disabled={isSaving}
              color="success"
              slotProps={{ input: { 'aria-label': t('users.adminSwitch', { email: row.original.email }) } }}
              onChange={(event) => saveUser({ id: row.original.id, admin: event.target.checked })}
            />
          ) : row.original.admin ? (
            t('common.yes')
          ) : (
            t('common.no')
          ),
      },
      {
        accessorKey: 'createdAt',
        header: t('users.createdAt'),
        size: 140,
        enableColumnFilter: false,
        Cell: ({ row }) => formatDateTime(row.original.createdAt),
      },
      {
        id: 'state',
        header: t('users.state'),
        size: 130,
        accessorFn: (user) => (user.disabled ? t('users.disabled') : t('users.active')),
        Cell: ({ row }) => (
          <Chip
            size="small"
            label={row.original.disabled ? t('users.disabled') : t('users.active')}
            color={row.original.disabled ? 'default' : 'success'}
            variant={row.original.disabled ? 'outlined' : 'filled'}
          />
        ),
      },
    ],
    [t, canManage, isSaving, saveUser],
  );

  const table = useMaterialReactTable({
    columns,
    data: users,
    getRowId: (user) => user.id,
    localization: i18n.language === 'en-US' ? MRT_Localization_EN : MRT_Localization_ES,
    layoutMode: 'grid',
    mrtTheme: (theme) => ({ baseBackgroundColor: theme.palette.background.paper }),
    enableDensityToggle: false,
    enableFullScreenToggle: false,
    enableColumnActions: false,
    enableRowActions: canManage,
    positionActionsColumn: 'last',
    displayColumnDefOptions: { 'mrt-row-actions': { header: t('users.actions'), size: 120 } },
    renderRowActions: ({ row }) => (
      <Button
        size="small"
        variant="outlined"
        color={row.original.disabled ? 'success' : 'error'}
        disabled={isSaving || row.original.id === currentUser?.id}
        onClick={() => saveUser({ id: row.original.id, disabled: !row.original.disabled })}
      >
        {row.original.disabled ? t('users.enable') : t('users.disable')}
      </Button>
    ),
    initialState: { pagination: { pageIndex: 0, pageSize: 10 }, sorting: [{ id: 'name', desc: false }] },
    muiTablePaperProps: { elevation: 0, sx: { backgroundImage: 'none' } },
  });

  return <MaterialReactTable table={table} />;
}
