import { edpBudgetSummary, formatMoney, formatNumber } from '@cimiento/domain';
import type { Currency, PricedEdpItem } from '@cimiento/domain';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The line above the EDP tree (issue 16): 'Total ítems: $… · Presupuesto: $… · Diferencia: $…'
 * (edpBudgetSummary: difference = budget − total), the difference in red when the items exceed
 * the budget.
 */
export function EdpBudgetSummary({
  items,
  budget,
  currency,
}: {
  items: readonly PricedEdpItem[];
  budget: string;
  currency: Currency;
}) {
  const { t } = useTranslation();
  const summary = useMemo(() => edpBudgetSummary(items, budget, currency), [items, budget, currency]);
  const isOver = summary.difference.startsWith('-');
  const difference = formatMoney(summary.difference, currency);
  const [before, after] = t('edpPrices.summary', {
    total: formatMoney(summary.total, currency),
    budget: formatMoney(summary.budget, currency),
    difference: '\u0000',
  }).split('\u0000');
  return (
    <Box
      role="status"
      aria-label={t('edpPrices.summaryLabel')}
      data-testid="edp-budget-summary"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 2, mt: 1, mb: 1 }}
    >
      <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {before}
        <Box
          component="span"
          data-testid="edp-budget-difference"
          title={
            isOver
              ? t('edpPrices.overBudget', { amount: formatMoney(summary.difference.slice(1), currency) })
              : undefined
          }
          sx={isOver ? { color: 'error.main', fontWeight: 700 } : { fontWeight: 600 }}
        >
          {difference}
        </Box>
        {after}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {t('edpPrices.priced', { formatted: formatNumber(summary.priced) })}
      </Typography>
    </Box>
  );
}
