import { parseChileanDecimal } from '@cimiento/domain';
import type { GanttDraftTask } from '@cimiento/domain';
import { formulaText, taskFormulaDays } from '@cimiento/domain/resources';
import type { ResourceAssignment } from '@cimiento/domain/resources';
import CalculateIcon from '@mui/icons-material/Calculate';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { useTaskResourcesForm } from './task-resource-fields';

type ResourcesForm = ReturnType<typeof useTaskResourcesForm>;

/** The editor's resource rows as assignments, the rows that do not read yet left out. */
function readRows(form: ResourcesForm): ResourceAssignment[] {
  const resources: ResourceAssignment[] = [];
  for (const row of form.rows) {
    if (row.resourceId === null) continue;
    const units = parseChileanDecimal(row.units);
    if (units.ok && Number(units.value) > 0) resources.push({ resourceId: row.resourceId, units: Number(units.value) });
  }
  return resources;
}

/**
 * issue 35 (docs/RESOURCES.md "Quantities and durations"): a leaf sized by its EDC activity's
 * quantity. The formula as it reads with the editor's crews ('120 m² ÷ (8 m²/día × 2 cuadrillas) =
 * 8 días'); 'Cuadrillas', the units of the activity's resource in 'Recursos', which recalculate the
 * duration unless it was typed by hand (MS Project's effort-driven task); a duration typed by hand
 * says so, and 'Calcular con el rendimiento' gives it back to the formula.
 */
export function useTaskQuantity(
  task: GanttDraftTask | undefined,
  isSummary: boolean,
  resourcesForm: ResourcesForm,
  setDuration: (text: string) => void,
) {
  const formula = isSummary ? undefined : task?.formula;
  const [byHand, setByHand] = useState(task?.durationByHand === true);
  const resources = readRows(resourcesForm);
  const days = formula === undefined ? undefined : taskFormulaDays(formula, resources);
  const crewsRow =
    formula?.resourceId === undefined
      ? undefined
      : resourcesForm.rows.find((row) => row.resourceId === formula.resourceId);

  return {
    formula,
    byHand,
    days,
    text: formula === undefined ? undefined : formulaText(formula, resources),
    /** the crews as typed: the activity resource's units, else the catalogue's crews */
    crewsText: crewsRow?.units ?? String(formula?.catalogueCrews ?? 1),
    canEditCrews: formula?.resourceId !== undefined,
    /** the duration field typed: by hand unless it is the formula's days */
    durationTyped(text: string) {
      if (formula === undefined) return;
      setByHand(days === undefined || Number(text.trim()) !== days);
    },
    /** 'Cuadrillas' typed: the resource's units, and (effort-driven) the duration unless typed by hand */
    crewsTyped(text: string) {
      if (formula?.resourceId === undefined) return;
      resourcesForm.setUnitsOf(formula.resourceId, text);
      const units = parseChileanDecimal(text);
      if (byHand || !units.ok || Number(units.value) <= 0) return;
      const others = resources.filter((item) => item.resourceId !== formula.resourceId);
      const next = taskFormulaDays(formula, [
        ...others,
        { resourceId: formula.resourceId, units: Number(units.value) },
      ]);
      if (next !== undefined) setDuration(String(next));
    },
    /** 'Calcular con el rendimiento' */
    applyFormula() {
      if (days === undefined) return;
      setByHand(false);
      setDuration(String(days));
    },
  };
}

export function TaskQuantityFields({ quantity }: { quantity: ReturnType<typeof useTaskQuantity> }) {
  const { t } = useTranslation();
  if (quantity.formula === undefined) return null;
  return (
    <Stack spacing={1} sx={{ mb: 2 }} data-testid="task-quantity">
      <Typography variant="subtitle2" component="h3">
        {t('gantt.quantityTitle')}
      </Typography>
      <Typography variant="body2" data-testid="task-formula" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {quantity.text ?? t('gantt.quantityNoCrews')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          label={t('gantt.crews')}
          value={quantity.crewsText}
          onChange={(event) => quantity.crewsTyped(event.target.value)}
          disabled={!quantity.canEditCrews}
          helperText={quantity.canEditCrews ? t('gantt.crewsHelp') : t('gantt.crewsCatalogue')}
          size="small"
          sx={{ width: 230 }}
          slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'task-crews' } }}
        />
        {quantity.byHand && (
          <Button size="small" startIcon={<CalculateIcon />} onClick={quantity.applyFormula} sx={{ mt: { sm: 0.5 } }}>
            {t('gantt.useFormula')}
          </Button>
        )}
      </Stack>
      {quantity.byHand && (
        <Alert severity="info" data-testid="duration-by-hand">
          {t('gantt.durationByHand')}
          {quantity.days === undefined
            ? ''
            : ` (${t('gantt.formulaWouldGive', { count: quantity.days, days: quantity.days })})`}
        </Alert>
      )}
    </Stack>
  );
}
