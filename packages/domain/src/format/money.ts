/**
 * Chilean money formats. Amounts arrive as exact decimal strings (how budgets are stored) or as
 * numbers, and are grouped by hand: the es-CL Intl formatter leaves 4-digit amounts ungrouped
 * ("$1000"), which Chilean readers do not write.
 */
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

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/** Splits a decimal into sign, integer digits and fraction digits rounded half away from zero. */
function roundDecimal(value: string, decimals: number): { negative: boolean; integer: string; fraction: string } {
  const match = DECIMAL.exec(value.trim());
  if (!match) throw new RangeError(`No es un número decimal: ${value}`);
  const negative = match[1] === '-';
  const integerDigits = match[2] ?? '0';
  const fractionDigits = (match[3] ?? '').padEnd(decimals + 1, '0');
  const kept = integerDigits + fractionDigits.slice(0, decimals);
  const roundUp = Number(fractionDigits[decimals]) >= 5;
  let digits = roundUp ? addOne(kept) : kept;
  digits = digits.replace(/^0+(?=\d)/, '');
  const padded = digits.padStart(decimals + 1, '0');
  const integer = padded.slice(0, padded.length - decimals);
  const fraction = padded.slice(padded.length - decimals);
  const isZero = /^0*$/.test(integer + fraction);
  return { negative: negative && !isZero, integer, fraction };
}

function addOne(digits: string): string {
  const chars = digits.split('');
  for (let index = chars.length - 1; index >= 0; index -= 1) {
    if (chars[index] === '9') {
      chars[index] = '0';
    } else {
      chars[index] = String(Number(chars[index]) + 1);
      return chars.join('');
    }
  }
  return `1${chars.join('')}`;
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
  const { negative, integer, fraction } = roundDecimal(toDecimalString(amount), decimals);
  const body = groupThousands(integer) + (decimals > 0 ? `,${fraction}` : '');
  return negative ? `-${body}` : body;
}

/** `$1.234.567` (CLP), `UF 1.234,56`, `US$1.234,56`, `MUS$1.234,56`, `MMUS$1.234,56`. */
export function formatMoney(amount: string | number, currency: Currency): string {
  const { prefix, decimals } = formats[currency];
  const { negative, integer, fraction } = roundDecimal(toDecimalString(amount), decimals);
  const body = groupThousands(integer) + (decimals > 0 ? `,${fraction}` : '');
  return `${negative ? '-' : ''}${prefix}${body}`;
}
