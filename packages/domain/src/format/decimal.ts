/**
 * Exact decimals for money (budgets): carried as strings, never as binary floats. The canonical
 * form has no sign, no leading zeros, no trailing fraction zeros and '.' as the separator:
 * "1234567", "1234.5", "0".
 */
export const MAX_DECIMAL_INTEGER_DIGITS = 18;
export const MAX_DECIMAL_FRACTION_DIGITS = 4;

const PLAIN_DECIMAL = /^(\d+)(?:\.(\d*))?$/;

export type DecimalParseResult = { ok: true; value: string } | { ok: false; error: string };

/**
 * Reads a non-negative decimal from a string ("1234.50") or a JS number (1234.5). Numbers are taken
 * by their shortest round-trip text, so 0.1 + 0.2 (0.30000000000000004) is refused for having too
 * many decimals instead of being silently rounded. Errors are Spanish, for the field's message.
 */
export function parseDecimal(input: string | number): DecimalParseResult {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return { ok: false, error: 'debe ser un número' };
    if (input < 0) return { ok: false, error: 'no puede ser negativo' };
    text = String(input);
    // very large or very small numbers print in exponent notation
    if (/e/i.test(text)) {
      return input >= 1
        ? { ok: false, error: `debe tener como máximo ${MAX_DECIMAL_INTEGER_DIGITS} dígitos enteros` }
        : { ok: false, error: `admite como máximo ${MAX_DECIMAL_FRACTION_DIGITS} decimales` };
    }
  } else {
    text = input.trim();
  }
  if (text.startsWith('-')) return { ok: false, error: 'no puede ser negativo' };
  const match = PLAIN_DECIMAL.exec(text);
  if (!match) return { ok: false, error: 'debe ser un número decimal, por ejemplo 1234567.89' };
  const integer = (match[1] ?? '0').replace(/^0+(?=\d)/, '');
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (integer.length > MAX_DECIMAL_INTEGER_DIGITS) {
    return { ok: false, error: `debe tener como máximo ${MAX_DECIMAL_INTEGER_DIGITS} dígitos enteros` };
  }
  if (fraction.length > MAX_DECIMAL_FRACTION_DIGITS) {
    return { ok: false, error: `admite como máximo ${MAX_DECIMAL_FRACTION_DIGITS} decimales` };
  }
  return { ok: true, value: fraction === '' ? integer : `${integer}.${fraction}` };
}

/** The canonical form of a decimal the database gives back ("1234.5000" from PostgreSQL → "1234.5"). */
export function canonicalDecimal(stored: string | number): string {
  const result = parseDecimal(stored);
  if (!result.ok) throw new RangeError(`Decimal almacenado no válido: ${String(stored)}`);
  return result.value;
}

/**
 * What a Chilean user types in an amount field, as a canonical decimal: '.' groups thousands and
 * ',' separates decimals ("1.234.567,89" → "1234567.89"); "$" and "UF" are ignored. A lone '.'
 * followed by other than exactly three digits is read as a decimal point ("1234.5"), since
 * nobody groups that way. Errors are Spanish, for the field's helper text.
 */
export function parseChileanDecimal(text: string): DecimalParseResult {
  const cleaned = text.replace(/\s|\$|UF/gi, '');
  if (cleaned === '') return { ok: false, error: 'es obligatorio' };
  let plain: string;
  if (cleaned.includes(',')) {
    if (cleaned.indexOf(',') !== cleaned.lastIndexOf(',')) return { ok: false, error: 'tiene más de una coma decimal' };
    const [integer = '', fraction = ''] = cleaned.split(',');
    if (integer.includes('.') && !/^\d{1,3}(\.\d{3})+$/.test(integer)) {
      return { ok: false, error: 'los puntos deben separar miles, por ejemplo 1.234.567,89' };
    }
    plain = `${integer.replace(/\./g, '') || '0'}.${fraction}`;
  } else if (/^\d{1,3}(\.\d{3})+$/.test(cleaned)) {
    plain = cleaned.replace(/\./g, '');
  } else {
    plain = cleaned;
  }
  const result = parseDecimal(plain);
  if (!result.ok && result.error.startsWith('debe ser un número decimal')) {
    return { ok: false, error: 'debe ser un monto, por ejemplo 1.234.567,89' };
  }
  return result;
}
