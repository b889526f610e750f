import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CloseField, FieldErrors } from '../utils/field-errors';

export type CauseDialogProps = {
  taskText: string;
  causes: readonly string[];
  isSaving: boolean;
  refusal: FieldErrors<CloseField> | null;
  onSubmit: (cause: string) => void;
  onClose: () => void;
};

/** 'No cumplido': the commitment's 'Causa de no cumplimiento', from the project's list. */
export function CauseDialog({ taskText, causes, isSaving, refusal, onSubmit, onClose }: CauseDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [cause, setCause] = useState('');
  const [isSubmitted, setIsSubmitted] = useState(false);
  const localError = isSubmitted && cause === '' ? t('lastPlanner.weekly.causeRequired') : null;
  const causeError = localError ?? refusal?.fields.cause ?? null;
  const general = [refusal?.fields.outcome, ...(refusal?.general ?? [])].filter(
    (text): text is string => text !== undefined,
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    setIsSubmitted(true);
    if (cause !== '') onSubmit(cause);
  }

  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{t('lastPlanner.weekly.closeTitle', { task: taskText })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              select
              required
              label={t('lastPlanner.weekly.causeLabel')}
              value={cause}
              onChange={(event) => setCause(event.target.value)}
              error={causeError !== null}
              helperText={causeError}
            >
              {causes.map((item) => (
                <MenuItem key={item} value={item}>
                  {item}
                </MenuItem>
              ))}
            </TextField>
            {general.length > 0 && <Alert severity="error">{general.join('; ')}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={onClose} disabled={isSaving}>
            {t('lastPlanner.cancel')}
          </Button>
          <Button type="submit" variant="contained" color="warning" loading={isSaving}>
            {t('lastPlanner.weekly.notFulfilled')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
