/**
 * Chilean money formats. Amounts arrive as exact decimal strings (how budgets are stored) or as
 * numbers, and are grouped by hand: the es-CL Intl formatter leaves 4-digit amounts ungrouped
 * ("$1000"), which Chilean readers do not write.
 */
import { roundDecimal } from './money-math';

export const currencies = ['CLP', 'UF', 'USD', 'MUSD', 'MMUSD'] as const;
export type Currency = (typeof currencies)[number];

type CurrencyFormat = { prefix: string; decimals: number };

// MUS$ and MMUS$ are the Chilean abbreviations for thousands and millions of US dollars.
const formats: Record<Currency, CurrencyFormat> = {
  CLP: { prefix: '$', decimals: 0 },
  UF: { prefix: 'UF ', decimals: 2 },
  USD: { prefix: 'US$', decimals: 2 },
  MUSD: { prefix: 'MUS$', decimals: 2 },
  MMUSD: { prefix: 'MMUS$', decimals: 2 },
};

/** Sign, integer digits and fraction digits of `value` rounded half away from zero (money-math.ts). */
function roundParts(value: string, decimals: number): { negative: boolean; integer: string; fraction: string } {
  const trimmed = value.trim();
  if (!/^-?\d+(\.\d+)?$/.test(trimmed)) throw new RangeError(`No es un número decimal: ${value}`);
  const rounded = roundDecimal(trimmed, decimals);
  const negative = rounded.startsWith('-');
  const [integer = '0', fraction = ''] = (negative ? rounded.slice(1) : rounded).split('.');
  return { negative, integer, fraction: fraction.padEnd(decimals, '0') };
}

function groupThousands(integer: string): string {
  return integer.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

function toDecimalString(amount: string | number): string {
  if (typeof amount === 'number') {
    if (!Number.isFinite(amount)) throw new RangeError(`No es un número finito: ${amount}`);
    // toFixed keeps plain notation for the magnitudes money takes (< 1e21)
    return amount.toFixed(6);
  }
  return amount;
}

/** A number in es-CL notation: '.' groups thousands (also for 4 digits), ',' separates decimals. */
export function formatNumber(amount: string | number, decimals = 0): string {
  const { negative, integer, fraction } = roundParts(toDecimalString(amount), decimals);
  const body = groupThousands(integer) + (decimals > 0 ? `,${fraction}` : '');
  return negative ? `-${body}` : body;
}

/**
 * A decimal in es-CL notation with every decimal it has ('1.234,5', '7,5', '120'): quantities,
 * productivities and units, which formatNumber would round to whole numbers.
 */
export function formatDecimal(value: string | number): string {
  const text = typeof value === 'number' ? String(value) : value;
  const dot = text.indexOf('.');
  return formatNumber(text, dot === -1 ? 0 : text.length - dot - 1);
}

/** A count and its noun: '1 tarea', '1.234 tareas' (the count in es-CL notation). */
export function formatCount(count: number, one: string, many: string): string {
  return `${formatNumber(count)} ${count === 1 ? one : many}`;
}

/** `$1.234.567` (CLP), `UF 1.234,56`, `US$1.234,56`, `MUS$1.234,56`, `MMUS$1.234,56`. */
export function formatMoney(amount: string | number, currency: Currency): string {
  const { prefix, decimals } = formats[currency];
  const { negative, integer, fraction } = roundParts(toDecimalString(amount), decimals);
  const body = groupThousands(integer) + (decimals > 0 ? `,${fraction}` : '');
  return `${negative ? '-' : ''}${prefix}${body}`;
}
