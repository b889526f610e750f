import { formatIsoDate, formatMoney } from '@cimiento/domain';
import type { LoadedProject } from '@cimiento/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProjectRouteGate } from '@/components/project/project-route-gate';
import { PagePanel } from '@/components/ui/page-panel';
import { useSession } from '@/lib/auth';
import {
  estadoPagoQueryOptions,
  estadosPagoQueryOptions,
  useApproveEstadoPago,
  useExportEstadoPago,
  useRemoveEstadoPago,
  useSaveEstadoPago,
} from '../api/estados-pago';
import { EstadoPagoDetail } from './estado-pago-detail';
import { RoleNotice } from '@/components/project/role-notice';
import { useProjectAbilities } from '@/lib/project-abilities';
import { EstadoPagoSettingsDialog } from './estado-pago-settings-dialog';
import { NewEstadoPagoDialog } from './new-estado-pago-dialog';

/**
 * /projects/{id}/estados-pago ('Estados de pago', issue 16): the project's EPs (N°, cut-off,
 * period, status, the period's amount and total), 'Nuevo estado de pago' at a recorded cut-off,
 * 'Condiciones del contrato', and the chosen EP whole below the list (the latest by default).
 */
export function ProjectEstadosPago() {
  return <ProjectRouteGate>{(project) => <EstadosPagoScreen key={project._id} project={project} />}</ProjectRouteGate>;
}

export function EstadosPagoScreen({ project }: { project: LoadedProject }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const projectId = project._id;
  const list = useQuery(estadosPagoQueryOptions(projectId));
  const [chosen, setChosen] = useState<number | undefined>();
  const [dialog, setDialog] = useState<'new' | 'settings' | undefined>();
  const save = useSaveEstadoPago(projectId);
  const approve = useApproveEstadoPago(projectId);
  const remove = useRemoveEstadoPago(projectId);
  const exportFile = useExportEstadoPago(projectId);
  const { role, canPlan } = useProjectAbilities(projectId);

  const estadosPago = list.data?.estadosPago ?? [];
  const shown = estadosPago.find((ep) => ep.number === chosen)?.number ?? estadosPago.at(-1)?.number;
  const detail = useQuery({
    ...estadoPagoQueryOptions(projectId, shown ?? 0),
    enabled: shown !== undefined,
  });
  const isBusy = save.isPending || approve.isPending || remove.isPending || exportFile.isPending;
  const availableCutoffs = list.data?.availableCutoffs ?? [];

  function handleCreate(cutoff: string) {
    save.mutate(cutoff, {
      onSuccess: (output) => {
        setChosen(output.estadoPago.number);
        setDialog(undefined);
      },
    });
  }

  return (
    <PagePanel
      title={t('estadoPago.title')}
      subtitle={`${project.code} · ${project.name}`}
      actions={
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {canPlan && (
            <>
              <Button variant="outlined" disabled={list.data === undefined} onClick={() => setDialog('settings')}>
                {t('estadoPago.settings')}
              </Button>
              <Button
                variant="contained"
                color="success"
                disabled={list.data === undefined}
                onClick={() => setDialog('new')}
              >
                {t('estadoPago.newEstadoPago')}
              </Button>
            </>
          )}
        </Stack>
      }
    >
      <RoleNotice role={role} allowed={canPlan} />
      {list.data !== undefined && availableCutoffs.length === 0 && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('estadoPago.noCutoffs')}
        </Alert>
      )}
      {list.data !== undefined && estadosPago.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('estadoPago.empty')}
        </Typography>
      )}
      {estadosPago.length > 0 && (
        <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Table size="small" aria-label={t('estadoPago.listLabel')}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ fontWeight: 600 }}>{t('estadoPago.columns.number')}</TableCell>
                <TableCell sx={{ fontWeight: 600 }}>{t('estadoPago.columns.cutoff')}</TableCell>
                <TableCell sx={{ fontWeight: 600 }}>{t('estadoPago.columns.period')}</TableCell>
                <TableCell sx={{ fontWeight: 600 }}>{t('estadoPago.columns.status')}</TableCell>
                <TableCell align="right" sx={{ fontWeight: 600 }}>
                  {t('estadoPago.columns.periodAmount')}
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 600 }}>
                  {t('estadoPago.columns.total')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {estadosPago.map((ep) => (
                <TableRow
                  key={ep.number}
                  hover
                  selected={ep.number === shown}
                  aria-selected={ep.number === shown}
                  onClick={() => setChosen(ep.number)}
                  sx={{ cursor: 'pointer' }}
                >
                  <TableCell>
                    <Button
                      size="small"
                      variant="text"
                      onClick={(event) => {
                        event.stopPropagation();
                        setChosen(ep.number);
                      }}
                    >
                      N°{ep.number}
                    </Button>
                  </TableCell>
                  <TableCell>{formatIsoDate(ep.cutoff)}</TableCell>
                  <TableCell>
                    {t('estadoPago.periodRange', {
                      start: formatIsoDate(ep.periodStart),
                      end: formatIsoDate(ep.periodEnd),
                    })}
                  </TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      color={ep.status === 'draft' ? 'warning' : 'success'}
                      label={t(ep.status === 'draft' ? 'estadoPago.status.draft' : 'estadoPago.status.approved')}
                    />
                  </TableCell>
                  <TableCell align="right">{formatMoney(ep.totals.periodAmount, ep.currency)}</TableCell>
                  <TableCell align="right">{formatMoney(ep.totals.total, ep.currency)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}

      {shown !== undefined && detail.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {t('estadoPago.detail.loadFailed', { number: shown })}
        </Alert>
      )}
      {detail.data !== undefined && shown !== undefined && detail.data.number === shown && (
        <EstadoPagoDetail
          canChange={canPlan}
          projectName={project.name}
          estadoPago={detail.data}
          isBusy={isBusy}
          onRecalculate={(cutoff) => save.mutate(cutoff)}
          onApprove={(number) => approve.mutate(number)}
          onRemove={(number) => remove.mutate(number, { onSuccess: () => setChosen(undefined) })}
          onExport={(number, format) => exportFile.mutate({ number, format })}
        />
      )}

      {dialog === 'new' && (
        <NewEstadoPagoDialog
          projectId={projectId}
          cutoffs={availableCutoffs}
          nextNumber={(estadosPago.at(-1)?.number ?? 0) + 1}
          isBusy={save.isPending}
          onCreate={handleCreate}
          onClose={() => setDialog(undefined)}
        />
      )}
      {dialog === 'settings' && list.data !== undefined && (
        <EstadoPagoSettingsDialog
          projectId={projectId}
          userId={user?.id ?? ''}
          currency={project.currency}
          settings={list.data.settings}
          onClose={() => setDialog(undefined)}
        />
      )}
    </PagePanel>
  );
}
