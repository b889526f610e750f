import { formatIsoDate, formatNumber } from '@cimiento/domain';
import type { GanttOutput, WorkbookRowError } from '@cimiento/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImportFileZone } from '@/components/import/import-file-zone';
import { describeError, isFunctionError } from '@/lib/api-client';
import { readFileBase64 } from '@/lib/file-reading';
import { notifyMessage } from '@/stores/notices-store';
import { useImportProgress } from '../api/progress';
import { readCutoff } from '../utils/progress-grid';
import { MAX_WORKBOOK_BYTES } from './gantt-import-dialog';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Preview = { rows: number; errors: WorkbookRowError[]; updated: number; unchanged: number };

type Step =
  | { kind: 'choose' }
  | { kind: 'checking'; file: string }
  | { kind: 'preview'; file: string; content: string; cutoff: string; preview: Preview }
  | { kind: 'importing'; file: string };

export type GanttProgressImportProps = {
  isOpen: boolean;
  projectId: string;
  version: number;
  /** the latest cut-off recorded (an earlier one is refused) */
  latestCutoff: string | null;
  /** the cut-off the dialog opens with, as typed in 'Registrar avance' */
  initialCutoff: string;
  onImported: (output: GanttOutput) => void;
  onStale: (message: string) => void;
  onClose: () => void;
};

/**
 * 'Importar avance desde Excel' (issue 15): the progress sheet ('Descargar planilla de avance') at a
 * cut-off. The file is checked by the server without writing (importProgress dryRun: rows, tasks
 * with new progress, unchanged, and every row error 'Fila 7: …'), and recorded only after
 * 'Importar'. A file with errors records nothing.
 */
export function GanttProgressImport(props: GanttProgressImportProps) {
  const busy = useRef(false);
  return (
    <Dialog
      open={props.isOpen}
      onClose={() => {
        if (!busy.current) props.onClose();
      }}
      maxWidth="sm"
      fullWidth
      aria-labelledby="progress-import-title"
    >
      {props.isOpen && <ImportBody {...props} busy={busy} />}
    </Dialog>
  );
}

function ImportBody({
  projectId,
  version,
  latestCutoff,
  initialCutoff,
  onImported,
  onStale,
  onClose,
  busy,
}: GanttProgressImportProps & { busy: { current: boolean } }) {
  const { t } = useTranslation();
  const [cutoffText, setCutoffText] = useState(initialCutoff);
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [error, setError] = useState<string | null>(null);
  const importProgress = useImportProgress();
  const cutoffRead = readCutoff(cutoffText, latestCutoff);
  const isBusy = step.kind === 'checking' || step.kind === 'importing';
  busy.current = isBusy;

  function refused(cause: unknown): boolean {
    if (isFunctionError(cause) && cause.code === 'ABORTED') {
      onStale(describeError(cause));
      onClose();
      return true;
    }
    return false;
  }

  async function take(file: File) {
    setError(null);
    if (!cutoffRead.ok) return setError(cutoffRead.error);
    const cutoff = cutoffRead.cutoff;
    const name = file.name;
    if (!/\.xlsx$/i.test(name)) return setError(t('gantt.progressEntry.excel.notXlsx', { file: name }));
    if (file.size === 0) return setError(t('gantt.progressEntry.excel.empty', { file: name }));
    if (file.size > MAX_WORKBOOK_BYTES) return setError(t('gantt.progressEntry.excel.tooLarge', { file: name }));
    setStep({ kind: 'checking', file: name });
    let content: string;
    try {
      content = await readFileBase64(file);
    } catch (cause) {
      setStep({ kind: 'choose' });
      return setError(t('gantt.progressEntry.excel.readFailed', { file: name, error: describeError(cause) }));
    }
    try {
      const result = await importProgress.mutateAsync({ projectId, cutoff, content, version, dryRun: true });
      setStep({ kind: 'preview', file: name, content, cutoff, preview: result.preview });
    } catch (cause) {
      if (refused(cause)) return;
      setStep({ kind: 'choose' });
      setError(t('gantt.progressEntry.excel.failed', { error: describeError(cause) }));
    }
  }

  async function confirm() {
    if (step.kind !== 'preview') return;
    const { file, content, cutoff } = step;
    setError(null);
    setStep({ kind: 'importing', file });
    try {
      const result = await importProgress.mutateAsync({ projectId, cutoff, content, version, dryRun: false });
      if (result.gantt) onImported({ ...result.gantt, message: result.message });
      notifyMessage(result.message);
      onClose();
    } catch (cause) {
      if (refused(cause)) return;
      setStep(step);
      setError(t('gantt.progressEntry.excel.failed', { error: describeError(cause) }));
    }
  }

  const preview = step.kind === 'preview' ? step.preview : null;
  const canImport = preview !== null && preview.errors.length === 0 && preview.updated > 0;

  return (
    <>
      <DialogTitle id="progress-import-title">{t('gantt.progressEntry.excel.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            size="small"
            label={t('gantt.progressEntry.cutoff')}
            placeholder="dd-mm-aaaa"
            value={cutoffText}
            disabled={step.kind !== 'choose'}
            onChange={(event) => setCutoffText(event.target.value)}
            error={!cutoffRead.ok}
            helperText={
              cutoffRead.ok
                ? latestCutoff === null
                  ? t('gantt.progressEntry.cutoffHintNone')
                  : t('gantt.progressEntry.cutoffHint', { date: formatIsoDate(latestCutoff) })
                : cutoffRead.error
            }
            sx={{ width: 220 }}
          />
          <Typography variant="body2" color="text.secondary">
            {t('gantt.progressEntry.excel.intro')}
          </Typography>
          {step.kind === 'choose' && (
            <ImportFileZone
              accept={`.xlsx,${XLSX_TYPE}`}
              hint={t('gantt.progressEntry.excel.dropZone')}
              buttonLabel={t('gantt.progressEntry.excel.choose')}
              inputLabel={t('gantt.progressEntry.excel.fileInput')}
              disabled={!cutoffRead.ok}
              onFile={(file) => void take(file)}
            />
          )}
          {(step.kind === 'checking' || step.kind === 'importing') && (
            <Box role="status">
              <Typography variant="body2" sx={{ mb: 1 }}>
                {t(`gantt.progressEntry.excel.${step.kind}`, { file: step.file })}
              </Typography>
              <LinearProgress aria-label={t(`gantt.progressEntry.excel.${step.kind}`, { file: step.file })} />
            </Box>
          )}
          {step.kind === 'preview' && preview && (
            <Box data-testid="progress-import-preview">
              <Typography variant="subtitle2" component="h3">
                {t('gantt.progressEntry.excel.previewTitle', { file: step.file })}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {t('gantt.progressEntry.excel.rows', { count: preview.rows, formatted: formatNumber(preview.rows) })}
              </Typography>
              <Stack
                direction="row"
                spacing={3}
                component="dl"
                sx={{ m: 0, '& dd': { m: 0, fontSize: 24, fontWeight: 600 } }}
              >
                {(['updated', 'unchanged'] as const).map((key) => (
                  <Box key={key}>
                    <Typography component="dt" variant="body2" color="text.secondary">
                      {t(`gantt.progressEntry.excel.${key}`)}
                    </Typography>
                    <Box component="dd" data-testid={`progress-import-${key}`}>
                      {formatNumber(preview[key])}
                    </Box>
                  </Box>
                ))}
              </Stack>
              {preview.errors.length > 0 ? (
                <Alert severity="error" sx={{ mt: 2 }}>
                  {t('gantt.progressEntry.excel.errors', {
                    count: preview.errors.length,
                    formatted: formatNumber(preview.errors.length),
                  })}
                  <Box
                    component="ul"
                    data-testid="progress-import-errors"
                    sx={{ m: 0, mt: 1, pl: 2.5, maxHeight: 200, overflowY: 'auto' }}
                  >
                    {preview.errors.map((rowError, index) => (
                      <li key={`${rowError.row}:${rowError.field}:${index}`}>{rowError.message}</li>
                    ))}
                  </Box>
                </Alert>
              ) : (
                preview.updated === 0 && (
                  <Alert severity="info" sx={{ mt: 2 }}>
                    {t('gantt.progressEntry.excel.nothingToChange')}
                  </Alert>
                )
              )}
            </Box>
          )}
          {error !== null && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose} disabled={isBusy}>
          {t('gantt.progressEntry.excel.cancel')}
        </Button>
        {step.kind === 'preview' && (
          <Button
            color="inherit"
            onClick={() => {
              setError(null);
              setStep({ kind: 'choose' });
            }}
          >
            {t('gantt.progressEntry.excel.otherFile')}
          </Button>
        )}
        <Button
          variant="contained"
          color="success"
          onClick={() => void confirm()}
          disabled={!canImport}
          loading={step.kind === 'importing'}
        >
          {t('gantt.progressEntry.excel.confirm')}
        </Button>
      </DialogActions>
    </>
  );
}
