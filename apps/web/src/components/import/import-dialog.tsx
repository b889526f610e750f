import { formatNumber } from '@cimiento/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/ui/form-dialog';
import type { ImportFormText, ImportStepsText, WordedImport } from '@/hooks/import-flows';
import { ImportFileZone } from './import-file-zone';
import { ImportCounts, ImportMessages } from './import-preview';
import { ImportProgress } from './import-progress';
import { ImportWindowContext } from './import-window';

type ImportDialogBase = {
  onConfirm: () => void;
  onClose: () => void;
};

/**
 * In a form (the EDP's and the new project's imports, opened by their screen): the loaded file's name
 * with 'Cambiar archivo', the preview kept while importing, what else the form asks after it, the
 * submit button.
 */
export type FormImportProps<R> = ImportDialogBase & {
  layout: 'form';
  flow: WordedImport<R, ImportFormText>;
  preview: (result: R) => ReactNode;
  confirmLabel: string;
  confirmColor: 'error' | 'success';
  canConfirm: boolean;
  /** The submit button spins while importing (with no confirmation in between). */
  confirmSpins?: boolean;
  /** Under the preview (the new project's code and name). */
  children?: ReactNode;
};

/** The rows' errors the server's dry run answers. */
export type StepsPreview = { errors: readonly { message: string }[] };

type NumericKey<R> = { [P in keyof R]-?: R[P] extends number ? P : never }[keyof R] & string;

/**
 * In steps, inside an ImportWindow (the Gantt's, the progress' and the UF values' imports): one step
 * at a time, each announced; the preview's counts (the unchanged ones apart, they are what the file
 * changes: nothing to change imports nothing) and its row errors; 'Elegir otro archivo' beside the
 * confirm button.
 */
export type StepsImportProps<R> = ImportDialogBase & {
  layout: 'steps';
  flow: WordedImport<R & StepsPreview, ImportStepsText>;
  /** The zone's button; without it the zone itself is the button. */
  chooseLabel?: string;
  /** While the file is read, with its progress; without it reading is part of 'checking'. */
  readingText?: (file: string) => string;
  isZoneDisabled?: boolean;
  /** The prefix of the preview's test ids ('gantt-import' → gantt-import-preview, gantt-import-added…). */
  testId: string;
  counts: readonly NumericKey<R>[];
  countLabel: (key: NumericKey<R>) => string;
  /** The preview's line under its title (how many rows, their range). */
  summary: (result: R) => ReactNode;
  summaryTestId?: string;
  contentSx?: SxProps<Theme>;
  /** Above the intro (the progress' cut-off). */
  children?: ReactNode;
};

export type ImportDialogProps<R> = FormImportProps<R> | StepsImportProps<R>;

/**
 * The one import dialog (issue 31): choose a file (dropped or picked) → read with its progress → the
 * server's dry run previews it (counts, row errors) → confirm. useFileImport runs the flow; the
 * dialog draws it in a form or in steps, in each dialog's own words.
 */
export function ImportDialog<R>(props: ImportDialogProps<R>) {
  return props.layout === 'form' ? <FormImport {...props} /> : <StepsImport {...props} />;
}

function FormImport<R>({ flow, preview, children, ...form }: FormImportProps<R>) {
  const { t } = useTranslation();
  const { step, text } = flow;
  const isImporting = step.kind === 'importing';
  const requestClose = () => {
    if (!isImporting) form.onClose();
  };
  return (
    <FormDialog
      title={text('title')}
      maxWidth="md"
      onClose={requestClose}
      onSubmit={(event) => {
        event.preventDefault();
        form.onConfirm();
      }}
      actions={
        <>
          <Button onClick={requestClose} color="inherit" disabled={isImporting}>
            {t('catalogues.confirmNo')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            color={form.confirmColor}
            disabled={!form.canConfirm}
            loading={form.confirmSpins ? isImporting : null}
          >
            {form.confirmLabel}
          </Button>
        </>
      }
    >
      <Stack spacing={2}>
        {step.kind === 'choose' && (
          <ImportFileZone
            accept={flow.accept}
            hint={text('hint')}
            buttonLabel={text('choose')}
            inputLabel={text('inputLabel')}
            onFile={(picked) => void flow.take(picked)}
          />
        )}
        {flow.fileError !== null && (
          <Alert severity="error" role="alert">
            {flow.fileError}
          </Alert>
        )}
        {step.kind === 'reading' && (
          <ImportProgress text={text('reading', { name: step.name })} fraction={step.progress} />
        )}
        {flow.file !== null && (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {text('file', { name: flow.file.name })}
            </Typography>
            <Button size="small" variant="outlined" disabled={flow.isBusy} onClick={flow.chooseAgain}>
              {text('changeFile')}
            </Button>
          </Stack>
        )}
        {step.kind === 'checking' && <ImportProgress text={text('analyzing')} />}
        {flow.result !== null && preview(flow.result)}
        {children}
        {flow.error !== null && (
          <Alert severity="error" role="alert">
            {flow.error}
          </Alert>
        )}
      </Stack>
    </FormDialog>
  );
}

function StepsImport<R>({ flow, testId, counts, children, ...steps }: StepsImportProps<R>) {
  const frame = useContext(ImportWindowContext);
  const { step, text } = flow;
  if (frame) frame.busy.current = flow.isBusy;
  const preview = step.kind === 'preview' ? step.result : null;
  const changes = counts.filter((key) => key !== 'unchanged').reduce((sum, key) => sum + Number(preview?.[key]), 0);
  const canImport = preview !== null && preview.errors.length === 0 && changes > 0;

  function statusOf(): { text: string; fraction?: number } | null {
    if (step.kind === 'reading') {
      if (steps.readingText) return { text: steps.readingText(step.name), fraction: step.progress };
      return { text: text('checking', { file: step.name }) };
    }
    if (step.kind === 'checking' || step.kind === 'importing')
      return { text: text(step.kind, { file: step.file.name }) };
    return null;
  }
  const status = statusOf();

  return (
    <>
      <DialogTitle id={frame?.titleId}>{text('title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={steps.contentSx}>
          {children}
          <Typography variant="body2" color="text.secondary">
            {text('intro')}
          </Typography>
          {step.kind === 'choose' && (
            <ImportFileZone
              accept={flow.accept}
              hint={text('dropZone')}
              buttonLabel={steps.chooseLabel}
              inputLabel={text('fileInput')}
              disabled={steps.isZoneDisabled ?? false}
              testId={steps.chooseLabel === undefined ? `${testId}-drop-zone` : undefined}
              onFile={(picked) => void flow.take(picked)}
            />
          )}
          {flow.fileError !== null && <Alert severity="error">{flow.fileError}</Alert>}
          {status && <ImportProgress isStatus {...status} />}
          {step.kind === 'preview' && preview && (
            <Box data-testid={`${testId}-preview`}>
              <Typography variant="subtitle2" component="h3">
                {text('previewTitle', { file: step.file.name })}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid={steps.summaryTestId}>
                {steps.summary(preview)}
              </Typography>
              <ImportCounts
                testId={testId}
                counts={counts.map((key) => ({ key, label: steps.countLabel(key), value: Number(preview[key]) }))}
              />
              {preview.errors.length > 0 ? (
                <ImportMessages
                  severity="error"
                  title={text('errors', {
                    count: preview.errors.length,
                    formatted: formatNumber(preview.errors.length),
                  })}
                  messages={preview.errors.map((rowError) => rowError.message)}
                  listTestId={`${testId}-errors`}
                  maxHeight={200}
                />
              ) : (
                changes === 0 && (
                  <Alert severity="info" sx={{ mt: 2 }}>
                    {text('nothingToChange')}
                  </Alert>
                )
              )}
            </Box>
          )}
          {flow.error !== null && <Alert severity="error">{flow.error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={steps.onClose} disabled={flow.isBusy}>
          {text('cancel')}
        </Button>
        {step.kind === 'preview' && (
          <Button color="inherit" onClick={flow.chooseAgain}>
            {text('otherFile')}
          </Button>
        )}
        <Button
          variant="contained"
          color="success"
          onClick={steps.onConfirm}
          disabled={!canImport}
          loading={step.kind === 'importing'}
        >
          {text('confirm')}
        </Button>
      </DialogActions>
    </>
  );
}
