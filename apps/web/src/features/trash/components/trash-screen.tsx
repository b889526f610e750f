import { TRASH_RETENTION_DAYS, formatDate, formatDateTime, formatNumber } from '@cimiento/domain';
import type { TrashedProject } from '@cimiento/domain';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import RestoreFromTrashIcon from '@mui/icons-material/RestoreFromTrash';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { PagePanel } from '@/components/ui/page-panel';
import { describeError } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { holdingsText, totalHoldingsText } from '@/lib/project-holdings';
import { useEmptyTrash, usePurgeProject, useRestoreProject, useTrash } from '../api/trash';

type Pending = { kind: 'restore' | 'purge'; project: TrashedProject } | { kind: 'empty' } | null;

function RowActions({
  project,
  onAsk,
  isBusy,
}: {
  project: TrashedProject;
  onAsk: (pending: Pending) => void;
  isBusy: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Button
        size="small"
        variant="outlined"
        color="success"
        startIcon={<RestoreFromTrashIcon />}
        disabled={isBusy}
        aria-label={t('trash.restoreLabel', { name: project.name })}
        onClick={() => onAsk({ kind: 'restore', project })}
      >
        {t('trash.restore')}
      </Button>
      <Button
        size="small"
        variant="outlined"
        color="error"
        startIcon={<DeleteForeverIcon />}
        disabled={isBusy}
        aria-label={t('trash.purgeLabel', { name: project.name })}
        onClick={() => onAsk({ kind: 'purge', project })}
      >
        {t('trash.purge')}
      </Button>
    </Stack>
  );
}

/** The trash as a table, on screens from 900 px. */
function TrashTable({
  projects,
  ...actions
}: {
  projects: TrashedProject[];
  onAsk: (pending: Pending) => void;
  isBusy: boolean;
}) {
  const { t } = useTranslation();
  return (
    <TableContainer>
      <Table size="small" aria-label={t('trash.tableLabel')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('trash.code')}</TableCell>
            <TableCell>{t('trash.name')}</TableCell>
            <TableCell>{t('trash.deletedAt')}</TableCell>
            <TableCell>{t('trash.deletedBy')}</TableCell>
            <TableCell>{t('trash.purgeAt')}</TableCell>
            <TableCell>{t('trash.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {projects.map((project) => (
            <TableRow key={project.id} data-testid={`trash-row-${project.id}`}>
              <TableCell sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{project.code}</TableCell>
              <TableCell>
                <Typography variant="body2">{project.name}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {holdingsText(t, project.holdings)}
                </Typography>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(project.deletedAt)}</TableCell>
              <TableCell>{project.deletedBy}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(project.purgeAt)}</TableCell>
              <TableCell sx={{ minWidth: 200 }}>
                <RowActions project={project} {...actions} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The trash as cards, one per project, on narrow screens. */
function TrashCards({
  projects,
  ...actions
}: {
  projects: TrashedProject[];
  onAsk: (pending: Pending) => void;
  isBusy: boolean;
}) {
  const { t } = useTranslation();
  const field = (label: string, value: string) => (
    <Box>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0 }}>
        {value}
      </Typography>
    </Box>
  );
  return (
    <Stack component="ul" spacing={2} aria-label={t('trash.tableLabel')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {projects.map((project) => (
        <Paper
          component="li"
          key={project.id}
          variant="outlined"
          data-testid={`trash-row-${project.id}`}
          sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}
        >
          <Box>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
              {t('projects.nameWithCode', { name: project.name, code: project.code })}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {holdingsText(t, project.holdings)}
            </Typography>
          </Box>
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1, m: 0 }}>
            {field(t('trash.deletedAt'), formatDateTime(project.deletedAt))}
            {field(t('trash.deletedBy'), project.deletedBy)}
            {field(t('trash.purgeAt'), formatDate(project.purgeAt))}
          </Box>
          <RowActions project={project} {...actions} />
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * /admin/papelera, 'Papelera' (issue 30), administrators only: the projects 'Eliminar proyecto' sent
 * here, with when (Santiago time), by whom and when they are purged by themselves (30 days after),
 * and what each holds. 'Restaurar' brings one back to the project list with its history; 'Eliminar
 * definitivamente' and 'Vaciar papelera' delete for good. Each asks first, saying what it takes.
 * Anyone else who opens the address is told the trash is for administrators; nothing is loaded.
 */
export function TrashScreen() {
  const { t } = useTranslation();
  const { isAdmin, isPending: isSessionPending } = useSession();
  const trash = useTrash(isAdmin);
  const restore = useRestoreProject();
  const purge = usePurgeProject();
  const empty = useEmptyTrash();
  const [pending, setPending] = useState<Pending>(null);
  const isNarrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const projects = trash.data?.projects ?? [];
  const isBusy = restore.isPending || purge.isPending || empty.isPending;

  async function confirm() {
    if (pending === null) return;
    try {
      if (pending.kind === 'restore') await restore.mutateAsync(pending.project.id);
      else if (pending.kind === 'purge') await purge.mutateAsync(pending.project.id);
      else await empty.mutateAsync();
    } catch {
      // the error toast says why (the mutation's default)
    }
    setPending(null);
  }

  function confirmation(): { text: string; details?: string; color: 'error' | 'success' } {
    if (pending === null) return { text: '', color: 'error' };
    if (pending.kind === 'restore') {
      const { name, code, holdings } = pending.project;
      return {
        text: t('trash.confirmRestore', { name, code }),
        details: t('trash.holdsLine', { holds: holdingsText(t, holdings) }),
        color: 'success',
      };
    }
    if (pending.kind === 'purge') {
      const { name, code, holdings } = pending.project;
      return {
        text: t('trash.confirmPurge', { name, code }),
        details: t('trash.takes', { holds: holdingsText(t, holdings) }),
        color: 'error',
      };
    }
    return {
      text: t('trash.confirmEmpty', { count: projects.length, formatted: formatNumber(projects.length) }),
      details: t('trash.takesAll', {
        holds: totalHoldingsText(
          t,
          projects.map((project) => project.holdings),
        ),
      }),
      color: 'error',
    };
  }
  const asked = confirmation();

  let content;
  if (isSessionPending) content = null;
  else if (!isAdmin) {
    content = (
      <Alert severity="info" data-testid="trash-admin-only">
        <AlertTitle>{t('trash.adminOnly')}</AlertTitle>
        {t('trash.adminOnlyDetail', { days: TRASH_RETENTION_DAYS })}
      </Alert>
    );
  } else if (trash.isError) {
    content = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void trash.refetch()}>
            {t('trash.retry')}
          </Button>
        }
      >
        <AlertTitle>{t('trash.loadFailed')}</AlertTitle>
        {describeError(trash.error)}
      </Alert>
    );
  } else if (trash.isPending) content = null;
  else if (projects.length === 0) {
    content = (
      <Stack spacing={1} sx={{ alignItems: 'center', py: 6, textAlign: 'center' }} data-testid="trash-empty">
        <DeleteOutlineIcon sx={{ fontSize: 48, color: 'text.disabled' }} aria-hidden />
        <Typography variant="h6" component="p">
          {t('trash.empty')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('trash.emptyDetail', { days: TRASH_RETENTION_DAYS })}
        </Typography>
      </Stack>
    );
  } else {
    content = isNarrow ? (
      <TrashCards projects={projects} onAsk={setPending} isBusy={isBusy} />
    ) : (
      <TrashTable projects={projects} onAsk={setPending} isBusy={isBusy} />
    );
  }

  return (
    <PagePanel
      title={t('trash.title')}
      actions={
        isAdmin && (
          <Button
            variant="contained"
            color="error"
            startIcon={<DeleteForeverIcon />}
            disabled={projects.length === 0 || isBusy}
            onClick={() => setPending({ kind: 'empty' })}
          >
            {t('trash.emptyTrash')}
          </Button>
        )
      }
    >
      {isAdmin && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('trash.intro', { days: TRASH_RETENTION_DAYS })}
        </Typography>
      )}
      {content}
      <ConfirmDialog
        isOpen={pending !== null}
        text={asked.text}
        details={
          asked.details === undefined ? undefined : (
            <DialogContentText sx={{ mt: 1.5 }} data-testid="trash-confirm-details">
              {asked.details}
            </DialogContentText>
          )
        }
        confirmColor={asked.color}
        isBusy={isBusy}
        onCancel={() => setPending(null)}
        onConfirm={() => void confirm()}
      />
    </PagePanel>
  );
}
