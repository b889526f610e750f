import { formatDateTime, formatIsoDate, formatNumber, formatProgress } from '@cimiento/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '@/lib/api-client';
import { useProgressHistory } from '../api/progress';

export type GanttProgressHistoryProps = { isOpen: boolean; projectId: string; onClose: () => void };

/**
 * 'Cortes de avance' (issue 15): every cut-off recorded, newest first (loadProgressHistory), with who
 * recorded it, when, the project's progress then and how many tasks had progress; choosing one
 * (click or Enter) shows its tasks' progress and actual dates.
 */
export function GanttProgressHistory(props: GanttProgressHistoryProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={props.isOpen}
      onClose={props.onClose}
      maxWidth="md"
      fullWidth
      aria-labelledby="progress-history-title"
    >
      <DialogTitle id="progress-history-title">{t('gantt.progressEntry.history.title')}</DialogTitle>
      {props.isOpen && <HistoryBody {...props} />}
      <DialogActions>
        <Button onClick={props.onClose}>{t('gantt.progressEntry.history.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function HistoryBody({ projectId }: GanttProgressHistoryProps) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string | null>(null);
  const list = useProgressHistory(projectId, null, true);
  const detail = useProgressHistory(projectId, chosen, chosen !== null);
  const cutoffs = list.data?.cutoffs ?? [];
  return (
    <DialogContent>
      {list.isPending && <LinearProgress aria-label={t('gantt.progressEntry.history.title')} />}
      {list.isError && <Alert severity="error">{describeError(list.error)}</Alert>}
      {list.data && cutoffs.length === 0 && <Alert severity="info">{t('gantt.progressEntry.history.empty')}</Alert>}
      {cutoffs.length > 0 && (
        <Table size="small" aria-label={t('gantt.progressEntry.history.title')} data-testid="progress-history-cutoffs">
          <TableHead>
            <TableRow>
              <TableCell>{t('gantt.progressEntry.history.cutoff')}</TableCell>
              <TableCell>{t('gantt.progressEntry.history.recordedBy')}</TableCell>
              <TableCell>{t('gantt.progressEntry.history.recordedAt')}</TableCell>
              <TableCell align="right">{t('gantt.progressEntry.history.progress')}</TableCell>
              <TableCell align="right">{t('gantt.progressEntry.history.tasks')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {cutoffs.map((record) => (
              <TableRow
                key={record.cutoff}
                hover
                selected={record.cutoff === chosen}
                tabIndex={0}
                aria-selected={record.cutoff === chosen}
                onClick={() => setChosen(record.cutoff)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' || event.key === ' ') {
                    event.preventDefault();
                    setChosen(record.cutoff);
                  }
                }}
                sx={{ cursor: 'pointer' }}
              >
                <TableCell>{formatIsoDate(record.cutoff)}</TableCell>
                <TableCell>{record.recordedBy}</TableCell>
                <TableCell>{formatDateTime(record.recordedAt)}</TableCell>
                <TableCell align="right">{formatProgress(record.progress)}</TableCell>
                <TableCell align="right">{formatNumber(record.taskCount)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {cutoffs.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="progress-history-basis">
          {t('gantt.progressEntry.history.basis', {
            basis: t(`progressBasis.${list.data?.progressBasis ?? 'duration'}`),
            explanation: t(
              list.data?.progressBasis === 'amount' ? 'progressBasis.explainAmount' : 'progressBasis.explainDuration',
            ),
          })}
        </Typography>
      )}
      {cutoffs.length > 0 && chosen === null && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {t('gantt.progressEntry.history.choose')}
        </Typography>
      )}
      {chosen !== null && (
        <Box sx={{ mt: 3 }}>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            {t('gantt.progressEntry.history.tasksOf', { date: formatIsoDate(chosen) })}
          </Typography>
          {detail.isPending && <LinearProgress aria-label={t('gantt.progressEntry.history.tasks')} />}
          {detail.isError && <Alert severity="error">{describeError(detail.error)}</Alert>}
          {detail.data && (detail.data.tasks ?? []).length === 0 && (
            <Alert severity="info">{t('gantt.progressEntry.history.noTasks')}</Alert>
          )}
          {detail.data && (detail.data.tasks ?? []).length > 0 && (
            <Box sx={{ maxHeight: 360, overflowY: 'auto' }}>
              <Table size="small" stickyHeader data-testid="progress-history-tasks">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('gantt.progressEntry.code')}</TableCell>
                    <TableCell>{t('gantt.progressEntry.name')}</TableCell>
                    <TableCell>{t('gantt.progressEntry.actualStart')}</TableCell>
                    <TableCell>{t('gantt.progressEntry.actualFinish')}</TableCell>
                    <TableCell align="right">{t('gantt.progressEntry.progress')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {(detail.data.tasks ?? []).map((task) => (
                    <TableRow key={task.TaskID}>
                      <TableCell>{task.TaskCode}</TableCell>
                      <TableCell>{task.TaskName}</TableCell>
                      <TableCell>{task.ActualStart === undefined ? '' : formatIsoDate(task.ActualStart)}</TableCell>
                      <TableCell>{task.ActualFinish === undefined ? '' : formatIsoDate(task.ActualFinish)}</TableCell>
                      <TableCell align="right">{formatProgress(task.Progress)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
        </Box>
      )}
    </DialogContent>
  );
}
