import { formatDecimal, formatIsoDate, formatNumber, removeGanttLeveling } from '@cimiento/domain';
import { levelOrders } from '@cimiento/domain/resources';
import BalanceIcon from '@mui/icons-material/Balance';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError, isFunctionError } from '@/lib/api-client';
import { notifyError, notifyMessage } from '@/lib/stores/notices-store';
import { useSaveGantt } from '../api/gantt';
import { useLevelResources } from '../api/resources';
import type { LevelResourcesVariables } from '../api/resources';
import {
  saveVariablesOf,
  selectIsDirty,
  selectLevelledCount,
  useGanttEditor,
  useGanttEditorStore,
} from '../editor/gantt-editor-store';
import { ToolButton, ToolGroup } from '../editor/gantt-tool-button';

type LevelOrder = LevelResourcesVariables['order'];
type Preview = Awaited<ReturnType<ReturnType<typeof useLevelResources>['mutateAsync']>>;

/** At most this many moved tasks and overloads are listed in the dialog (the counts say the rest). */
const LISTED = 200;

/**
 * issue 35: 'Redistribuir recursos' (MS Project's Level Resources) in the Gantt's toolbar: the order
 * and 'Solo dentro de la holgura', a preview of what moves and what stays overloaded (a dry run of
 * levelResources on the saved Gantt), then 'Aplicar'; 'Quitar redistribución' puts the levelled
 * tasks back on their own starts as an edit of the draft (undone with 'Deshacer', saved with
 * 'Grabar'). The levelling works on the saved Gantt: unsaved edits are saved first, when the user
 * says so.
 */
export function GanttLevelingTools({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const store = useGanttEditorStore();
  const isDirty = useGanttEditor(selectIsDirty);
  const levelled = useGanttEditor(selectLevelledCount);
  const [isOpen, setIsOpen] = useState(false);
  const [order, setOrder] = useState<LevelOrder>('totalFloat');
  const [withinSlack, setWithinSlack] = useState(false);
  const [preview, setPreview] = useState<{ key: string; result: Preview } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const level = useLevelResources();
  // a phone gets the whole screen: the tables need the width
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const saveGantt = useSaveGantt({ onSuccess: (output) => store.getState().load(output) });
  const key = `${order}|${withinSlack}|${store.getState().version}`;

  function close() {
    setIsOpen(false);
    setPreview(null);
    setError(null);
  }

  function refused(caught: unknown) {
    if (isFunctionError(caught) && caught.code === 'ABORTED') {
      store.getState().markStale(describeError(caught));
      close();
    } else setError(describeError(caught));
  }

  async function run(dryRun: boolean) {
    setError(null);
    const version = store.getState().version;
    try {
      const result = await level.mutateAsync({ projectId, version, dryRun, order, withinSlack });
      if (dryRun) {
        setPreview({ key: `${order}|${withinSlack}|${version}`, result });
        return;
      }
      if (result.gantt) store.getState().load(result.gantt);
      notifyMessage(result.message);
      close();
    } catch (caught) {
      refused(caught);
    }
  }

  async function saveThenPreview() {
    setError(null);
    try {
      await saveGantt.mutateAsync(saveVariablesOf(projectId, store.getState()));
    } catch (caught) {
      refused(caught);
      return;
    }
    await run(true);
  }

  function removeLeveling() {
    const result = store.getState().apply((tasks) => removeGanttLeveling(tasks));
    if (!result.ok) {
      notifyError(result.error);
      return;
    }
    notifyMessage(t('gantt.leveling.removed', { count: levelled, formatted: formatNumber(levelled) }));
    close();
  }

  const shown = preview !== null && preview.key === key ? preview.result : null;
  return (
    <ToolGroup>
      <ToolButton label={t('gantt.leveling.open')} icon={<BalanceIcon />} onClick={() => setIsOpen(true)} />
      <Dialog
        open={isOpen}
        onClose={close}
        fullWidth
        fullScreen={isPhone}
        maxWidth="md"
        aria-labelledby="gantt-leveling-title"
      >
        <DialogTitle id="gantt-leveling-title">{t('gantt.leveling.title')}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 2 }}>
            {t('gantt.leveling.intro')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
            <TextField
              select
              size="small"
              label={t('gantt.leveling.order')}
              value={order}
              onChange={(event) => setOrder(event.target.value as LevelOrder)}
              sx={{ minWidth: 220 }}
              helperText={t(`gantt.leveling.orderHelp.${order}`)}
            >
              {levelOrders.map((option) => (
                <MenuItem key={option} value={option}>
                  {t(`gantt.leveling.orders.${option}`)}
                </MenuItem>
              ))}
            </TextField>
            <FormControlLabel
              control={<Checkbox checked={withinSlack} onChange={(event) => setWithinSlack(event.target.checked)} />}
              label={t('gantt.leveling.withinSlack')}
            />
          </Stack>
          {isDirty && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {t('gantt.leveling.unsaved')}
            </Alert>
          )}
          {error !== null && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          {shown !== null && <LevelingPreview result={shown} />}
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          {levelled > 0 && (
            <Button color="warning" onClick={removeLeveling} sx={{ mr: 'auto' }}>
              {t('gantt.leveling.remove', { count: levelled, formatted: formatNumber(levelled) })}
            </Button>
          )}
          <Button onClick={close}>{t('gantt.cancel')}</Button>
          {isDirty ? (
            <Button variant="outlined" onClick={() => void saveThenPreview()} disabled={level.isPending}>
              {t('gantt.leveling.saveAndPreview')}
            </Button>
          ) : (
            <Button variant="outlined" onClick={() => void run(true)} disabled={level.isPending}>
              {t('gantt.leveling.preview')}
            </Button>
          )}
          <Button
            variant="contained"
            onClick={() => void run(false)}
            disabled={shown === null || shown.moved.length === 0 || level.isPending || isDirty}
          >
            {t('gantt.leveling.apply')}
          </Button>
        </DialogActions>
      </Dialog>
    </ToolGroup>
  );
}

function LevelingPreview({ result }: { result: Preview }) {
  const { t } = useTranslation();
  return (
    <Box data-testid="leveling-preview">
      <Alert severity={result.overloads.length === 0 ? 'success' : 'warning'} sx={{ mb: 2 }}>
        {result.message}
      </Alert>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {t('gantt.leveling.movedTitle', { count: result.moved.length, formatted: formatNumber(result.moved.length) })}
      </Typography>
      {result.moved.length > 0 && (
        <TableContainer sx={{ maxHeight: 260, mb: 2 }}>
          <Table size="small" stickyHeader aria-label={t('gantt.leveling.movedTitle', { count: 2, formatted: '' })}>
            <TableHead>
              <TableRow>
                <TableCell>{t('gantt.code')}</TableCell>
                <TableCell>{t('gantt.name')}</TableCell>
                <TableCell align="right">{t('gantt.leveling.days')}</TableCell>
                <TableCell>{t('gantt.leveling.from')}</TableCell>
                <TableCell>{t('gantt.leveling.to')}</TableCell>
                <TableCell>{t('gantt.finish')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {result.moved.slice(0, LISTED).map((task) => (
                <TableRow key={task.TaskID}>
                  <TableCell>{task.TaskCode}</TableCell>
                  <TableCell>{task.TaskName}</TableCell>
                  <TableCell align="right">+{formatNumber(task.days)}</TableCell>
                  <TableCell>{formatIsoDate(task.from)}</TableCell>
                  <TableCell>{formatIsoDate(task.to)}</TableCell>
                  <TableCell>{formatIsoDate(task.finish)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {result.overloads.length > 0 && (
        <>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            {t('gantt.leveling.overloadsTitle', {
              count: result.overloads.length,
              formatted: formatNumber(result.overloads.length),
            })}
          </Typography>
          <TableContainer sx={{ maxHeight: 260 }}>
            <Table
              size="small"
              stickyHeader
              aria-label={t('gantt.leveling.overloadsTitle', { count: 2, formatted: '' })}
            >
              <TableHead>
                <TableRow>
                  <TableCell>{t('gantt.leveling.resource')}</TableCell>
                  <TableCell>{t('gantt.leveling.dates')}</TableCell>
                  <TableCell align="right">{t('gantt.leveling.asked')}</TableCell>
                  <TableCell align="right">{t('gantt.leveling.available')}</TableCell>
                  <TableCell>{t('gantt.leveling.reason')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {result.overloads.slice(0, LISTED).map((overload) => (
                  <TableRow key={`${overload.resourceId}:${overload.from}`}>
                    <TableCell>{overload.resourceName}</TableCell>
                    <TableCell>
                      {overload.from === overload.to
                        ? formatIsoDate(overload.from)
                        : `${formatIsoDate(overload.from)} – ${formatIsoDate(overload.to)}`}
                    </TableCell>
                    <TableCell align="right">{formatDecimal(overload.units)}</TableCell>
                    <TableCell align="right">{formatDecimal(overload.maxUnits)}</TableCell>
                    <TableCell>{overload.reason}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </>
      )}
    </Box>
  );
}
