import Big from 'big.js';

/**
 * Exact money arithmetic (issue 16, groundwork): amounts are decimal strings end to end ("1234.5",
 * "-20"), computed with big.js, never binary floats. The rounding rules of the product, each
 * half away from zero (0.5 → 1, −0.5 → −1):
 *   - CLP to whole pesos;
 *   - UF to 2 decimals for display and 4 in storage;
 *   - USD to cents; MUSD and MMUSD (thousands, millions of dollars) to 4 decimals, as stored.
 * Spreading an amount over shares (a partida's amount over its Gantt tasks by working days) gives
 * rounded shares whose sum is exactly the rounded amount (largest remainder). Pure.
 */

/** A private constructor: 40 decimal places for divisions, half away from zero. */
const D = Big();
D.DP = 40;
D.RM = Big.roundHalfUp;

/** The project currencies (money.ts `currencies`); MUSD / MMUSD: thousands / millions of US dollars. */
export type MoneyCurrency = 'CLP' | 'UF' | 'USD' | 'MUSD' | 'MMUSD';
export type UfRounding = 'display' | 'storage';

/** Decimal places an amount keeps in each currency (UF: in storage; 2 when shown). */
export const MONEY_DECIMALS: Readonly<Record<MoneyCurrency, number>> = { CLP: 0, UF: 4, USD: 2, MUSD: 4, MMUSD: 4 };
/**
 * Decimal places of an amount printed on a document (an estado de pago's lines and totals, the
 * S-curve's table): the currency's display decimals. A document's lines are rounded to these
 * before they are added, so its totals are the sums of the lines it shows.
 */
export const DOCUMENT_DECIMALS: Readonly<Record<MoneyCurrency, number>> = { CLP: 0, UF: 2, USD: 2, MUSD: 2, MMUSD: 2 };
export const UF_DISPLAY_DECIMALS = 2;

const PLAIN = /^-?\d+(\.\d+)?$/;

function big(value: string): Big {
  if (!PLAIN.test(value)) throw new RangeError(`Monto no válido: ${value}`);
  return new D(value);
}

/** The canonical text of a result: no exponent, no trailing fraction zeros, no "-0". */
function text(value: Big): string {
  const fixed = value.toFixed();
  const trimmed = fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed;
  return trimmed === '-0' ? '0' : trimmed;
}

/** `value` rounded to `decimals` places, half away from zero. */
export function roundDecimal(value: string, decimals: number): string {
  return text(big(value).round(decimals, Big.roundHalfUp));
}

/** CLP: whole pesos, half away from zero. */
export function roundClp(value: string): string {
  return roundDecimal(value, 0);
}

/** UF: 2 decimals for display, 4 in storage, half away from zero. */
export function roundUf(value: string, rounding: UfRounding = 'storage'): string {
  return roundDecimal(value, rounding === 'display' ? UF_DISPLAY_DECIMALS : MONEY_DECIMALS.UF);
}

/** An amount rounded as its currency stores it (an EDP item's amount = quantity × unit price). */
export function roundMoney(value: string, currency: MoneyCurrency): string {
  return roundDecimal(value, MONEY_DECIMALS[currency]);
}

/** An amount rounded as a document shows it (DOCUMENT_DECIMALS). */
export function roundDocument(value: string, currency: MoneyCurrency): string {
  return roundDecimal(value, DOCUMENT_DECIMALS[currency]);
}

export function addDecimals(...values: string[]): string {
  return text(values.reduce((total, value) => total.plus(big(value)), new D(0)));
}

export function subtractDecimals(a: string, b: string): string {
  return text(big(a).minus(big(b)));
}

export function multiplyDecimals(a: string, b: string): string {
  return text(big(a).times(big(b)));
}

/** `percent` % of `value` (exact; round it as its currency needs). */
export function percentOf(value: string, percent: string): string {
  return text(big(value).times(big(percent)).div(100));
}

/** `part` as a percentage of `whole`, 2 decimals, half up (whole = 0 → RangeError): 12.505 of 21.006 → '59.53'. */
export function ratioPercent(part: string, whole: string): string {
  return roundDecimal(divideDecimals(multiplyDecimals(part, '100'), whole), 2);
}

/** a / b to 40 places, half away from zero; b = 0 → RangeError. */
export function divideDecimals(a: string, b: string): string {
  const divisor = big(b);
  if (divisor.eq(0)) throw new RangeError('División por cero');
  return text(big(a).div(divisor));
}

export function compareDecimals(a: string, b: string): -1 | 0 | 1 {
  return big(a).cmp(big(b));
}

/** UF → CLP at a UF value (CLP per UF): whole pesos. */
export function ufToClp(uf: string, ufValue: string): string {
  return roundClp(multiplyDecimals(uf, ufValue));
}

/** CLP → UF at a UF value (CLP per UF): 4 decimals, as stored. */
export function clpToUf(clp: string, ufValue: string): string {
  return roundUf(divideDecimals(clp, ufValue), 'storage');
}

/**
 * `total` spread over `weights` (non-negative; a partida's amount over its tasks by working days):
 * each share rounded to `decimals` places, the sum of the shares exactly `total` rounded. The
 * rounding left over goes one unit at a time to the largest remainders (ties to the first). All
 * weights 0 → equal shares; no weights → [].
 */
export function spreadAmount(total: string, weights: readonly number[], decimals: number): string[] {
  if (weights.length === 0) return [];
  if (weights.some((weight) => !Number.isFinite(weight) || weight < 0))
    throw new RangeError('Los pesos deben ser números no negativos');
  const even = weights.every((weight) => weight === 0);
  const rounded = big(total).round(decimals, Big.roundHalfUp);
  const whole = even ? weights.map(() => 1) : weights;
  if (whole.every((weight) => Number.isSafeInteger(weight)) && Number.isSafeInteger(sumOf(whole) * whole.length)) {
    return spreadOverWholeWeights(rounded, whole, decimals);
  }
  const parts = whole.map((weight) => new D(weight));
  const sum = parts.reduce((acc, part) => acc.plus(part), new D(0));
  const unit = new D(1).div(new D(10).pow(decimals));
  // each share rounded towards zero first, then the units left over to the largest remainders
  const exact = parts.map((part) => rounded.times(part).div(sum));
  const shares = exact.map((share) => share.round(decimals, Big.roundDown));
  let left = rounded.minus(shares.reduce((acc, share) => acc.plus(share), new D(0)));
  const order = exact
    .map((share, index) => ({ index, remainder: share.minus(shares[index] as Big).abs() }))
    .sort((a, b) => b.remainder.cmp(a.remainder) || a.index - b.index);
  const step = rounded.lt(0) ? unit.times(-1) : unit;
  for (const { index } of order) {
    if (left.eq(0)) break;
    shares[index] = (shares[index] as Big).plus(step);
    left = left.minus(step);
  }
  return shares.map(text);
}

function sumOf(values: readonly number[]): number {
  let sum = 0;
  for (const value of values) sum += value;
  return sum;
}

/** Integer division towards zero (big.js with no decimal places). */
const Whole = Big();
Whole.DP = 0;
Whole.RM = Big.roundDown;

/**
 * spreadAmount with whole weights (working days), the same shares in exact integer arithmetic:
 * the amount in units of its last decimal, each share ⌊units × w / Σw⌋, and the remainders
 * (units × w mod Σw, below Σw so exact as numbers) ranking who takes the units left over. The
 * general path's 40-place quotients give the same order (distinct remainders differ by at least
 * one unit / Σw), with far fewer big.js divisions. Σw × the count of weights must be a safe integer
 * (the remainders are added as numbers); past that, the general path.
 */
function spreadOverWholeWeights(rounded: Big, weights: readonly number[], decimals: number): string[] {
  const negative = rounded.lt(0);
  const scale = new D(10).pow(decimals);
  const unit = (negative ? new D(-1) : new D(1)).div(scale);
  const units = new Whole(rounded.abs().times(scale).toFixed(0));
  const sum = new Whole(sumOf(weights));
  const shares: Big[] = [];
  const remainders: number[] = [];
  let remaindersSum = 0;
  for (const weight of weights) {
    const product = units.times(weight);
    const share = product.div(sum);
    const remainder = Number(product.minus(share.times(sum)));
    shares.push(share);
    remainders.push(remainder);
    remaindersSum += remainder;
  }
  // units × Σw − Σ shares × Σw = Σ remainders: the units left over, each remainder below Σw
  let left = remaindersSum / sumOf(weights);
  if (left > 0) {
    const order = weights.map((_, index) => index);
    order.sort((a, b) => (remainders[b] as number) - (remainders[a] as number) || a - b);
    for (const index of order) {
      if (left === 0) break;
      shares[index] = (shares[index] as Big).plus(1);
      left -= 1;
    }
  }
  // times, unlike div, never rounds: exact whatever the constructor's places
  return shares.map((share) => text(share.times(unit)));
}
