/**
 * Issue 36: a Chilean RUT ('Rol Único Tributario') checked by its check digit (módulo 11): the body's
 * digits from the right times 2, 3, 4, 5, 6, 7, 2, 3, …, summed; 11 − (sum mod 11) is the digit, with
 * 11 → 0 and 10 → K. Written as people write it: '76.086.428-5'.
 */

export type RutCheck = { ok: true; rut: string } | { ok: false; error: string };

/** The check digit of a RUT's body (its digits without the check digit). */
export function rutCheckDigit(body: string): string {
  let sum = 0;
  let factor = 2;
  for (let index = body.length - 1; index >= 0; index -= 1) {
    sum += Number(body[index]) * factor;
    factor = factor === 7 ? 2 : factor + 1;
  }
  const digit = 11 - (sum % 11);
  return digit === 11 ? '0' : digit === 10 ? 'K' : String(digit);
}

/** '76086428' + '5' → '76.086.428-5'. */
function formatRut(body: string, digit: string): string {
  return `${body.replace(/\B(?=(\d{3})+(?!\d))/g, '.')}-${digit}`;
}

/**
 * Accepts '76.086.428-5', '76086428-5' or '760864285' (k or K); answers it written with dots and a
 * dash, or the Spanish reason it is not a RUT.
 */
export function checkRut(text: string): RutCheck {
  const compact = text.trim().replaceAll('.', '').replaceAll(' ', '');
  if (compact === '') return { ok: false, error: 'El RUT es obligatorio' };
  const match = /^(\d{1,9})-?([\dkK])$/.exec(compact);
  if (!match)
    return { ok: false, error: 'El RUT debe tener la forma 12.345.678-5 (números y un dígito verificador 0-9 o K)' };
  const body = (match[1] ?? '').replace(/^0+/, '');
  const digit = (match[2] ?? '').toUpperCase();
  if (body.length < 6) return { ok: false, error: 'El RUT es demasiado corto' };
  if (body.length > 8) return { ok: false, error: 'El RUT es demasiado largo' };
  if (rutCheckDigit(body) !== digit) return { ok: false, error: 'El dígito verificador del RUT no corresponde' };
  return { ok: true, rut: formatRut(body, digit) };
}
