import { currencies } from '@cimiento/domain';
import type { Currency } from '@cimiento/domain';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { StatusTextField } from '@/components/ui/status-text-field';
import { isEndBeforeStart, isFilled, isNonZeroNumber, isYearInRange, readBudget } from '../utils/wizard-rules';

function isCurrency(value: string): value is Currency {
  return (currencies as readonly string[]).includes(value);
}

export type FinancialValues = { currency: Currency; budget: string; startYear: string; endYear: string };

export type ProjectFinancialFieldsProps = {
  values: FinancialValues;
  onChange: (changes: Partial<FinancialValues>) => void;
  /**
   * issue 35: the wizard's years from 2000 to 2100 (canLeaveFinancialStep); 'Editar proyecto' keeps
   * any four-digit year, as an imported project may start earlier
   */
  checksYearRange?: boolean;
};

/**
 * The wizard's 'Datos financieros' fields, shared with 'Editar proyecto': currency, budget (typed
 * the Chilean way, '1.234.567,89', and shown back formatted in the chosen currency), and the
 * execution years, with the spec's validation states.
 */
export function ProjectFinancialFields({ values, onChange, checksYearRange = false }: ProjectFinancialFieldsProps) {
  const { t } = useTranslation();
  const budget = readBudget(values.budget, values.currency);
  const budgetMessage =
    budget.kind === 'valid' ? budget.formatted : budget.kind === 'zero' ? t('projects.budgetPositive') : budget.error;
  const isEndTooEarly = isEndBeforeStart(values);
  // issue 35: empty, out of 2000–2100, or (the end) before the start, each with its message
  const isYearValid = (text: string) => (checksYearRange ? isYearInRange(text) : isNonZeroNumber(text));
  const yearError = (text: string) =>
    isFilled(text) && checksYearRange ? t('projects.yearRange') : t('projects.yearRequired');

  return (
    <Stack spacing={1}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <TextField
          select
          label={t('projects.currency')}
          value={values.currency}
          onChange={(event) => {
            if (isCurrency(event.target.value)) onChange({ currency: event.target.value });
          }}
          helperText=" "
          sx={{ minWidth: 160 }}
        >
          {currencies.map((currency) => (
            <MenuItem key={currency} value={currency}>
              {currency}
            </MenuItem>
          ))}
        </TextField>
        <StatusTextField
          label={t('projects.budget')}
          autoComplete="off"
          value={values.budget}
          onChange={(event) => onChange({ budget: event.target.value })}
          isValid={budget.kind === 'valid'}
          errorText={budgetMessage}
          helperText={budgetMessage}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <StatusTextField
          label={t('projects.startYear')}
          type="number"
          value={values.startYear}
          onChange={(event) => onChange({ startYear: event.target.value })}
          isValid={isYearValid(values.startYear)}
          errorText={yearError(values.startYear)}
          slotProps={{ htmlInput: { min: 1000, max: 9999, step: 1 } }}
        />
        <StatusTextField
          label={t('projects.endYear')}
          type="number"
          value={values.endYear}
          onChange={(event) => onChange({ endYear: event.target.value })}
          isValid={isYearValid(values.endYear) && !isEndTooEarly}
          errorText={!isYearValid(values.endYear) ? yearError(values.endYear) : t('projects.endBeforeStart')}
          slotProps={{ htmlInput: { min: 1000, max: 9999, step: 1 } }}
        />
      </Stack>
    </Stack>
  );
}
