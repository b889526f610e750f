import { describe, expect, it } from 'vitest';
import { formatDecimal, formatMoney, formatNumber } from './money';

describe('formatMoney', () => {
  it('groups CLP thousands with dots and no decimals', () => {
    expect(formatMoney('1234567', 'CLP')).toBe('$1.234.567');
  });

  it('groups 4-digit CLP amounts too, which the es-CL Intl formatter leaves ungrouped', () => {
    expect(formatMoney('1000', 'CLP')).toBe('$1.000');
    expect(formatMoney(9999, 'CLP')).toBe('$9.999');
  });

  it('leaves amounts under a thousand ungrouped', () => {
    expect(formatMoney('0', 'CLP')).toBe('$0');
    expect(formatMoney('999', 'CLP')).toBe('$999');
  });

  it('rounds CLP half away from zero', () => {
    expect(formatMoney('1234.5', 'CLP')).toBe('$1.235');
    expect(formatMoney('1234.49', 'CLP')).toBe('$1.234');
    expect(formatMoney('-1234.5', 'CLP')).toBe('-$1.235');
    expect(formatMoney('999999.5', 'CLP')).toBe('$1.000.000');
  });

  it('writes UF with two decimals after a comma', () => {
    expect(formatMoney('1234.56', 'UF')).toBe('UF 1.234,56');
    expect(formatMoney('1234.5', 'UF')).toBe('UF 1.234,50');
    expect(formatMoney('0.005', 'UF')).toBe('UF 0,01');
  });

  it('writes dollars, thousands of dollars and millions of dollars with their Chilean prefixes', () => {
    expect(formatMoney('1234.56', 'USD')).toBe('US$1.234,56');
    expect(formatMoney('1500', 'MUSD')).toBe('MUS$1.500,00');
    expect(formatMoney('2.75', 'MMUSD')).toBe('MMUS$2,75');
  });

  it('keeps exact decimals beyond float precision', () => {
    expect(formatMoney('123456789012345678', 'CLP')).toBe('$123.456.789.012.345.678');
  });

  it('never shows a negative zero', () => {
    expect(formatMoney('-0.001', 'UF')).toBe('UF 0,00');
  });

  it('refuses text that is not a decimal', () => {
    expect(() => formatMoney('12,5', 'CLP')).toThrow(RangeError);
    expect(() => formatMoney('abc', 'UF')).toThrow(RangeError);
    expect(() => formatMoney(Number.NaN, 'UF')).toThrow(RangeError);
  });
});

describe('formatNumber', () => {
  it('uses es-CL separators', () => {
    expect(formatNumber(1234567.891, 2)).toBe('1.234.567,89');
    expect(formatNumber('1000')).toBe('1.000');
  });
});

describe('formatDecimal', () => {
  it('keeps every decimal a value has, in es-CL notation', () => {
    expect(formatDecimal('7.5')).toBe('7,5');
    expect(formatDecimal(120.25)).toBe('120,25');
    expect(formatDecimal('1234567.125')).toBe('1.234.567,125');
    expect(formatDecimal(2)).toBe('2');
  });
});
