import { describe, expect, it } from 'vitest';
import { decimalText, parsePriceText, parseUnitText } from './edp-price-text';

describe('EDP price text', () => {
  it('shows a decimal the Chilean way with every decimal it has, and nothing when not set', () => {
    expect(decimalText('1234.5')).toBe('1.234,5');
    expect(decimalText('2500000')).toBe('2.500.000');
    expect(decimalText('0.0123')).toBe('0,0123');
    expect(decimalText(undefined)).toBe('');
  });

  it('reads what a Chilean user types; empty means not set', () => {
    expect(parsePriceText('1.234,5')).toEqual({ ok: true, value: '1234.5' });
    expect(parsePriceText('12,5')).toEqual({ ok: true, value: '12.5' });
    expect(parsePriceText('1.234')).toEqual({ ok: true, value: '1234' });
    expect(parsePriceText('12.5')).toEqual({ ok: true, value: '12.5' });
    expect(parsePriceText('$ 35.000')).toEqual({ ok: true, value: '35000' });
    expect(parsePriceText('  ')).toEqual({ ok: true, value: undefined });
  });

  it('refuses what is not a number with a Spanish message', () => {
    expect(parsePriceText('doce')).toEqual({ ok: false, error: 'debe ser un número, por ejemplo 1.234,5' });
    expect(parsePriceText('-3')).toEqual({ ok: false, error: 'no puede ser negativo' });
    expect(parsePriceText('1,23456')).toEqual({ ok: false, error: 'admite como máximo 4 decimales' });
    expect(parsePriceText('1,2,3')).toEqual({ ok: false, error: 'tiene más de una coma decimal' });
  });

  it('takes a unit of up to 20 characters, trimmed', () => {
    expect(parseUnitText(' m2 ')).toEqual({ ok: true, value: 'm2' });
    expect(parseUnitText('')).toEqual({ ok: true, value: undefined });
    expect(parseUnitText('x'.repeat(21))).toEqual({ ok: false, error: 'debe tener como máximo 20 caracteres' });
  });
});
