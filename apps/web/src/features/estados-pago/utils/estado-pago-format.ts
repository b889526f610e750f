import { DOCUMENT_DECIMALS, formatIsoDate, formatNumber } from '@cimiento/domain';
import type { Currency } from '@cimiento/domain';

/**
 * How the 'Estados de pago' screen prints an EP's figures, in es-CL: amounts with the decimals
 * the document has (CLP whole pesos, UF and USD 2), percentages with 2 decimals, quantities and
 * prices with their own decimals, dates dd-mm-aaaa.
 */

/** An amount as the EP's table prints it, without the currency's sign. */
export function formatEpAmount(amount: string, currency: Currency): string {
  return formatNumber(amount, DOCUMENT_DECIMALS[currency]);
}

/** A percentage: '25,00 %'. */
export function formatEpPercent(percent: string): string {
  return `${formatNumber(percent, 2)} %`;
}

/** A quantity or a unit price with the decimals it has ('35,5', '3,1234', '1.000'). */
export function formatDecimalAsIs(value: string): string {
  const dot = value.indexOf('.');
  return formatNumber(value, dot < 0 ? 0 : value.length - dot - 1);
}

/** 'dd-mm-aaaa al dd-mm-aaaa' parts. */
export function formatEpPeriod(start: string, end: string): { start: string; end: string } {
  return { start: formatIsoDate(start), end: formatIsoDate(end) };
}
