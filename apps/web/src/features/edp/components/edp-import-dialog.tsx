import { formatNumber } from '@cimiento/domain';
import type { LoadedEdp } from '@cimiento/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImportDialog } from '@/components/import/import-dialog';
import { ImportMessages } from '@/components/import/import-preview';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { closesWhenStale, useFormImport } from '@/hooks/import-flows';
import { readFileBase64 } from '@/lib/file-reading';
import { useEdpImportPreview, useImportEdp } from '../api/import-edp';
import type { ImportEdpResult } from '../api/import-edp';
import { refuseWorkbookFile } from '../utils/edp-import-rules';

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
      <ImportMessages
        severity="error"
        title={t('edpExcel.errors', { count: preview.errors.length, formatted: formatNumber(preview.errors.length) })}
        messages={preview.errors.map((error) => error.message)}
        listLabel={t('edpExcel.errorList')}
        maxHeight={260}
      />
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
  const [isConfirming, setIsConfirming] = useState(false);

  const dryRun = useEdpImportPreview();
  const importEdp = useImportEdp({
    onSuccess: (result) => {
      if (result.edp) onImported(result.edp);
      onClose();
    },
  });
  const flow = useFormImport<Preview>({
    text: (key, values) => t(`edpExcel.${key}`, values),
    accept: '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    refuse: refuseWorkbookFile,
    read: readFileBase64,
    check: async ({ content }) => (await dryRun.mutateAsync({ id: projectId, content, version })).preview,
    isHandled: closesWhenStale(onStale, onClose),
  });
  const preview = flow.result;

  function replace() {
    void flow
      .confirm(({ content }) => importEdp.mutateAsync({ id: projectId, content, version }))
      .finally(() => setIsConfirming(false));
  }

  const canReplace = flow.step.kind === 'preview' && flow.step.result.errors.length === 0;

  return (
    <>
      <ImportDialog
        layout="form"
        flow={flow}
        preview={(result) => <PreviewView preview={result} />}
        confirmLabel={t('edpExcel.replace')}
        confirmColor="error"
        canConfirm={canReplace}
        onConfirm={() => {
          if (canReplace) setIsConfirming(true);
        }}
        onClose={onClose}
      />
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
        isBusy={flow.step.kind === 'importing'}
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
