import { addDecimals, formatMoney, formatNumber } from '@cimiento/domain';
import type { Currency, ProjectHoldings } from '@cimiento/domain';
import type { TFunction } from 'i18next';

/**
 * What a project holds, in words (issue 30): '7 ítems del EDP, 4 ítems de EDC, 11 tareas del Gantt,
 * 2 estados de pago (1 aprobado) y un monto de $20.005'. 'Eliminar proyecto' (projects) and the
 * 'Papelera' (trash) both say it before they act, so it lives here.
 */

type Counts = Pick<ProjectHoldings, 'edpItems' | 'edcItems' | 'tasks' | 'estadosPago' | 'approvedEstadosPago'>;

type CountKey = 'edpItems' | 'edcItems' | 'tasks' | 'estadosPago' | 'approved';

function count(t: TFunction, key: CountKey, value: number): string {
  return t(`trash.${key}`, { count: value, formatted: formatNumber(value) });
}

function countsText(t: TFunction, holdings: Counts) {
  const estadosPago = count(t, 'estadosPago', holdings.estadosPago);
  return {
    edpItems: count(t, 'edpItems', holdings.edpItems),
    edcItems: count(t, 'edcItems', holdings.edcItems),
    tasks: count(t, 'tasks', holdings.tasks),
    estadosPago:
      holdings.estadosPago === 0
        ? estadosPago
        : t('trash.withApproved', { estadosPago, approved: count(t, 'approved', holdings.approvedEstadosPago) }),
  };
}

function moneyText(amount: string, currency: Currency): string {
  try {
    return formatMoney(amount, currency);
  } catch {
    return amount;
  }
}

/** One project's holdings in a sentence's words (no capital, no full stop). */
export function holdingsText(t: TFunction, holdings: ProjectHoldings): string {
  return t('trash.holdings', {
    ...countsText(t, holdings),
    amount: moneyText(holdings.amount, holdings.currency),
  });
}

/** Several projects' holdings added up; amounts per currency ('$20.005 + UF 12,00'). */
export function totalHoldingsText(t: TFunction, list: readonly ProjectHoldings[]): string {
  const counts: Counts = { edpItems: 0, edcItems: 0, tasks: 0, estadosPago: 0, approvedEstadosPago: 0 };
  const amounts = new Map<Currency, string>();
  for (const holdings of list) {
    counts.edpItems += holdings.edpItems;
    counts.edcItems += holdings.edcItems;
    counts.tasks += holdings.tasks;
    counts.estadosPago += holdings.estadosPago;
    counts.approvedEstadosPago += holdings.approvedEstadosPago;
    amounts.set(holdings.currency, addDecimals(amounts.get(holdings.currency) ?? '0', holdings.amount));
  }
  const money = [...amounts].map(([currency, amount]) => moneyText(amount, currency));
  return t(money.length > 1 ? 'trash.holdingsMany' : 'trash.holdings', {
    ...countsText(t, counts),
    amount: money.length === 0 ? moneyText('0', 'CLP') : money.join(' + '),
  });
}
