import { formatIsoDate, isoOfTypedDate } from '@cimiento/domain';
import type { CalendarException, ProjectCalendar } from '@cimiento/domain';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Monday first, as a Chilean week is read; 0 = domingo … 6 = sábado. */
const WEEKDAYS_MONDAY_FIRST = [1, 2, 3, 4, 5, 6, 0] as const;
const MAX_NAME = 120;

export type GanttCalendarDialogProps = {
  isOpen: boolean;
  /** the draft's calendar: what the dialog starts from */
  calendar: ProjectCalendar;
  /**
   * whether the server sent Chile's holidays (they were on when the Gantt was loaded or saved):
   * otherwise turning them on takes effect with the next save, and the dialog says so
   */
  hasHolidayList: boolean;
  /** 'Aplicar': the store's answer; a refusal keeps the dialog open with its message */
  onApply: (calendar: ProjectCalendar) => { ok: true } | { ok: false; error: string };
  onClose: () => void;
};

/**
 * 'Calendario' (issue 14): the project's calendar, edited as part of the Gantt's draft. Working
 * weekdays (at least one), Chile's national holidays on or off, and the project's exceptions
 * (one per date: a non-working day such as a regional holiday, or an extra working day). Nothing
 * changes until 'Aplicar'; the Gantt is then recomputed at once and the calendar is saved with
 * 'Grabar Gantt'.
 */
export function GanttCalendarDialog(props: GanttCalendarDialogProps) {
  return (
    <Dialog open={props.isOpen} onClose={props.onClose} maxWidth="sm" fullWidth aria-labelledby="gantt-calendar-title">
      {/* the dialog mounts its content on every opening: the form starts from the draft's calendar */}
      <CalendarForm {...props} />
    </Dialog>
  );
}

function CalendarForm({ calendar, hasHolidayList, onApply, onClose }: GanttCalendarDialogProps) {
  const { t } = useTranslation();
  const weekdaysLabelId = useId();
  const [weekdays, setWeekdays] = useState<ReadonlySet<number>>(() => new Set(calendar.workingWeekdays));
  const [chileHolidays, setChileHolidays] = useState(calendar.chileHolidays);
  const [exceptions, setExceptions] = useState<CalendarException[]>(() =>
    [...calendar.exceptions].sort((a, b) => a.date.localeCompare(b.date)),
  );
  const [newDate, setNewDate] = useState('');
  const [newName, setNewName] = useState('');
  const [newWorking, setNewWorking] = useState(false);
  const [addError, setAddError] = useState<string | null>(null);
  const [applyError, setApplyError] = useState<string | null>(null);
  const noWeekday = weekdays.size === 0;

  function toggleWeekday(day: number, checked: boolean) {
    setWeekdays((current) => {
      const next = new Set(current);
      if (checked) next.add(day);
      else next.delete(day);
      return next;
    });
    setApplyError(null);
  }

  function addException() {
    const date = isoOfTypedDate(newDate);
    if (date === null) {
      setAddError(t('gantt.calendar.dateInvalid'));
      return;
    }
    const name = newName.trim();
    if (name.length > MAX_NAME) {
      setAddError(t('gantt.calendar.nameTooLong'));
      return;
    }
    const existing = exceptions.find((exception) => exception.date === date);
    if (existing) {
      setAddError(
        t('gantt.calendar.duplicate', {
          date: formatIsoDate(date),
          name:
            existing.name === ''
              ? t(existing.working ? 'gantt.calendar.working' : 'gantt.calendar.nonWorking')
              : existing.name,
        }),
      );
      return;
    }
    setExceptions((current) =>
      [...current, { date, name, working: newWorking }].sort((a, b) => a.date.localeCompare(b.date)),
    );
    setNewDate('');
    setNewName('');
    setAddError(null);
    setApplyError(null);
  }

  function apply() {
    if (noWeekday) {
      setApplyError(t('gantt.calendar.atLeastOneDay'));
      return;
    }
    // a date typed but not added is not dropped silently
    if (newDate.trim() !== '') {
      setApplyError(t('gantt.calendar.exceptionNotAdded', { date: newDate.trim() }));
      return;
    }
    const result = onApply({ workingWeekdays: [...weekdays].sort((a, b) => a - b), chileHolidays, exceptions });
    if (result.ok) onClose();
    else setApplyError(result.error);
  }

  return (
    <>
      <DialogTitle id="gantt-calendar-title">{t('gantt.calendar.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5}>
          <Typography variant="body2" color="text.secondary">
            {t('gantt.calendar.intro')}
          </Typography>
          <FormControl component="fieldset" error={noWeekday}>
            <FormLabel component="legend" id={weekdaysLabelId}>
              {t('gantt.calendar.weekdaysLabel')}
            </FormLabel>
            <FormGroup row aria-labelledby={weekdaysLabelId}>
              {WEEKDAYS_MONDAY_FIRST.map((day) => (
                <FormControlLabel
                  key={day}
                  control={
                    <Checkbox
                      size="small"
                      checked={weekdays.has(day)}
                      onChange={(event) => toggleWeekday(day, event.target.checked)}
                    />
                  }
                  label={t(`gantt.calendar.weekdays.${day}`)}
                />
              ))}
            </FormGroup>
            {noWeekday && <FormHelperText>{t('gantt.calendar.atLeastOneDay')}</FormHelperText>}
          </FormControl>
          <Box>
            <FormControlLabel
              control={<Switch checked={chileHolidays} onChange={(event) => setChileHolidays(event.target.checked)} />}
              label={t('gantt.calendar.chileHolidays')}
            />
            <FormHelperText sx={{ mt: 0 }}>{t('gantt.calendar.chileHolidaysHelp')}</FormHelperText>
            {chileHolidays && !hasHolidayList && (
              <Alert severity="info" sx={{ mt: 1 }}>
                {t('gantt.calendar.holidaysPending')}
              </Alert>
            )}
          </Box>
          <Box>
            <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
              {t('gantt.calendar.exceptions')}
            </Typography>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}>
              <TextField
                size="small"
                label={t('gantt.calendar.date')}
                placeholder="dd-mm-aaaa"
                value={newDate}
                onChange={(event) => setNewDate(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    addException();
                  }
                }}
                slotProps={{ inputLabel: { shrink: true } }}
                sx={{ width: 140 }}
              />
              <TextField
                size="small"
                label={t('gantt.calendar.name')}
                placeholder={t('gantt.calendar.namePlaceholder')}
                value={newName}
                onChange={(event) => setNewName(event.target.value)}
                slotProps={{ htmlInput: { maxLength: MAX_NAME }, inputLabel: { shrink: true } }}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    addException();
                  }
                }}
                sx={{ flex: 1, minWidth: 160 }}
              />
              <TextField
                select
                size="small"
                label={t('gantt.calendar.kind')}
                value={newWorking ? 'working' : 'nonWorking'}
                onChange={(event) => setNewWorking(event.target.value === 'working')}
                sx={{ width: 150 }}
              >
                <MenuItem value="nonWorking">{t('gantt.calendar.nonWorking')}</MenuItem>
                <MenuItem value="working">{t('gantt.calendar.working')}</MenuItem>
              </TextField>
              <Button variant="outlined" startIcon={<AddIcon />} onClick={addException} sx={{ height: 40 }}>
                {t('gantt.calendar.addException')}
              </Button>
            </Stack>
            {addError !== null && (
              <Alert severity="error" sx={{ mt: 1 }}>
                {addError}
              </Alert>
            )}
            <TableContainer sx={{ mt: 1.5, maxHeight: 260, border: 1, borderColor: 'divider', borderRadius: 1 }}>
              <Table size="small" stickyHeader aria-label={t('gantt.calendar.exceptions')}>
                <TableHead>
                  <TableRow>
                    <TableCell sx={{ width: 120 }}>{t('gantt.calendar.date')}</TableCell>
                    <TableCell>{t('gantt.calendar.name')}</TableCell>
                    <TableCell sx={{ width: 130 }}>{t('gantt.calendar.kind')}</TableCell>
                    <TableCell sx={{ width: 48 }} />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {exceptions.length === 0 ? (
                    <TableRow>
                      <TableCell colSpan={4}>
                        <Typography variant="body2" color="text.secondary">
                          {t('gantt.calendar.noExceptions')}
                        </Typography>
                      </TableCell>
                    </TableRow>
                  ) : (
                    exceptions.map((exception) => (
                      <TableRow key={exception.date}>
                        <TableCell>{formatIsoDate(exception.date)}</TableCell>
                        <TableCell>{exception.name === '' ? '—' : exception.name}</TableCell>
                        <TableCell>
                          {t(exception.working ? 'gantt.calendar.working' : 'gantt.calendar.nonWorking')}
                        </TableCell>
                        <TableCell padding="none">
                          <IconButton
                            size="small"
                            color="error"
                            aria-label={t('gantt.calendar.removeException', { date: formatIsoDate(exception.date) })}
                            onClick={() =>
                              setExceptions((current) => current.filter((other) => other.date !== exception.date))
                            }
                          >
                            <DeleteIcon fontSize="small" />
                          </IconButton>
                        </TableCell>
                      </TableRow>
                    ))
                  )}
                </TableBody>
              </Table>
            </TableContainer>
          </Box>
          {applyError !== null && <Alert severity="error">{applyError}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose}>
          {t('gantt.cancel')}
        </Button>
        <Button variant="contained" color="success" onClick={apply} disabled={noWeekday}>
          {t('gantt.calendar.apply')}
        </Button>
      </DialogActions>
    </>
  );
}
