import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RUT_MESSAGES, checkRut, rutCheckDigit } from './rut';

describe('checkRut (issue 36, Empresas): modulo 11 with factors 2..7 from the right', () => {
  it('11.111.111-1: eight 1s × (2+3+4+5+6+7+2+3 = 32) = 32; 32 mod 11 = 10; 11 − 10 = 1', () => {
    expect(rutCheckDigit('11111111')).toBe('1');
    expect(checkRut('11.111.111-1')).toEqual({ ok: true, rut: '11.111.111-1' });
  });

  it('12.345.678-5: 8×2 + 7×3 + 6×4 + 5×5 + 4×6 + 3×7 + 2×2 + 1×3 = 138; 138 mod 11 = 6; 11 − 6 = 5', () => {
    expect(rutCheckDigit('12345678')).toBe('5');
    // the three ways it is typed give the same RUT
    for (const typed of ['12345678-5', '12.345.678-5', '123456785', ' 12.345.678-5 '])
      expect(checkRut(typed)).toEqual({ ok: true, rut: '12.345.678-5' });
  });

  it('76.086.428-5: 8×2 + 2×3 + 4×4 + 6×5 + 8×6 + 0×7 + 6×2 + 7×3 = 149; 149 mod 11 = 6; 11 − 6 = 5', () => {
    expect(checkRut('76086428-5')).toEqual({ ok: true, rut: '76.086.428-5' });
  });

  it('a K: 60.803.000-K (the SII): 0×2 + 0×3 + 0×4 + 3×5 + 0×6 + 8×7 + 0×2 + 6×3 = 89; 89 mod 11 = 1; 11 − 1 = 10 → K', () => {
    expect(rutCheckDigit('60803000')).toBe('K');
    expect(checkRut('60803000-k')).toEqual({ ok: true, rut: '60.803.000-K' });
    expect(checkRut('60.803.000-K')).toEqual({ ok: true, rut: '60.803.000-K' });
    expect(checkRut('60803000k')).toEqual({ ok: true, rut: '60.803.000-K' });
  });

  it('a K with 7 digits: 1.000.005-K: 5×2 + 0 + 0 + 0 + 0 + 0 + 1×2 = 12; 12 mod 11 = 1 → K', () => {
    expect(checkRut('1000005-K')).toEqual({ ok: true, rut: '1.000.005-K' });
  });

  it('a 0: 12.345.675-0: 5×2 + 7×3 + 6×4 + 5×5 + 4×6 + 3×7 + 2×2 + 1×3 = 132 = 12 × 11; 11 − 0 = 11 → 0', () => {
    expect(rutCheckDigit('12345675')).toBe('0');
    expect(checkRut('12.345.675-0')).toEqual({ ok: true, rut: '12.345.675-0' });
  });

  it('refuses a wrong check digit with the issue’s words', () => {
    expect(checkRut('12.345.678-K')).toEqual({ ok: false, error: 'El dígito verificador del RUT no corresponde' });
    expect(checkRut('11.111.111-2')).toEqual({ ok: false, error: RUT_MESSAGES.checkDigit });
    expect(checkRut('12.345.675-K')).toEqual({ ok: false, error: RUT_MESSAGES.checkDigit });
  });

  it('refuses empty, letters, misplaced dots, too short and too long', () => {
    expect(checkRut('')).toEqual({ ok: false, error: 'El RUT es obligatorio' });
    expect(checkRut('   ')).toEqual({ ok: false, error: RUT_MESSAGES.empty });
    for (const typed of ['12.345.67A-5', 'abc', '12.345.678-X', '1234.5678-5', '12,345,678-5', '12.345.678--5', '-5'])
      expect(checkRut(typed)).toEqual({ ok: false, error: RUT_MESSAGES.format });
    // 123.456-0 has a right check digit (6×2+5×3+4×4+3×5+2×6+1×7 = 77 = 7 × 11 → 0) but six digits
    expect(checkRut('123.456-0')).toEqual({ ok: false, error: RUT_MESSAGES.short });
    expect(checkRut('5')).toEqual({ ok: false, error: RUT_MESSAGES.format });
    expect(checkRut('123.456.789-2')).toEqual({ ok: false, error: RUT_MESSAGES.long });
  });

  it('leading zeros do not count: 01.000.005-K is 1.000.005-K', () => {
    expect(checkRut('01.000.005-K')).toEqual({ ok: true, rut: '1.000.005-K' });
  });

  it('property: every body of 7 or 8 digits with its own check digit is accepted, in any of the three forms', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1_000_000, max: 99_999_999 }), (n) => {
        const body = String(n);
        const digit = rutCheckDigit(body);
        const expected = checkRut(`${body}-${digit}`);
        expect(expected.ok).toBe(true);
        expect(checkRut(`${body}${digit.toLowerCase()}`)).toEqual(expected);
        if (expected.ok) expect(checkRut(expected.rut)).toEqual(expected);
        // any other digit is refused
        const other = digit === '0' ? '1' : '0';
        expect(checkRut(`${body}-${other}`)).toEqual({ ok: false, error: RUT_MESSAGES.checkDigit });
      }),
    );
  });
});
