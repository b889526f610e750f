import { describe, expect, it } from 'vitest';
import { checkRut, rutCheckDigit } from './rut';

describe('checkRut (módulo 11)', () => {
  it('computes check digits worked by hand', () => {
    // 76086428: from the right 8·2 + 2·3 + 4·4 + 6·5 + 8·6 + 0·7 + 6·2 + 7·3 = 16+6+16+30+48+0+12+21 = 149;
    // 149 mod 11 = 6; 11 − 6 = 5
    expect(rutCheckDigit('76086428')).toBe('5');
    // 11111111: 1·(2+3+4+5+6+7+2+3) = 32; 32 mod 11 = 10; 11 − 10 = 1
    expect(rutCheckDigit('11111111')).toBe('1');
    // 10000013: 3·2 + 1·3 + 1·3 (the 8th digit, factor 3) = 12; 12 mod 11 = 1; 11 − 1 = 10 → K
    expect(rutCheckDigit('10000013')).toBe('K');
    // 10000004: 4·2 + 1·3 = 11; 11 mod 11 = 0; 11 − 0 = 11 → 0
    expect(rutCheckDigit('10000004')).toBe('0');
    // 12345678: 8·2 + 7·3 + 6·4 + 5·5 + 4·6 + 3·7 + 2·2 + 1·3 = 138; 138 mod 11 = 6; 11 − 6 = 5
    expect(rutCheckDigit('12345678')).toBe('5');
    // 60803000 (the SII): 0·2 + 0·3 + 0·4 + 3·5 + 0·6 + 8·7 + 0·2 + 6·3 = 89; 89 mod 11 = 1 → K
    expect(rutCheckDigit('60803000')).toBe('K');
    // 12345675: 5·2 + 7·3 + 6·4 + 5·5 + 4·6 + 3·7 + 2·2 + 1·3 = 132 = 12 × 11 → 0
    expect(rutCheckDigit('12345675')).toBe('0');
  });

  it('accepts the ways people write it and answers it with dots and a dash', () => {
    for (const text of ['76.086.428-5', '76086428-5', '760864285', ' 76.086.428-5 '])
      expect(checkRut(text)).toEqual({ ok: true, rut: '76.086.428-5' });
    expect(checkRut('10000013-k')).toEqual({ ok: true, rut: '10.000.013-K' });
    expect(checkRut('10.000.004-0')).toEqual({ ok: true, rut: '10.000.004-0' });
    expect(checkRut('1.111.111-4')).toEqual({ ok: true, rut: '1.111.111-4' });
  });

  it('refuses, in Spanish, a wrong check digit, an empty text, letters and a wrong length', () => {
    expect(checkRut('76.086.428-4')).toEqual({ ok: false, error: 'El dígito verificador del RUT no corresponde' });
    expect(checkRut('')).toEqual({ ok: false, error: 'El RUT es obligatorio' });
    expect(checkRut('76.O86.428-5').ok).toBe(false);
    expect(checkRut('ABC')).toMatchObject({ ok: false, error: expect.stringContaining('12.345.678-5') });
    expect(checkRut('1234-3')).toEqual({ ok: false, error: 'El RUT es demasiado corto' });
    expect(checkRut('123.456.789-2')).toEqual({ ok: false, error: 'El RUT es demasiado largo' });
  });

  it('every body has exactly one check digit that passes', () => {
    for (const body of ['5126663', '12345678', '20000000', '99999999']) {
      const passing = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'K'].filter(
        (digit) => checkRut(`${body}-${digit}`).ok,
      );
      expect(passing).toEqual([rutCheckDigit(body)]);
    }
  });
});
