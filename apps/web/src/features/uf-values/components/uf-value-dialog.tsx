import { formatIsoDate } from '@cimiento/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { enUS as pickersEnUS, esES as pickersEsES } from '@mui/x-date-pickers/locales';
import { format, isValid } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';
import { es } from 'date-fns/locale/es';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUfClp, readUfValueInput } from '../utils/uf-values';

export type UfValueDialogProps = {
  isOpen: boolean;
  /** the value already stored on a date, when the screen has it loaded (to say it will be replaced) */
  storedValue: (date: string) => string | undefined;
  /** saves; resolves to the server's refusal to show, or null when saved (the dialog then closes) */
  onSave: (date: string, value: string) => Promise<string | null>;
  onClose: () => void;
};

/** 'Agregar valor': a date (picked or typed dd-mm-aaaa) and its value in pesos, typed the Chilean way. */
export function UfValueDialog(props: UfValueDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={props.isOpen} onClose={props.onClose} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      {props.isOpen && <DialogBody {...props} titleId={titleId} />}
    </Dialog>
  );
}

function DialogBody({ storedValue, onSave, onClose, titleId }: UfValueDialogProps & { titleId: string }) {
  const { t, i18n } = useTranslation();
  const isEnglish = i18n.language === 'en-US';
  const [date, setDate] = useState<Date | null>(null);
  const [text, setText] = useState('');
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [isSaving, setIsSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const iso = date !== null && isValid(date) ? format(date, 'yyyy-MM-dd') : null;
  const dateError =
    date === null ? t('ufValues.dialog.dateRequired') : iso === null ? t('ufValues.dialog.dateInvalid') : null;
  const read = readUfValueInput(text);
  const valueError = read.ok ? null : t('ufValues.dialog.valueError', { error: read.error });
  const stored = iso === null ? undefined : storedValue(iso);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setIsSubmitted(true);
    if (iso === null || !read.ok) return;
    setIsSaving(true);
    setRefusal(null);
    const error = await onSave(iso, read.value);
    setIsSaving(false);
    if (error === null) onClose();
    else setRefusal(error);
  }

  return (
    <LocalizationProvider
      dateAdapter={AdapterDateFns}
      adapterLocale={isEnglish ? enUS : es}
      localeText={(isEnglish ? pickersEnUS : pickersEsES).components.MuiLocalizationProvider.defaultProps.localeText}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id={titleId}>{t('ufValues.dialog.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DatePicker
              label={t('ufValues.dialog.date')}
              value={date}
              onChange={(next) => setDate(next)}
              format="dd-MM-yyyy"
              enableAccessibleFieldDOMStructure={false}
              slotProps={{
                textField: {
                  required: true,
                  autoFocus: true,
                  error: isSubmitted && dateError !== null,
                  helperText: isSubmitted && dateError !== null ? dateError : 'dd-mm-aaaa',
                  inputProps: { 'data-testid': 'uf-date-input' },
                },
              }}
            />
            <TextField
              label={t('ufValues.dialog.value')}
              required
              value={text}
              onChange={(event) => setText(event.target.value)}
              error={isSubmitted && valueError !== null}
              helperText={isSubmitted && valueError !== null ? valueError : t('ufValues.dialog.valueHint')}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
            {stored !== undefined && iso !== null && (
              <Alert severity="info">
                {t('ufValues.dialog.replaces', { date: formatIsoDate(iso), value: formatUfClp(stored) })}
              </Alert>
            )}
            {refusal !== null && <Alert severity="error">{refusal}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={onClose} disabled={isSaving}>
            {t('ufValues.dialog.cancel')}
          </Button>
          <Button type="submit" variant="contained" color="success" loading={isSaving}>
            {t('ufValues.dialog.save')}
          </Button>
        </DialogActions>
      </form>
    </LocalizationProvider>
  );
}
