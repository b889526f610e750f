import { formatNumber } from '@cimiento/domain';
import type { LoadedEdp } from '@cimiento/domain';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FormEvent } from 'react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormDialog } from '@/components/ui/form-dialog';
import { ImportFileZone } from '@/components/import/import-file-zone';
import { describeError, isFunctionError } from '@/lib/api-client';
import { readFileBase64 } from '@/lib/file-reading';
import { useEdpImportPreview, useImportEdp } from '../api/import-edp';
import type { ImportEdpResult } from '../api/import-edp';
import type { WorkbookFileRefusal } from '../utils/edp-import-rules';
import { refuseWorkbookFile } from '../utils/edp-import-rules';

type LoadedWorkbook = { name: string; content: string };
type Preview = ImportEdpResult['preview'];

export type EdpImportDialogProps = {
  projectId: string;
  /** The saved EDP's version: the import replaces that one, or is refused as stale. */
  version: number;
  onClose: () => void;
  /** The EDP the server holds after the import. */
  onImported: (edp: LoadedEdp) => void;
  /** The saved EDP changed meanwhile (ABORTED): the screen shows its reload message. */
  onStale: (message: string) => void;
};

function counts(preview: Preview) {
  return {
    added: formatNumber(preview.added),
    renamed: formatNumber(preview.renamed),
    removed: formatNumber(preview.removed),
    kept: formatNumber(preview.kept),
  };
}

function PreviewView({ preview }: { preview: Preview }) {
  const { t } = useTranslation();
  if (preview.errors.length > 0) {
    return (
      <Alert severity="error">
        <AlertTitle>
          {t('edpExcel.errors', { count: preview.errors.length, formatted: formatNumber(preview.errors.length) })}
        </AlertTitle>
        <Box
          component="ul"
          aria-label={t('edpExcel.errorList')}
          sx={{ m: 0, pl: 2.5, maxHeight: 260, overflowY: 'auto' }}
        >
          {preview.errors.map((error) => (
            <li key={`${error.row}:${error.field}:${error.message}`}>{error.message}</li>
          ))}
        </Box>
      </Alert>
    );
  }
  return (
    <Stack spacing={1} component="section" aria-label={t('edpExcel.previewTitle')}>
      <Typography variant="body2">
        {t('edpExcel.rows', { count: preview.rows, formatted: formatNumber(preview.rows) })}
      </Typography>
      <Typography variant="body1" sx={{ fontWeight: 600 }}>
        {t('edpExcel.counts', counts(preview))}
      </Typography>
      {preview.repriced > 0 && (
        <Typography variant="body2">
          {t('edpExcel.repriced', { count: preview.repriced, formatted: formatNumber(preview.repriced) })}
        </Typography>
      )}
      {preview.removedEdcLists > 0 ? (
        <Alert severity="warning">
          {t('edpExcel.edcLost', { count: preview.removedEdcLists, formatted: formatNumber(preview.removedEdcLists) })}
        </Alert>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('edpExcel.noEdcLost')}
        </Typography>
      )}
    </Stack>
  );
}

/**
 * The EDP's 'Importar desde Excel' (issue 14): a .xlsx as 'Exportar a Excel' writes it (Código,
 * Nombre, Nivel), picked or dropped, read with a progress bar and checked by importEdp's dry run:
 * what is added, renamed, removed and kept, the EDC lists lost with the removed items, and every
 * row error ('Fila 12: …'), which keeps 'Reemplazar EDP' off. Replacing asks first with the counts.
 */
export function EdpImportDialog({ projectId, version, onClose, onImported, onStale }: EdpImportDialogProps) {
  const { t } = useTranslation();
  const [workbook, setWorkbook] = useState<LoadedWorkbook | null>(null);
  const [reading, setReading] = useState<{ name: string; progress: number } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [importError, setImportError] = useState<string | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const attempt = useRef(0);

  const dryRun = useEdpImportPreview();
  const importEdp = useImportEdp({
    onSuccess: (result) => {
      if (result.edp) onImported(result.edp);
      onClose();
    },
  });
  const isBusy = reading !== null || dryRun.isPending || importEdp.isPending;

  function refusalText(refusal: WorkbookFileRefusal, fileName: string): string {
    if (refusal.kind === 'wrongType') return t('edpExcel.wrongType', { name: fileName });
    if (refusal.kind === 'empty') return t('edpExcel.empty', { name: fileName });
    return t('edpExcel.tooLarge', { name: fileName, size: refusal.megabytes });
  }

  /** A stale version closes the dialog: the screen says so and offers 'Recargar'. */
  function isStale(error: unknown): boolean {
    if (!isFunctionError(error) || error.code !== 'ABORTED') return false;
    onStale(describeError(error));
    onClose();
    return true;
  }

  async function handleFile(picked: File) {
    if (isBusy) return;
    const refusal = refuseWorkbookFile(picked);
    if (refusal) {
      setFileError(refusalText(refusal, picked.name));
      return;
    }
    const current = ++attempt.current;
    setFileError(null);
    setImportError(null);
    setWorkbook(null);
    setPreview(null);
    setReading({ name: picked.name, progress: 0 });
    let content: string;
    try {
      content = await readFileBase64(picked, (progress) => {
        if (current === attempt.current) setReading({ name: picked.name, progress });
      });
    } catch {
      if (current === attempt.current) {
        setReading(null);
        setFileError(t('edpExcel.readFailed', { name: picked.name }));
      }
      return;
    }
    if (current !== attempt.current) return;
    setReading(null);
    const loaded = { name: picked.name, content };
    setWorkbook(loaded);
    dryRun.mutate(
      { id: projectId, content, version },
      {
        onSuccess: (answer) => {
          if (current === attempt.current) setPreview(answer.preview);
        },
        onError: (error) => {
          if (current !== attempt.current || isStale(error)) return;
          setWorkbook(null);
          setFileError(describeError(error));
        },
      },
    );
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (canReplace) setIsConfirming(true);
  }

  function replace() {
    if (!workbook) return;
    setImportError(null);
    importEdp.mutate(
      { id: projectId, content: workbook.content, version },
      {
        onError: (error) => {
          if (!isStale(error)) setImportError(describeError(error));
        },
        onSettled: () => setIsConfirming(false),
      },
    );
  }

  function requestClose() {
    if (!importEdp.isPending) onClose();
  }

  const canReplace = workbook !== null && preview !== null && preview.errors.length === 0 && !isBusy;

  return (
    <>
      <FormDialog
        title={t('edpExcel.title')}
        maxWidth="md"
        onClose={requestClose}
        onSubmit={handleSubmit}
        actions={
          <>
            <Button onClick={requestClose} color="inherit" disabled={importEdp.isPending}>
              {t('catalogues.confirmNo')}
            </Button>
            <Button type="submit" variant="contained" color="error" disabled={!canReplace}>
              {t('edpExcel.replace')}
            </Button>
          </>
        }
      >
        <Stack spacing={2}>
          {workbook === null && reading === null && (
            <ImportFileZone
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              hint={t('edpExcel.hint')}
              buttonLabel={t('edpExcel.choose')}
              inputLabel={t('edpExcel.inputLabel')}
              onFile={(picked) => void handleFile(picked)}
            />
          )}
          {fileError !== null && (
            <Alert severity="error" role="alert">
              {fileError}
            </Alert>
          )}
          {reading !== null && (
            <Box>
              <Typography variant="body2" sx={{ mb: 1 }}>
                {t('edpExcel.reading', { name: reading.name })}
              </Typography>
              <LinearProgress
                variant="determinate"
                value={Math.round(reading.progress * 100)}
                aria-label={t('edpExcel.reading', { name: reading.name })}
              />
            </Box>
          )}
          {workbook !== null && (
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {t('edpExcel.file', { name: workbook.name })}
              </Typography>
              <Button
                size="small"
                variant="outlined"
                disabled={isBusy}
                onClick={() => {
                  attempt.current += 1;
                  setWorkbook(null);
                  setPreview(null);
                  setImportError(null);
                }}
              >
                {t('edpExcel.changeFile')}
              </Button>
            </Stack>
          )}
          {dryRun.isPending && (
            <Box>
              <Typography variant="body2" sx={{ mb: 1 }}>
                {t('edpExcel.analyzing')}
              </Typography>
              <LinearProgress aria-label={t('edpExcel.analyzing')} />
            </Box>
          )}
          {workbook !== null && preview !== null && <PreviewView preview={preview} />}
          {importError !== null && (
            <Alert severity="error" role="alert">
              {importError}
            </Alert>
          )}
        </Stack>
      </FormDialog>
      <ConfirmDialog
        isOpen={isConfirming && preview !== null}
        text={preview ? t('edpExcel.confirmReplace', counts(preview)) : ''}
        details={
          preview && preview.removedEdcLists > 0 ? (
            <Typography variant="body2" color="error" sx={{ mt: 1 }}>
              {t('edpExcel.confirmEdcLost', {
                count: preview.removedEdcLists,
                formatted: formatNumber(preview.removedEdcLists),
              })}
            </Typography>
          ) : null
        }
        isBusy={importEdp.isPending}
        onConfirm={replace}
        onCancel={() => setIsConfirming(false)}
      />
    </>
  );
}

export type EdpUnsavedImportDialogProps = {
  onSave: () => void;
  onDiscard: () => void;
  onCancel: () => void;
};

/**
 * Before 'Importar desde Excel' with unsaved edits: the import replaces the saved EDP, so the edits
 * are saved first ('Grabar EDP', then the import opens) or discarded; never lost silently.
 */
export function EdpUnsavedImportDialog({ onSave, onDiscard, onCancel }: EdpUnsavedImportDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open
      onClose={onCancel}
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{t('edpExcel.unsavedTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{t('edpExcel.unsavedText')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} color="inherit" autoFocus>
          {t('catalogues.confirmNo')}
        </Button>
        <Button onClick={onDiscard} color="error">
          {t('edpExcel.discard')}
        </Button>
        <Button onClick={onSave} variant="contained" color="success">
          {t('edpExcel.saveFirst')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
