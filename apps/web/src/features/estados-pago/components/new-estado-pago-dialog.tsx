import { formatIsoDate } from '@cimiento/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FormDialog } from '@/components/ui/form-dialog';

export type NewEstadoPagoDialogProps = {
  projectId: string;
  /** recorded cut-offs after the last EP's, oldest first */
  cutoffs: string[];
  /** the N° the new EP takes */
  nextNumber: number;
  isBusy: boolean;
  onCreate: (cutoff: string) => void;
  onClose: () => void;
};

/** 'Nuevo estado de pago': one of the recorded cut-offs left (the latest by default), or how to record one. */
export function NewEstadoPagoDialog({
  projectId,
  cutoffs,
  nextNumber,
  isBusy,
  onCreate,
  onClose,
}: NewEstadoPagoDialogProps) {
  const { t } = useTranslation();
  const [cutoff, setCutoff] = useState(cutoffs.at(-1) ?? '');

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (cutoff !== '') onCreate(cutoff);
  }

  return (
    <FormDialog
      title={t('estadoPago.newDialog.title')}
      onClose={onClose}
      onSubmit={handleSubmit}
      actions={
        <>
          <Button onClick={onClose} color="inherit">
            {t('estadoPago.newDialog.cancel')}
          </Button>
          {cutoffs.length > 0 && (
            <Button type="submit" variant="contained" color="success" loading={isBusy}>
              {t('estadoPago.newDialog.create')}
            </Button>
          )}
        </>
      }
    >
      {cutoffs.length === 0 ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Alert severity="info">{t('estadoPago.noCutoffs')}</Alert>
          <Button component={RouterLink} to={`/projects/${projectId}/gantt`} variant="outlined">
            {t('nav.gantt')}
          </Button>
        </Stack>
      ) : (
        <Stack spacing={2}>
          <TextField
            select
            label={t('estadoPago.newDialog.cutoff')}
            value={cutoff}
            onChange={(event) => setCutoff(event.target.value)}
            size="small"
            fullWidth
          >
            {cutoffs.map((date) => (
              <MenuItem key={date} value={date}>
                {formatIsoDate(date)}
              </MenuItem>
            ))}
          </TextField>
          <Alert severity="info" variant="outlined">
            {t('estadoPago.newDialog.hint', { number: nextNumber })}
          </Alert>
        </Stack>
      )}
    </FormDialog>
  );
}
