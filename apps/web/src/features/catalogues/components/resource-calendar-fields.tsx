import { formatIsoDate, isoOfTypedDate } from '@cimiento/domain';
import { MAX_RESOURCE_CALENDAR_RANGES, resourceCalendarErrors } from '@cimiento/domain/resources';
import type { ResourceCalendar, ResourceInput } from '@cimiento/domain/resources';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type DayOffRow = { key: number; from: string; to: string; name: string };

/** The weekdays in the order a Chilean reads them, Monday first (0 = Sunday, as the calendars keep them). */
const WEEK = [1, 2, 3, 4, 5, 6, 0] as const;

export type ResourceCalendarState = {
  weekdays: readonly number[];
  setWeekdays: (days: number[]) => void;
  rows: readonly DayOffRow[];
  setRows: (update: (rows: DayOffRow[]) => DayOffRow[]) => void;
  /** what saveObject gets: null when the resource keeps the project's calendar */
  value: ResourceInput['calendar'];
  /** each row's own problem (a date not typed dd-mm-aaaa), by index */
  rowErrors: (string | undefined)[];
  /** the calendar's problems as the server words them (no weekday, a range backwards, an overlap) */
  errors: string[];
  blocked: boolean;
};

/**
 * Issue 35: a resource's own calendar in the 'Recurso' modal, as typed: the weekdays it works (every
 * day ticked: the project's weekdays) and its non-working ranges (dd-mm-aaaa, both days included).
 * The domain's resourceCalendarErrors says what is wrong, as the server does.
 */
export function useResourceCalendarState(calendar: ResourceCalendar | undefined): ResourceCalendarState {
  const { t } = useTranslation();
  const [weekdays, setWeekdays] = useState<readonly number[]>(calendar?.workingWeekdays ?? WEEK);
  const [rows, setRowList] = useState<DayOffRow[]>(
    (calendar?.exceptions ?? []).map((range, index) => ({
      key: index,
      from: formatIsoDate(range.from),
      to: formatIsoDate(range.to),
      name: range.name ?? '',
    })),
  );
  const ranges = rows.map((row) => ({
    from: isoOfTypedDate(row.from) ?? '',
    to: isoOfTypedDate(row.to) ?? '',
    name: row.name.trim(),
  }));
  const rowErrors = ranges.map((range) =>
    range.from === '' || range.to === '' ? t('resources.rangeDatesRequired') : undefined,
  );
  const narrows = weekdays.length < 7;
  const own = { ...(narrows ? { workingWeekdays: [...weekdays] } : {}), exceptions: ranges };
  const errors = rowErrors.every((error) => error === undefined) ? resourceCalendarErrors(own) : [];
  if (rows.length > MAX_RESOURCE_CALENDAR_RANGES)
    errors.push(t('resources.calendarTooMany', { max: MAX_RESOURCE_CALENDAR_RANGES }));
  return {
    weekdays,
    setWeekdays,
    rows,
    setRows: (update) => setRowList((old) => update(old)),
    value: !narrows && ranges.length === 0 ? null : own,
    rowErrors,
    errors,
    blocked: errors.length > 0 || rowErrors.some((error) => error !== undefined),
  };
}

export function ResourceCalendarFields({ state, canWrite }: { state: ResourceCalendarState; canWrite: boolean }) {
  const { t } = useTranslation();
  const [nextKey, setNextKey] = useState(state.rows.length + 1);
  const setRow = (key: number, field: 'from' | 'to' | 'name', value: string) =>
    state.setRows((old) => old.map((other) => (other.key === key ? { ...other, [field]: value } : other)));
  return (
    <Stack spacing={1} component="section" aria-label={t('resources.calendar')}>
      <Typography variant="subtitle2">{t('resources.calendar')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t('resources.calendarHint')}
      </Typography>
      <FormGroup row aria-label={t('resources.calendarWeekdays')}>
        {WEEK.map((day) => (
          <FormControlLabel
            key={day}
            label={t(`resources.weekdays.${day}`)}
            control={
              <Checkbox
                size="small"
                disabled={!canWrite}
                checked={state.weekdays.includes(day)}
                onChange={(event) =>
                  state.setWeekdays(
                    event.target.checked
                      ? [...state.weekdays, day].sort((a, b) => a - b)
                      : state.weekdays.filter((other) => other !== day),
                  )
                }
              />
            }
          />
        ))}
      </FormGroup>
      {state.rows.map((row, index) => (
        <Stack key={row.key} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'flex-start' }}>
          {(['from', 'to'] as const).map((field) => (
            <TextField
              key={field}
              size="small"
              placeholder="dd-mm-aaaa"
              label={t(field === 'from' ? 'resources.rangeFrom' : 'resources.rangeTo')}
              value={row[field]}
              onChange={(event) => setRow(row.key, field, event.target.value)}
              error={field === 'to' && state.rowErrors[index] !== undefined}
              helperText={field === 'to' ? state.rowErrors[index] : undefined}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `day-off-${field}-${index}` } }}
              sx={{ maxWidth: 170 }}
            />
          ))}
          <TextField
            size="small"
            label={t('resources.dayOffName')}
            value={row.name}
            onChange={(event) => setRow(row.key, 'name', event.target.value)}
            slotProps={{ htmlInput: { maxLength: 120, 'data-testid': `day-off-name-${index}` } }}
            sx={{ minWidth: 200 }}
          />
          {canWrite && (
            <IconButton
              aria-label={t('resources.removeDayOff', { row: index + 1 })}
              onClick={() => state.setRows((old) => old.filter((other) => other.key !== row.key))}
            >
              <DeleteOutlineIcon />
            </IconButton>
          )}
        </Stack>
      ))}
      {state.errors.map((error) => (
        <Typography key={error} variant="body2" color="error" role="alert">
          {error}
        </Typography>
      ))}
      {canWrite && (
        <Button
          startIcon={<AddIcon />}
          sx={{ alignSelf: 'flex-start' }}
          onClick={() => {
            state.setRows((old) => [...old, { key: nextKey, from: '', to: '', name: '' }]);
            setNextKey(nextKey + 1);
          }}
        >
          {t('resources.addDayOff')}
        </Button>
      )}
    </Stack>
  );
}
