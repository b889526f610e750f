import { formatNumber } from '@cimiento/domain';
import type { GanttOutput, WorkbookRowError } from '@cimiento/domain';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import type { DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError, isFunctionError } from '@/lib/api-client';
import { readFileBase64 } from '@/lib/file-reading';
import { notifyMessage } from '@/stores/notices-store';
import { useImportGanttWorkbook } from '../api/gantt';

/** The largest workbook the server takes (importGantt's base64 limit is about 10 MB of xlsx). */
export const MAX_WORKBOOK_BYTES = 10 * 1024 * 1024;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Preview = { rows: number; errors: WorkbookRowError[]; updated: number; added: number; unchanged: number };

type Step =
  | { kind: 'choose' }
  | { kind: 'reading'; file: string; percent: number }
  | { kind: 'checking'; file: string }
  | { kind: 'preview'; file: string; content: string; preview: Preview }
  | { kind: 'importing'; file: string };

export type GanttImportDialogProps = {
  isOpen: boolean;
  projectId: string;
  /** the loaded Gantt's version: the import is refused (ABORTED) when someone saved since */
  version: number;
  /** the stored Gantt after the import, as loadGantt answers it */
  onImported: (output: GanttOutput) => void;
  /** the import was refused as stale: the screen offers 'Recargar' */
  onStale: (message: string) => void;
  onClose: () => void;
};

/**
 * 'Importar desde Excel' (issue 14): the task table as 'Exportar' → 'Excel' writes it. The file is
 * picked or dropped, read (with its progress), checked by the server without writing (importGantt
 * dryRun: what is updated, added and unchanged, and every row error 'Fila 12: …'), and imported
 * only after 'Importar'. A file with errors imports nothing. The screen asks about unsaved edits
 * before this opens, so the import always starts from the saved Gantt.
 */
export function GanttImportDialog(props: GanttImportDialogProps) {
  const busy = useRef(false);
  return (
    <Dialog
      open={props.isOpen}
      onClose={() => {
        if (!busy.current) props.onClose();
      }}
      maxWidth="sm"
      fullWidth
      aria-labelledby="gantt-import-title"
    >
      {/* mounted afresh on every opening (the dialog drops its content once closed) */}
      <ImportForm {...props} busy={busy} />
    </Dialog>
  );
}

function ImportForm({
  projectId,
  version,
  onImported,
  onStale,
  onClose,
  busy,
}: GanttImportDialogProps & { busy: { current: boolean } }) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [error, setError] = useState<string | null>(null);
  const [isOver, setIsOver] = useState(false);
  const importGantt = useImportGanttWorkbook();
  const isBusy = step.kind === 'reading' || step.kind === 'checking' || step.kind === 'importing';
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
    const name = file.name;
    if (!/\.xlsx$/i.test(name)) return setError(t('gantt.import.notXlsx', { file: name }));
    if (file.size === 0) return setError(t('gantt.import.empty', { file: name }));
    if (file.size > MAX_WORKBOOK_BYTES) return setError(t('gantt.import.tooLarge', { file: name }));
    setStep({ kind: 'reading', file: name, percent: 0 });
    let content: string;
    try {
      content = await readFileBase64(file, (fraction) =>
        setStep({ kind: 'reading', file: name, percent: Math.round(fraction * 100) }),
      );
    } catch (cause) {
      setStep({ kind: 'choose' });
      return setError(t('gantt.import.readFailed', { file: name, error: describeError(cause) }));
    }
    setStep({ kind: 'checking', file: name });
    try {
      const result = await importGantt.mutateAsync({ projectId, content, version, dryRun: true });
      setStep({ kind: 'preview', file: name, content, preview: result.preview });
    } catch (cause) {
      if (refused(cause)) return;
      setStep({ kind: 'choose' });
      setError(t('gantt.import.failed', { error: describeError(cause) }));
    }
  }

  async function confirm() {
    if (step.kind !== 'preview') return;
    const { file, content } = step;
    setError(null);
    setStep({ kind: 'importing', file });
    try {
      const result = await importGantt.mutateAsync({ projectId, content, version, dryRun: false });
      if (result.gantt) onImported({ ...result.gantt, message: result.message });
      notifyMessage(result.message);
      onClose();
    } catch (cause) {
      if (refused(cause)) return;
      setStep(step);
      setError(t('gantt.import.failed', { error: describeError(cause) }));
    }
  }

  function chooseAgain() {
    setError(null);
    setStep({ kind: 'choose' });
  }

  function drop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setIsOver(false);
    const file = event.dataTransfer.files[0];
    if (file && !isBusy) void take(file);
  }

  const preview = step.kind === 'preview' ? step.preview : null;
  const canImport = preview !== null && preview.errors.length === 0 && preview.updated + preview.added > 0;

  return (
    <>
      <DialogTitle id="gantt-import-title">{t('gantt.import.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {t('gantt.import.intro')}
          </Typography>
          {step.kind === 'choose' && (
            <Box
              role="button"
              tabIndex={0}
              data-testid="gantt-import-drop-zone"
              onClick={() => inputRef.current?.click()}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  inputRef.current?.click();
                }
              }}
              onDragOver={(event) => {
                event.preventDefault();
                setIsOver(true);
              }}
              onDragLeave={() => setIsOver(false)}
              onDrop={drop}
              sx={{
                border: 2,
                borderStyle: 'dashed',
                borderColor: isOver ? 'primary.main' : 'divider',
                bgcolor: isOver ? 'action.hover' : 'transparent',
                borderRadius: 2,
                p: 4,
                textAlign: 'center',
                cursor: 'pointer',
                '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
              }}
            >
              <UploadFileIcon color="action" sx={{ fontSize: 40 }} />
              <Typography>{t('gantt.import.dropZone')}</Typography>
              <input
                ref={inputRef}
                type="file"
                hidden
                accept={`.xlsx,${XLSX_TYPE}`}
                aria-label={t('gantt.import.fileInput')}
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  event.target.value = '';
                  if (file) void take(file);
                }}
              />
            </Box>
          )}
          {step.kind === 'reading' && (
            <Box role="status">
              <Typography variant="body2" sx={{ mb: 1 }}>
                {t('gantt.import.reading', { file: step.file })}
              </Typography>
              <LinearProgress
                variant="determinate"
                value={step.percent}
                aria-label={t('gantt.import.reading', { file: step.file })}
              />
            </Box>
          )}
          {(step.kind === 'checking' || step.kind === 'importing') && (
            <Box role="status">
              <Typography variant="body2" sx={{ mb: 1 }}>
                {t(step.kind === 'checking' ? 'gantt.import.checking' : 'gantt.import.importing', { file: step.file })}
              </Typography>
              <LinearProgress
                aria-label={t(step.kind === 'checking' ? 'gantt.import.checking' : 'gantt.import.importing', {
                  file: step.file,
                })}
              />
            </Box>
          )}
          {step.kind === 'preview' && preview && (
            <Box data-testid="gantt-import-preview">
              <Typography variant="subtitle2" component="h3">
                {t('gantt.import.previewTitle', { file: step.file })}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {t('gantt.import.rows', { count: preview.rows, formatted: formatNumber(preview.rows) })}
              </Typography>
              <Stack
                direction="row"
                spacing={3}
                component="dl"
                sx={{ m: 0, '& dd': { m: 0, fontSize: 24, fontWeight: 600 } }}
              >
                {(['updated', 'added', 'unchanged'] as const).map((key) => (
                  <Box key={key}>
                    <Typography component="dt" variant="body2" color="text.secondary">
                      {t(`gantt.import.${key}`)}
                    </Typography>
                    <Box component="dd" data-testid={`gantt-import-${key}`}>
                      {formatNumber(preview[key])}
                    </Box>
                  </Box>
                ))}
              </Stack>
              {preview.errors.length > 0 ? (
                <Alert severity="error" sx={{ mt: 2 }}>
                  {t('gantt.import.errors', {
                    count: preview.errors.length,
                    formatted: formatNumber(preview.errors.length),
                  })}
                  <Box
                    component="ul"
                    data-testid="gantt-import-errors"
                    sx={{ m: 0, mt: 1, pl: 2.5, maxHeight: 200, overflowY: 'auto' }}
                  >
                    {preview.errors.map((rowError, index) => (
                      <li key={`${rowError.row}:${rowError.field}:${index}`}>{rowError.message}</li>
                    ))}
                  </Box>
                </Alert>
              ) : (
                preview.updated + preview.added === 0 && (
                  <Alert severity="info" sx={{ mt: 2 }}>
                    {t('gantt.import.nothingToChange')}
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
          {t('gantt.cancel')}
        </Button>
        {step.kind === 'preview' && (
          <Button color="inherit" onClick={chooseAgain}>
            {t('gantt.import.otherFile')}
          </Button>
        )}
        <Button
          variant="contained"
          color="success"
          onClick={() => void confirm()}
          disabled={!canImport}
          loading={step.kind === 'importing'}
        >
          {t('gantt.import.confirm')}
        </Button>
      </DialogActions>
    </>
  );
}
