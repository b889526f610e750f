import { MAX_WORKBOOK_BASE64_CHARS, formatIsoDate, formatNumber } from '@cimiento/domain';
import type { WorkbookRowError } from '@cimiento/domain';
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
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImportFileZone } from '@/components/import/import-file-zone';
import { describeError } from '@/lib/api-client';
import { fileExtension, readFileBase64 } from '@/lib/file-reading';
import { notifyMessage } from '@/stores/notices-store';
import { useImportUfValues } from '../api/uf-values';

/** The largest file the server takes (its base64 limit, less base64's growth). */
const MAX_FILE_BYTES = Math.floor((MAX_WORKBOOK_BASE64_CHARS * 3) / 4);
const ACCEPT = '.csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const EXTENSIONS = new Set(['.csv', '.txt', '.xlsx', '.xlsm']);

export type UfImportPreview = {
  values: number;
  added: number;
  changed: number;
  unchanged: number;
  first?: string;
  last?: string;
  errors: WorkbookRowError[];
};

type Step =
  | { kind: 'choose' }
  | { kind: 'checking'; file: string }
  | { kind: 'preview'; file: string; content: string; preview: UfImportPreview }
  | { kind: 'importing'; file: string };

export type UfImportDialogProps = {
  isOpen: boolean;
  /** after the import: what it brought, so the screen can show its years */
  onImported: (preview: UfImportPreview) => void;
  onClose: () => void;
};

/**
 * 'Importar archivo': a CSV or Excel file of UF values from the Central Bank or the SII. The server
 * checks it without writing (importUfValues dryRun: how many values, new, changed and unchanged,
 * their range, and each row error 'Fila 7: …'); 'Importar' saves it. A file with errors saves nothing.
 */
export function UfImportDialog(props: UfImportDialogProps) {
  const busy = useRef(false);
  const titleId = useId();
  return (
    <Dialog
      open={props.isOpen}
      onClose={() => {
        if (!busy.current) props.onClose();
      }}
      maxWidth="sm"
      fullWidth
      aria-labelledby={titleId}
    >
      {props.isOpen && <ImportBody {...props} busy={busy} titleId={titleId} />}
    </Dialog>
  );
}

function ImportBody({
  onImported,
  onClose,
  busy,
  titleId,
}: UfImportDialogProps & { busy: { current: boolean }; titleId: string }) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [error, setError] = useState<string | null>(null);
  const importUfValues = useImportUfValues();
  const isBusy = step.kind === 'checking' || step.kind === 'importing';
  busy.current = isBusy;

  async function take(file: File) {
    setError(null);
    const name = file.name;
    const extension = fileExtension(name);
    if (extension !== '' && !EXTENSIONS.has(extension)) {
      return setError(t('ufValues.importDialog.notSupported', { file: name }));
    }
    if (file.size === 0) return setError(t('ufValues.importDialog.empty', { file: name }));
    if (file.size > MAX_FILE_BYTES) return setError(t('ufValues.importDialog.tooLarge', { file: name }));
    setStep({ kind: 'checking', file: name });
    let content: string;
    try {
      content = await readFileBase64(file);
    } catch (cause) {
      setStep({ kind: 'choose' });
      return setError(t('ufValues.importDialog.readFailed', { file: name, error: describeError(cause) }));
    }
    try {
      const result = await importUfValues.mutateAsync({ content, fileName: name, dryRun: true });
      setStep({ kind: 'preview', file: name, content, preview: result.preview });
    } catch (cause) {
      setStep({ kind: 'choose' });
      setError(t('ufValues.importDialog.failed', { error: describeError(cause) }));
    }
  }

  async function confirm() {
    if (step.kind !== 'preview') return;
    const { file, content } = step;
    setError(null);
    setStep({ kind: 'importing', file });
    try {
      const result = await importUfValues.mutateAsync({ content, fileName: file, dryRun: false });
      notifyMessage(result.message);
      onImported(result.preview);
      onClose();
    } catch (cause) {
      setStep(step);
      setError(t('ufValues.importDialog.failed', { error: describeError(cause) }));
    }
  }

  const preview = step.kind === 'preview' ? step.preview : null;
  const canImport = preview !== null && preview.errors.length === 0 && preview.added + preview.changed > 0;

  return (
    <>
      <DialogTitle id={titleId}>{t('ufValues.importDialog.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {t('ufValues.importDialog.intro')}
          </Typography>
          {step.kind === 'choose' && (
            <ImportFileZone
              accept={ACCEPT}
              hint={t('ufValues.importDialog.dropZone')}
              buttonLabel={t('ufValues.importDialog.choose')}
              inputLabel={t('ufValues.importDialog.fileInput')}
              onFile={(file) => void take(file)}
            />
          )}
          {(step.kind === 'checking' || step.kind === 'importing') && (
            <Box role="status">
              <Typography variant="body2" sx={{ mb: 1 }}>
                {t(`ufValues.importDialog.${step.kind}`, { file: step.file })}
              </Typography>
              <LinearProgress aria-label={t(`ufValues.importDialog.${step.kind}`, { file: step.file })} />
            </Box>
          )}
          {step.kind === 'preview' && preview && (
            <Box data-testid="uf-import-preview">
              <Typography variant="subtitle2" component="h3">
                {t('ufValues.importDialog.previewTitle', { file: step.file })}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="uf-import-range">
                {t('ufValues.importDialog.values', { count: preview.values, formatted: formatNumber(preview.values) })}
                {preview.first !== undefined &&
                  preview.last !== undefined &&
                  `, ${t('ufValues.importDialog.range', {
                    first: formatIsoDate(preview.first),
                    last: formatIsoDate(preview.last),
                  })}`}
              </Typography>
              <Stack
                direction="row"
                spacing={3}
                component="dl"
                sx={{ m: 0, '& dd': { m: 0, fontSize: 24, fontWeight: 600 } }}
              >
                {(['added', 'changed', 'unchanged'] as const).map((key) => (
                  <Box key={key}>
                    <Typography component="dt" variant="body2" color="text.secondary">
                      {t(`ufValues.importDialog.${key}`)}
                    </Typography>
                    <Box component="dd" data-testid={`uf-import-${key}`}>
                      {formatNumber(preview[key])}
                    </Box>
                  </Box>
                ))}
              </Stack>
              {preview.errors.length > 0 ? (
                <Alert severity="error" sx={{ mt: 2 }}>
                  {t('ufValues.importDialog.errors', {
                    count: preview.errors.length,
                    formatted: formatNumber(preview.errors.length),
                  })}
                  <Box
                    component="ul"
                    data-testid="uf-import-errors"
                    sx={{ m: 0, mt: 1, pl: 2.5, maxHeight: 200, overflowY: 'auto' }}
                  >
                    {preview.errors.map((rowError, index) => (
                      <li key={`${rowError.row}:${rowError.field}:${index}`}>{rowError.message}</li>
                    ))}
                  </Box>
                </Alert>
              ) : (
                preview.added + preview.changed === 0 && (
                  <Alert severity="info" sx={{ mt: 2 }}>
                    {t('ufValues.importDialog.nothingToChange')}
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
          {t('ufValues.importDialog.cancel')}
        </Button>
        {step.kind === 'preview' && (
          <Button
            color="inherit"
            onClick={() => {
              setError(null);
              setStep({ kind: 'choose' });
            }}
          >
            {t('ufValues.importDialog.otherFile')}
          </Button>
        )}
        <Button
          variant="contained"
          color="success"
          onClick={() => void confirm()}
          disabled={!canImport}
          loading={step.kind === 'importing'}
        >
          {t('ufValues.importDialog.confirm')}
        </Button>
      </DialogActions>
    </>
  );
}
