import { MAX_COMMITMENT_DESCRIPTION } from '@cimiento/domain/last-planner';
import type { StoredCommitment } from '@cimiento/domain/last-planner';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommitmentWrite } from '../api/last-planner';
import type { CommitmentField, FieldErrors } from '../utils/field-errors';
import { readDecimal } from '../utils/last-planner-view';

type Kind = 'percent' | 'quantity' | 'description';

export type CommitmentDialogProps = {
  taskId: number;
  taskText: string;
  unit: string | null;
  week: string;
  /** an open commitment being changed ('Cambiar'): its amount to start from, its id and version to send */
  changing?: Pick<StoredCommitment, 'id' | 'version' | 'amount'>;
  isSaving: boolean;
  refusal: FieldErrors<CommitmentField> | null;
  onSubmit: (commitment: CommitmentWrite) => void;
  onClose: () => void;
};

/** The amount a commitment says, as the dialog's field shows it: a decimal comma, no thousands dots. */
function amountFields(amount: StoredCommitment['amount']): { kind: Kind; value: string } {
  if (amount.kind === 'percent') return { kind: 'percent', value: String(amount.percent).replace('.', ',') };
  if (amount.kind === 'quantity') return { kind: 'quantity', value: String(amount.quantity).replace('.', ',') };
  return { kind: 'description', value: amount.description };
}

/**
 * 'Comprometer': what will be done this week, as a % of the task, a quantity in its unit, or a
 * description; with `changing`, 'Cambiar' an open commitment's amount (saveCommitment with its id and
 * version, so a change made meanwhile by someone else is refused, not overwritten).
 */
export function CommitmentDialog({
  taskId,
  taskText,
  unit,
  week,
  changing,
  isSaving,
  refusal,
  onSubmit,
  onClose,
}: CommitmentDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const initial = changing === undefined ? { kind: 'percent' as Kind, value: '' } : amountFields(changing.amount);
  const [kind, setKind] = useState<Kind>(initial.kind);
  const [value, setValue] = useState(initial.value);
  const identity = changing === undefined ? {} : { commitmentId: changing.id, version: changing.version };
  const [localError, setLocalError] = useState<string | null>(null);
  const amountError = localError ?? refusal?.fields.amount ?? null;
  const general = [refusal?.fields.task, refusal?.fields.week, ...(refusal?.general ?? [])].filter(
    (text): text is string => text !== undefined,
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    if (kind === 'description') {
      if (value.trim() === '') {
        setLocalError(t('lastPlanner.weekly.descriptionRequired'));
        return;
      }
      setLocalError(null);
      onSubmit({ ...identity, taskId, week, description: value });
      return;
    }
    const number = readDecimal(value);
    if (number === null || number <= 0) {
      setLocalError(t('lastPlanner.weekly.valueRequired'));
      return;
    }
    setLocalError(null);
    onSubmit(
      kind === 'percent'
        ? { ...identity, taskId, week, percent: number }
        : { ...identity, taskId, week, quantity: number },
    );
  }

  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>
          {t(changing === undefined ? 'lastPlanner.weekly.commitTitle' : 'lastPlanner.weekly.changeTitle', {
            task: taskText,
          })}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <FormControl>
              <FormLabel id={`${titleId}-kind`}>{t('lastPlanner.weekly.kind')}</FormLabel>
              <RadioGroup
                row
                aria-labelledby={`${titleId}-kind`}
                value={kind}
                onChange={(event) => {
                  setKind(event.target.value as Kind);
                  setValue('');
                  setLocalError(null);
                }}
              >
                <FormControlLabel value="percent" control={<Radio />} label={t('lastPlanner.weekly.kindPercent')} />
                <FormControlLabel value="quantity" control={<Radio />} label={t('lastPlanner.weekly.kindQuantity')} />
                <FormControlLabel
                  value="description"
                  control={<Radio />}
                  label={t('lastPlanner.weekly.kindDescription')}
                />
              </RadioGroup>
            </FormControl>
            {kind === 'description' ? (
              <TextField
                label={t('lastPlanner.weekly.description')}
                required
                multiline
                minRows={2}
                autoFocus
                value={value}
                onChange={(event) => setValue(event.target.value)}
                error={amountError !== null}
                helperText={amountError ?? `${value.length} / ${MAX_COMMITMENT_DESCRIPTION}`}
              />
            ) : (
              <TextField
                label={
                  kind === 'percent'
                    ? t('lastPlanner.weekly.percent')
                    : unit === null
                      ? t('lastPlanner.weekly.quantityNoUnit')
                      : t('lastPlanner.weekly.quantity', { unit })
                }
                required
                autoFocus
                value={value}
                onChange={(event) => setValue(event.target.value)}
                error={amountError !== null}
                helperText={
                  amountError ?? (kind === 'quantity' && unit === null ? t('lastPlanner.weekly.noQuantity') : undefined)
                }
                slotProps={{
                  htmlInput: { inputMode: 'decimal' },
                  input: {
                    endAdornment: (
                      <InputAdornment position="end">{kind === 'percent' ? '%' : (unit ?? '')}</InputAdornment>
                    ),
                  },
                }}
              />
            )}
            {general.length > 0 && (
              <Alert severity="error" data-testid="commitment-refusal">
                {general.join('; ')}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={onClose} disabled={isSaving}>
            {t('lastPlanner.cancel')}
          </Button>
          <Button type="submit" variant="contained" color="success" loading={isSaving}>
            {changing === undefined ? t('lastPlanner.weekly.commit') : t('lastPlanner.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
