import { formatIsoDate } from '@cimiento/domain';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { readPrintWindow } from './print-selection';
import type { PrintWindow, WindowErrors } from './print-selection';

export type GanttPrintDialogProps = {
  /** what is being printed: the screen's view on a sheet, or the 3-week programme */
  mode: 'screen' | 'three-weeks';
  /** the menu entry chosen ('PDF A4 horizontal'…), shown under the title */
  formatLabel: string;
  /** the dates the fields open with (the whole project, or the cut-off's three weeks) */
  initial: PrintWindow;
  onPrint: (window: PrintWindow) => void;
  onCancel: () => void;
};

/**
 * issue 32: the small dialog before a PDF: 'Desde' and 'Hasta' (dd-mm-aaaa), the date window the
 * time scale covers; a wrong date is said at its field and nothing prints. Mounted when opened, so
 * each opening starts from its `initial` dates.
 */
export function GanttPrintDialog({ mode, formatLabel, initial, onPrint, onCancel }: GanttPrintDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [startText, setStartText] = useState(formatIsoDate(initial.start));
  const [endText, setEndText] = useState(formatIsoDate(initial.end));
  const [errors, setErrors] = useState<WindowErrors>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const read = readPrintWindow(startText, endText);
    if (!read.ok) {
      setErrors(read.errors);
      return;
    }
    onPrint(read.window);
  }

  const message = (error: WindowErrors['start']) =>
    error === undefined ? undefined : t(`gantt.print.dialog.${error}`);

  return (
    <Dialog open onClose={onCancel} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>
          {t(mode === 'three-weeks' ? 'gantt.print.dialog.threeWeeksTitle' : 'gantt.print.dialog.title')}
        </DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {t(mode === 'three-weeks' ? 'gantt.print.dialog.threeWeeksText' : 'gantt.print.dialog.text', {
              format: formatLabel,
            })}
          </DialogContentText>
          <Stack direction="row" spacing={2}>
            <TextField
              label={t('gantt.print.dialog.from')}
              value={startText}
              onChange={(event) => {
                setStartText(event.target.value);
                setErrors({});
              }}
              error={errors.start !== undefined}
              helperText={message(errors.start) ?? 'dd-mm-aaaa'}
              size="small"
              autoFocus
              fullWidth
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
            />
            <TextField
              label={t('gantt.print.dialog.to')}
              value={endText}
              onChange={(event) => {
                setEndText(event.target.value);
                setErrors({});
              }}
              error={errors.end !== undefined}
              helperText={message(errors.end) ?? 'dd-mm-aaaa'}
              size="small"
              fullWidth
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel} color="inherit">
            {t('gantt.cancel')}
          </Button>
          <Button type="submit" variant="contained">
            {t('gantt.print.dialog.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
