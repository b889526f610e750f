import { formatIsoDate, formatNumber } from '@cimiento/domain';
import type { GanttOutput, UpdateAsScheduledCounts } from '@cimiento/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { describeError, isFunctionError } from '@/lib/api-client';
import { notifyMessage } from '@/lib/stores/notices-store';
import { useUpdateAsScheduled } from '../api/progress';
import { useGanttEditor } from '../editor/gantt-editor-store';
import { readCutoff } from './progress-grid';

export type GanttUpdateAsScheduledProps = {
  isOpen: boolean;
  projectId: string;
  /** the cut-off the dialog opens with, as typed in 'Registrar avance' (dd-mm-aaaa) */
  initialCutoff: string;
  /** after 'Confirmar': the cut-off and the rescheduled Gantt (absent when nothing changed) */
  onDone: (cutoff: string, gantt: GanttOutput | undefined) => void;
  onStale: (message: string) => void;
  onClose: () => void;
};

/** 'Se registrarán 3 tareas terminadas, 2 en curso; 1 sin cambio; 4 aún no comienzan'. */
export function previewSentence(t: TFunction, counts: UpdateAsScheduledCounts): string {
  const parts = [
    `${t('gantt.progressEntry.update.previewDone', { count: counts.done, formatted: formatNumber(counts.done) })}, ${t(
      'gantt.progressEntry.update.previewUnderWay',
      { formatted: formatNumber(counts.underWay) },
    )}`,
    t('gantt.progressEntry.update.previewUnchanged', { formatted: formatNumber(counts.unchanged) }),
  ];
  if (counts.notStarted > 0) {
    parts.push(
      t('gantt.progressEntry.update.previewNotStarted', {
        count: counts.notStarted,
        formatted: formatNumber(counts.notStarted),
      }),
    );
  }
  return parts.join('; ');
}

/**
 * 'Actualizar según lo programado' (issue 32, MS Project's Update Project): a cut-off and which
 * tasks (all, or the one selected in the Gantt with its subtasks); the server's preview counts what
 * would be recorded before anything is written; 'Confirmar' records it, then the screen opens
 * 'Registrar avance' at that cut-off to correct the exceptions.
 */
export function GanttUpdateAsScheduled(props: GanttUpdateAsScheduledProps) {
  return (
    <Dialog
      open={props.isOpen}
      onClose={props.onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="update-as-scheduled-title"
      data-testid="update-as-scheduled"
    >
      {props.isOpen && <UpdateBody {...props} />}
    </Dialog>
  );
}

type Preview = { key: string; counts: UpdateAsScheduledCounts } | { key: string; error: string };

function UpdateBody({ projectId, initialCutoff, onDone, onStale, onClose }: GanttUpdateAsScheduledProps) {
  const { t } = useTranslation();
  const latest = useGanttEditor((state) => state.cutoff);
  const version = useGanttEditor((state) => state.version);
  const selectedId = useGanttEditor((state) => state.selectedId);
  const selected = useGanttEditor((state) =>
    state.selectedId === null ? undefined : state.tasks.find((task) => task.id === state.selectedId),
  );
  const [cutoffText, setCutoffText] = useState(initialCutoff);
  const [scope, setScope] = useState<'all' | 'selected'>('all');
  const [preview, setPreview] = useState<Preview | null>(null);
  const [applyError, setApplyError] = useState<string | null>(null);
  const previewCall = useUpdateAsScheduled();
  const applyCall = useUpdateAsScheduled();

  const cutoff = readCutoff(cutoffText, latest);
  const taskIds = scope === 'selected' && selectedId !== null ? [selectedId] : undefined;
  const key = cutoff.ok ? `${cutoff.cutoff}|${taskIds?.join(',') ?? 'all'}|${version}` : '';
  const mutatePreview = previewCall.mutate;

  // the preview follows the cut-off and the scope (the latest answer wins)
  useEffect(() => {
    if (key === '' || !cutoff.ok) return;
    const timer = setTimeout(() => {
      mutatePreview(
        { projectId, cutoff: cutoff.cutoff, ...(taskIds === undefined ? {} : { taskIds }), preview: true, version },
        {
          onSuccess: (result) => setPreview({ key, counts: result.counts }),
          onError: (error) => setPreview({ key, error: describeError(error) }),
        },
      );
    }, 250);
    return () => clearTimeout(timer);
    // the key stands for the cut-off, the scope and the version
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, projectId, mutatePreview]);

  const current = preview !== null && preview.key === key ? preview : null;
  const counts = current !== null && 'counts' in current ? current.counts : null;
  const hasWork = counts !== null && counts.done + counts.underWay > 0;

  function handleConfirm() {
    if (!cutoff.ok || !hasWork) return;
    setApplyError(null);
    applyCall.mutate(
      { projectId, cutoff: cutoff.cutoff, ...(taskIds === undefined ? {} : { taskIds }), preview: false, version },
      {
        onSuccess: (result) => {
          notifyMessage(result.message);
          onDone(result.cutoff, result.gantt);
        },
        onError: (error) => {
          if (isFunctionError(error) && error.code === 'ABORTED') {
            onStale(describeError(error));
            onClose();
          } else setApplyError(describeError(error));
        },
      },
    );
  }

  const selectedLabel =
    selected === undefined
      ? t('gantt.progressEntry.update.scopeSelectedNone')
      : t('gantt.progressEntry.update.scopeSelected', {
          task: selected.code === '' ? selected.name : `${selected.code} ${selected.name}`,
        });

  return (
    <>
      <DialogTitle id="update-as-scheduled-title">{t('gantt.progressEntry.update.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 0.5 }}>
          <Typography variant="body2" color="text.secondary">
            {t('gantt.progressEntry.update.intro')}
          </Typography>
          <TextField
            size="small"
            label={t('gantt.progressEntry.cutoff')}
            placeholder="dd-mm-aaaa"
            value={cutoffText}
            onChange={(event) => setCutoffText(event.target.value)}
            autoFocus
            error={!cutoff.ok}
            helperText={
              cutoff.ok
                ? latest === null
                  ? t('gantt.progressEntry.cutoffHintNone')
                  : t('gantt.progressEntry.cutoffHint', { date: formatIsoDate(latest) })
                : cutoff.error
            }
            slotProps={{ htmlInput: { 'data-testid': 'update-cutoff' } }}
            sx={{ width: 220 }}
          />
          <FormControl>
            <FormLabel id="update-scope-label">{t('gantt.progressEntry.update.scope')}</FormLabel>
            <RadioGroup
              aria-labelledby="update-scope-label"
              value={scope}
              onChange={(event) => setScope(event.target.value === 'selected' ? 'selected' : 'all')}
            >
              <FormControlLabel
                value="all"
                control={<Radio size="small" />}
                label={t('gantt.progressEntry.update.scopeAll')}
              />
              <FormControlLabel
                value="selected"
                control={<Radio size="small" />}
                label={selectedLabel}
                disabled={selected === undefined}
              />
            </RadioGroup>
          </FormControl>
          <div role="status" data-testid="update-preview">
            {!cutoff.ok ? null : current === null ? (
              <Typography variant="body2" color="text.secondary">
                {t('gantt.progressEntry.update.checking')}
              </Typography>
            ) : 'error' in current ? (
              <Alert severity="error">{current.error}</Alert>
            ) : (
              <Alert severity={hasWork ? 'info' : 'warning'}>
                {previewSentence(t, current.counts)}
                {hasWork ? '' : `. ${t('gantt.progressEntry.update.nothing')}`}
              </Alert>
            )}
          </div>
          {applyError !== null && <Alert severity="error">{applyError}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose}>
          {t('gantt.progressEntry.update.cancel')}
        </Button>
        <Button
          variant="contained"
          disabled={!hasWork || applyCall.isPending}
          loading={applyCall.isPending}
          onClick={handleConfirm}
        >
          {t('gantt.progressEntry.update.confirm')}
        </Button>
      </DialogActions>
    </>
  );
}
