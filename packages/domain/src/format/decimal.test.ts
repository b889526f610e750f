import { describe, expect, it } from 'vitest';
import { canonicalDecimal, parseChileanDecimal, parseDecimal } from './decimal';

describe('parseDecimal', () => {
  it.each([
    ['1234567', '1234567'],
    ['1234.50', '1234.5'],
    ['0001.0000', '1'],
    ['0', '0'],
    ['0.0', '0'],
    [' 12.3456 ', '12.3456'],
    ['999999999999999999.9999', '999999999999999999.9999'],
    ['5.', '5'],
  ])('reads the string %j as %j', (input, expected) => {
    expect(parseDecimal(input)).toEqual({ ok: true, value: expected });
  });

  it.each([
    [1234567, '1234567'],
    [1234.5, '1234.5'],
    [0, '0'],
    [0.25, '0.25'],
  ])('reads the number %j as %j', (input, expected) => {
    expect(parseDecimal(input)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['-1', 'no puede ser negativo'],
    [-0.5, 'no puede ser negativo'],
    ['1,5', 'debe ser un número decimal, por ejemplo 1234567.89'],
    ['abc', 'debe ser un número decimal, por ejemplo 1234567.89'],
    ['', 'debe ser un número decimal, por ejemplo 1234567.89'],
    ['1e5', 'debe ser un número decimal, por ejemplo 1234567.89'],
    ['1.23456', 'admite como máximo 4 decimales'],
    [0.1 + 0.2, 'admite como máximo 4 decimales'],
    [1e-7, 'admite como máximo 4 decimales'],
    ['1234567890123456789', 'debe tener como máximo 18 dígitos enteros'],
    [1e21, 'debe tener como máximo 18 dígitos enteros'],
    [Number.NaN, 'debe ser un número'],
    [Number.POSITIVE_INFINITY, 'debe ser un número'],
  ])('refuses %j: %s', (input, error) => {
    expect(parseDecimal(input)).toEqual({ ok: false, error });
  });
});

describe('canonicalDecimal', () => {
  it('turns what PostgreSQL numeric(22,4) gives back into the canonical form', () => {
    expect(canonicalDecimal('1234.5000')).toBe('1234.5');
    expect(canonicalDecimal('0.0000')).toBe('0');
  });

  it('throws on a value that is not a decimal (a corrupted row, never user input)', () => {
    expect(() => canonicalDecimal('x')).toThrow(RangeError);
  });
});

describe('parseChileanDecimal', () => {
  it.each([
    ['1.234.567', '1234567'],
    ['1.234.567,89', '1234567.89'],
    ['1234567,5', '1234567.5'],
    ['$ 1.000', '1000'],
    ['UF 2.500,25', '2500.25'],
    ['1234.5', '1234.5'],
    ['1234567', '1234567'],
    [',5', '0.5'],
    ['0', '0'],
  ])('reads %j as %j', (input, expected) => {
    expect(parseChileanDecimal(input)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['', 'es obligatorio'],
    ['1,2,3', 'tiene más de una coma decimal'],
    ['12.34,5', 'los puntos deben separar miles, por ejemplo 1.234.567,89'],
    ['mil', 'debe ser un monto, por ejemplo 1.234.567,89'],
    ['-5', 'no puede ser negativo'],
    ['1,23456', 'admite como máximo 4 decimales'],
  ])('refuses %j: %s', (input, error) => {
    expect(parseChileanDecimal(input)).toEqual({ ok: false, error });
  });
});
