import { formatIsoDate } from '@cimiento/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FunctionError, describeError } from '@/lib/api-client';
import type { TransferOutput } from '../api/last-planner';
import { useGanttVersion, useTransferCommitments } from '../api/last-planner';
import { formatProgress, isIsoDay } from '../utils/last-planner-view';
import { IsoDateField } from './iso-date-field';

export type TransferDialogProps = {
  projectId: string;
  /** the cut-off offered: today (America/Santiago's, as the server says it) */
  defaultCutoff: string;
  onClose: () => void;
};

/**
 * 'Pasar al avance': the fulfilled commitments as progress at a cut-off. A dry run shows what each
 * task would go from and to (capped at 100 %) and what is skipped and why; 'Confirmar' writes it
 * through saveProgress's rules with the Gantt's version read when the dialog opened. A Gantt saved
 * meanwhile answers 409: said in Spanish, the version is read again and the preview is run anew.
 */
export function TransferDialog({ projectId, defaultCutoff, onClose }: TransferDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [cutoff, setCutoff] = useState(defaultCutoff);
  const [preview, setPreview] = useState<TransferOutput | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [isStale, setIsStale] = useState(false);
  const version = useGanttVersion(projectId, true);
  const transfer = useTransferCommitments(projectId);
  const isCutoffValid = isIsoDay(cutoff);

  async function run(dryRun: boolean) {
    if (version.data === undefined || !isCutoffValid) return;
    setRefusal(null);
    setIsStale(false);
    try {
      const result = await transfer.mutateAsync({ cutoff, version: version.data, dryRun });
      if (dryRun) setPreview(result);
      else onClose();
    } catch (error) {
      if (error instanceof FunctionError && error.code === 'ABORTED') {
        setIsStale(true);
        setPreview(null);
        await version.refetch();
      } else setRefusal(describeError(error));
    }
  }

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('lastPlanner.transfer.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>{t('lastPlanner.transfer.intro')}</DialogContentText>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
            <IsoDateField
              label={t('lastPlanner.transfer.cutoff')}
              value={cutoff}
              onChange={(next) => {
                setCutoff(next);
                setPreview(null);
              }}
              isRequired
              error={isCutoffValid ? null : t('lastPlanner.transfer.cutoffInvalid')}
              hint="dd-mm-aaaa"
              testId="transfer-cutoff"
            />
            <Button
              variant="outlined"
              onClick={() => void run(true)}
              loading={transfer.isPending && preview === null}
              disabled={version.data === undefined || !isCutoffValid}
              sx={{ mt: { sm: 1 } }}
            >
              {t('lastPlanner.transfer.preview')}
            </Button>
          </Stack>
          {version.isPending && (
            <Typography variant="body2" color="text.secondary">
              {t('lastPlanner.transfer.loadingVersion')}
            </Typography>
          )}
          {version.isError && <Alert severity="error">{describeError(version.error)}</Alert>}
          {isStale && (
            <Alert severity="warning" data-testid="transfer-stale">
              {t('lastPlanner.transfer.stale')}
            </Alert>
          )}
          {refusal !== null && (
            <Alert severity="error" data-testid="transfer-refusal">
              {refusal}
            </Alert>
          )}
          {preview !== null && (
            <>
              {preview.tasks.length === 0 ? (
                <Alert severity="info">{t('lastPlanner.transfer.nothing')}</Alert>
              ) : (
                <TableContainer tabIndex={0} role="region" aria-label={t('lastPlanner.transfer.previewTable')}>
                  <Table size="small" aria-label={t('lastPlanner.transfer.previewTable')}>
                    <TableHead>
                      <TableRow>
                        <TableCell>{t('lastPlanner.transfer.task')}</TableCell>
                        <TableCell align="right">{t('lastPlanner.transfer.before')}</TableCell>
                        <TableCell align="right">{t('lastPlanner.transfer.after')}</TableCell>
                        <TableCell align="right">{t('lastPlanner.transfer.commitments')}</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {preview.tasks.map((task) => (
                        <TableRow key={task.taskId}>
                          <TableCell>
                            {task.code !== '' && (
                              <Box component="span" sx={{ color: 'text.secondary', mr: 0.75 }}>
                                {task.code}
                              </Box>
                            )}
                            {task.name}
                          </TableCell>
                          <TableCell align="right">{formatProgress(task.previousProgress)}</TableCell>
                          <TableCell align="right">
                            <Stack
                              direction="row"
                              spacing={1}
                              sx={{ justifyContent: 'flex-end', alignItems: 'center' }}
                            >
                              <span>{formatProgress(task.progress)}</span>
                              {task.capped && (
                                <Chip size="small" color="warning" label={t('lastPlanner.transfer.capped')} />
                              )}
                            </Stack>
                          </TableCell>
                          <TableCell align="right">{task.commitments}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </TableContainer>
              )}
              {preview.skipped.length > 0 && (
                <Box>
                  <Typography variant="subtitle2" component="h3">
                    {t('lastPlanner.transfer.skipped')}
                  </Typography>
                  <Box component="ul" sx={{ my: 0.5, pl: 2.5 }} data-testid="transfer-skipped">
                    {preview.skipped.map((item, index) => (
                      <Typography component="li" variant="body2" key={item.commitmentId ?? index}>
                        {item.reason}
                      </Typography>
                    ))}
                  </Box>
                </Box>
              )}
              <Typography variant="caption" color="text.secondary">
                {t('lastPlanner.transfer.cutoffIs', { date: formatIsoDate(preview.cutoff) })}
              </Typography>
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose} disabled={transfer.isPending}>
          {t('lastPlanner.cancel')}
        </Button>
        <Button
          variant="contained"
          color="success"
          onClick={() => void run(false)}
          loading={transfer.isPending && preview !== null}
          disabled={preview === null || preview.tasks.length === 0 || version.data === undefined}
        >
          {t('lastPlanner.transfer.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
