import type { LastPlannerSettings, LookAheadFrom } from '@cimiento/domain/last-planner';
import { LOOK_AHEAD_MAX_WEEKS, LOOK_AHEAD_MIN_WEEKS } from '@cimiento/domain/last-planner';
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
import type { SettingsWrite } from '../api/last-planner';
import { listErrors } from '../utils/field-errors';

export type SettingsDialogProps = {
  settings: LastPlannerSettings;
  isSaving: boolean;
  /** the server's refusal, whole */
  refusal: string | null;
  onSubmit: (settings: SettingsWrite) => void;
  onClose: () => void;
};

const TYPES_LABEL = 'Tipos de restricción';
const CAUSES_LABEL = 'Causas de no cumplimiento';

const weekOptions = Array.from(
  { length: LOOK_AHEAD_MAX_WEEKS - LOOK_AHEAD_MIN_WEEKS + 1 },
  (_, index) => LOOK_AHEAD_MIN_WEEKS + index,
);

/** The lines of a list as typed, blank lines at the ends left out (a blank line inside is the server's to refuse). */
function linesOf(text: string): string[] {
  return text.replace(/^\s*\n|\n\s*$/g, '').split('\n');
}

/** 'Configuración': the look-ahead's weeks and start, the project's constraint types and causes, one per line. */
export function SettingsDialog({ settings, isSaving, refusal, onSubmit, onClose }: SettingsDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [weeks, setWeeks] = useState(settings.lookAheadWeeks);
  const [from, setFrom] = useState<LookAheadFrom>(settings.lookAheadFrom);
  const [types, setTypes] = useState(settings.constraintTypes.join('\n'));
  const [causes, setCauses] = useState(settings.causes.join('\n'));
  const typeErrors = refusal === null ? [] : listErrors(refusal, TYPES_LABEL);
  const causeErrors = refusal === null ? [] : listErrors(refusal, CAUSES_LABEL);
  const otherErrors =
    refusal === null
      ? []
      : refusal.split('; ').filter((part) => !typeErrors.includes(part) && !causeErrors.includes(part));

  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit({ lookAheadWeeks: weeks, lookAheadFrom: from, constraintTypes: linesOf(types), causes: linesOf(causes) });
  }

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{t('lastPlanner.settings.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                select
                fullWidth
                label={t('lastPlanner.settings.weeks')}
                value={weeks}
                onChange={(event) => setWeeks(Number(event.target.value))}
              >
                {weekOptions.map((value) => (
                  <MenuItem key={value} value={value}>
                    {t('lastPlanner.lookAhead.weeksOption', { count: value })}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                fullWidth
                label={t('lastPlanner.settings.from')}
                value={from}
                onChange={(event) => setFrom(event.target.value as LookAheadFrom)}
              >
                <MenuItem value="cutoff">{t('lastPlanner.lookAhead.fromCutoff')}</MenuItem>
                <MenuItem value="today">{t('lastPlanner.lookAhead.fromToday')}</MenuItem>
              </TextField>
            </Stack>
            <TextField
              label={t('lastPlanner.settings.constraintTypes')}
              multiline
              minRows={4}
              maxRows={10}
              value={types}
              onChange={(event) => setTypes(event.target.value)}
              error={typeErrors.length > 0}
              helperText={typeErrors.length > 0 ? typeErrors.join('; ') : t('lastPlanner.settings.listHint')}
            />
            <TextField
              label={t('lastPlanner.settings.causes')}
              multiline
              minRows={4}
              maxRows={10}
              value={causes}
              onChange={(event) => setCauses(event.target.value)}
              error={causeErrors.length > 0}
              helperText={causeErrors.length > 0 ? causeErrors.join('; ') : t('lastPlanner.settings.listHint')}
            />
            {otherErrors.length > 0 && <Alert severity="error">{otherErrors.join('; ')}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={onClose} disabled={isSaving}>
            {t('lastPlanner.cancel')}
          </Button>
          <Button type="submit" variant="contained" color="success" loading={isSaving}>
            {t('lastPlanner.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
