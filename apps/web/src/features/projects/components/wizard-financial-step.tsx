import { currencies } from '@cimiento/domain';
import type { Currency } from '@cimiento/domain';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { StatusTextField } from '@/components/ui/status-text-field';
import { useProjectWizardStore } from '../stores/project-wizard-store';
import { isEndBeforeStart, isNonZeroNumber, readBudget } from '../utils/wizard-rules';

function isCurrency(value: string): value is Currency {
  return (currencies as readonly string[]).includes(value);
}

/**
 * Step 2, 'Datos financieros': currency, budget (typed the Chilean way, '1.234.567,89', and shown
 * back formatted in the chosen currency), and the execution years.
 */
export function WizardFinancialStep() {
  const { t } = useTranslation();
  const draft = useProjectWizardStore((state) => state.draft);
  const updateDraft = useProjectWizardStore((state) => state.updateDraft);
  const budget = readBudget(draft.budget, draft.currency);
  const budgetMessage =
    budget.kind === 'valid' ? budget.formatted : budget.kind === 'zero' ? t('projects.budgetPositive') : budget.error;
  const isEndTooEarly = isEndBeforeStart(draft);

  return (
    <Stack spacing={1}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <TextField
          select
          label={t('projects.currency')}
          value={draft.currency}
          onChange={(event) => {
            if (isCurrency(event.target.value)) updateDraft({ currency: event.target.value });
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
          value={draft.budget}
          onChange={(event) => updateDraft({ budget: event.target.value })}
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
          value={draft.startYear}
          onChange={(event) => updateDraft({ startYear: event.target.value })}
          isValid={isNonZeroNumber(draft.startYear)}
          errorText={t('projects.yearRequired')}
          slotProps={{ htmlInput: { min: 1000, max: 9999, step: 1 } }}
        />
        <StatusTextField
          label={t('projects.endYear')}
          type="number"
          value={draft.endYear}
          onChange={(event) => updateDraft({ endYear: event.target.value })}
          isValid={isNonZeroNumber(draft.endYear) && !isEndTooEarly}
          errorText={isEndTooEarly ? t('projects.endBeforeStart') : t('projects.yearRequired')}
          slotProps={{ htmlInput: { min: 1000, max: 9999, step: 1 } }}
        />
      </Stack>
    </Stack>
  );
}
