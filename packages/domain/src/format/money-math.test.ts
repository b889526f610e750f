import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDecimals,
  clpToUf,
  compareDecimals,
  divideDecimals,
  multiplyDecimals,
  percentOf,
  ratioPercent,
  roundClp,
  roundMoney,
  roundUf,
  spreadAmount,
  subtractDecimals,
  ufToClp,
} from './money-math';

describe('money arithmetic is exact (issue 16)', () => {
  it('adds and multiplies without binary-float error', () => {
    expect(addDecimals('0.1', '0.2')).toBe('0.3');
    expect(addDecimals('999999999999999999.9999', '0.0001')).toBe('1000000000000000000');
    expect(multiplyDecimals('1234.5678', '39123.45')).toBe('48300551.59491');
    expect(subtractDecimals('10', '10.5')).toBe('-0.5');
    expect(percentOf('1000000', '5')).toBe('50000');
    expect(percentOf('33333', '33.3333')).toBe('11110.988889');
    expect(divideDecimals('1', '3')).toBe('0.3333333333333333333333333333333333333333');
    expect(() => divideDecimals('1', '0')).toThrow(RangeError);
    expect(compareDecimals('2.50', '2.5')).toBe(0);
    expect(compareDecimals('-1', '0')).toBe(-1);
    expect(() => addDecimals('1e3')).toThrow(RangeError);
  });
});

describe('ratioPercent (issue 33): a part as a percentage of the whole, 2 decimals', () => {
  it('multiplies before it divides, and rounds half up once', () => {
    // 12.505 / 21.006 = 0,595306… → 59,53 %; 1 / 8 = 12,5 %; 5/11 = 45,4545… → 45,45 %
    expect(ratioPercent('12505', '21006')).toBe('59.53');
    expect(ratioPercent('1', '8')).toBe('12.5');
    expect(ratioPercent('500000', '1100000')).toBe('45.45');
    // 0,00005 of 1 is 0,005 %: half up to 0,01
    expect(ratioPercent('0.00005', '1')).toBe('0.01');
    expect(() => ratioPercent('1', '0')).toThrow(RangeError);
  });
});

describe('rounding rules (issue 16), half away from zero', () => {
  it('CLP to whole pesos', () => {
    expect(roundClp('1234.5')).toBe('1235');
    expect(roundClp('1234.4999')).toBe('1234');
    expect(roundClp('-1234.5')).toBe('-1235');
    expect(roundClp('-0.4')).toBe('0');
    expect(roundMoney('10.005', 'USD')).toBe('10.01');
  });

  it('UF to 4 decimals in storage and 2 for display', () => {
    expect(roundUf('12.34565')).toBe('12.3457');
    expect(roundUf('12.34565', 'display')).toBe('12.35');
    expect(roundUf('12.345', 'display')).toBe('12.35');
    expect(roundUf('-12.345', 'display')).toBe('-12.35');
    expect(roundMoney('0.00005', 'UF')).toBe('0.0001');
  });

  it('converts UF and CLP at a UF value: whole pesos one way, 4 decimals the other', () => {
    // 1,500.25 UF at $39,123.45 = $58,694,955.8625 → $58,694,956
    expect(ufToClp('1500.25', '39123.45')).toBe('58694956');
    // and back: 1,500.2500035… UF → 1,500.25
    expect(clpToUf('58694956', '39123.45')).toBe('1500.25');
    expect(clpToUf('1', '39123.45')).toBe('0');
    expect(clpToUf('2', '39123.45')).toBe('0.0001');
  });
});

describe('spreadAmount (issue 16): an amount over its tasks by working days', () => {
  it('gives each share its part, rounded, the shares summing exactly to the amount', () => {
    // $1,000,000 over 3, 3 and 4 days: 300,000 / 300,000 / 400,000
    expect(spreadAmount('1000000', [3, 3, 4], 0)).toEqual(['300000', '300000', '400000']);
    // $100 over three equal tasks: 33.33… each; the peso left over goes to the first
    expect(spreadAmount('100', [1, 1, 1], 0)).toEqual(['34', '33', '33']);
    // the largest remainder wins: 10 over 1, 2, 4 days = 1.43, 2.86, 5.71 → 1, 3, 6
    expect(spreadAmount('10', [1, 2, 4], 0)).toEqual(['1', '3', '6']);
    // UF to 4 decimals
    expect(spreadAmount('1', [1, 1, 1], 4)).toEqual(['0.3334', '0.3333', '0.3333']);
    // milestones only (no working days): equal shares; a milestone among tasks takes nothing
    expect(spreadAmount('10', [0, 0], 0)).toEqual(['5', '5']);
    expect(spreadAmount('10', [0, 5], 0)).toEqual(['0', '10']);
    expect(spreadAmount('-10', [1, 1, 1], 0)).toEqual(['-4', '-3', '-3']);
    expect(spreadAmount('10', [], 0)).toEqual([]);
    expect(() => spreadAmount('10', [1, -1], 0)).toThrow(RangeError);
  });

  it('property: the shares always add up to the rounded amount, each within one unit of its exact part', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -10_000_000, max: 10_000_000 }),
        fc.array(fc.integer({ min: 0, max: 400 }), { minLength: 1, maxLength: 30 }),
        fc.constantFrom(0, 2, 4),
        (cents, weights, decimals) => {
          const total = (cents / 100).toFixed(2);
          const shares = spreadAmount(total, weights, decimals);
          expect(shares).toHaveLength(weights.length);
          expect(compareDecimals(addDecimals(...shares), roundMoneyTo(total, decimals))).toBe(0);
          const sum = weights.reduce((a, b) => a + b, 0);
          shares.forEach((share, index) => {
            const exact =
              sum === 0 ? Number(total) / weights.length : (Number(total) * (weights[index] as number)) / sum;
            expect(Math.abs(Number(share) - exact)).toBeLessThan(10 ** -decimals + 1e-9);
          });
        },
      ),
    );
  });
});

describe('spreadAmount with whole weights (the exact integer path)', () => {
  it('gives the same shares as the general path on the same ratios', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -10_000_000_000, max: 10_000_000_000 }),
        fc.array(fc.integer({ min: 0, max: 400 }), { minLength: 1, maxLength: 40 }),
        fc.constantFrom(0, 2, 4),
        (cents, weights, decimals) => {
          const total = (cents / 100).toFixed(2);
          // halved with one odd weight first: not whole, so the general path, on exactly the same ratios
          const halves = [1, ...weights].map((weight) => weight / 2);
          const general = spreadAmount(total, halves, decimals);
          expect(spreadAmount(total, [1, ...weights], decimals)).toEqual(general);
        },
      ),
    );
  });

  it('ranks equal remainders by position and works past 2^53 units', () => {
    expect(spreadAmount('7', [1, 1, 1, 1], 0)).toEqual(['2', '2', '2', '1']);
    expect(spreadAmount('-7', [1, 1, 1, 1], 0)).toEqual(['-2', '-2', '-2', '-1']);
    // 10^16 pesos over 3 and 7 days, far beyond the numbers' exact range
    expect(spreadAmount('10000000000000001', [3, 7], 0)).toEqual(['3000000000000000', '7000000000000001']);
    expect(spreadAmount('0.0005', [1, 1], 4)).toEqual(['0.0003', '0.0002']);
  });
});

function roundMoneyTo(value: string, decimals: number): string {
  return decimals === 0 ? roundClp(value) : decimals === 2 ? roundMoney(value, 'USD') : roundUf(value);
}
