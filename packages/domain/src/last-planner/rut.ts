/**
 * Issue 36, 'Empresas': a company's RUT (Rol Único Tributario), checked by its check digit
 * (docs/LAST-PLANNER.md "RUT"). Modulo 11: the body's digits from the right are multiplied by 2, 3,
 * 4, 5, 6, 7 and again 2, 3…; the digit is 11 − (sum mod 11), written 0 when that is 11 and K when
 * it is 10. Pure: the companies' screen checks as it is typed, the server before it writes.
 */

export type RutCheck = { ok: true; rut: string } | { ok: false; error: string };

/** A RUT's body has 7 or 8 digits (1.000.000 to 99.999.999), leading zeros aside. */
export const RUT_MIN_BODY_DIGITS = 7;
export const RUT_MAX_BODY_DIGITS = 8;

export const RUT_MESSAGES = {
  empty: 'El RUT es obligatorio',
  format: 'El RUT solo lleva números, puntos, un guion y el dígito verificador (0 a 9 o K), como 12.345.678-5',
  short: 'El RUT es demasiado corto: lleva 7 u 8 dígitos antes del dígito verificador',
  long: 'El RUT es demasiado largo: lleva 7 u 8 dígitos antes del dígito verificador',
  checkDigit: 'El dígito verificador del RUT no corresponde',
} as const;

/** The check digit of a RUT's body (its digits, without dots): '0'–'9' or 'K'. */
export function rutCheckDigit(body: string): string {
  let sum = 0;
  let factor = 2;
  for (let i = body.length - 1; i >= 0; i -= 1) {
    sum += Number(body[i]) * factor;
    factor = factor === 7 ? 2 : factor + 1;
  }
  const digit = 11 - (sum % 11);
  if (digit === 11) return '0';
  if (digit === 10) return 'K';
  return String(digit);
}

/** '12345678' → '12.345.678' */
function withDots(body: string): string {
  return body.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

// the body either plain or with its dots every three digits, then an optional dash and the digit
const RUT_TEXT = /^(\d+|\d{1,3}(?:\.\d{3})+)-?([0-9kK])$/;

/**
 * A RUT as typed ('12345678-5', '12.345.678-5', '123456785', 'k' or 'K'; spaces around are
 * ignored) → the RUT written '12.345.678-5' (K upper-case), or the Spanish reason it is refused:
 * empty, a character that is not a digit, a dot, the dash or the check digit (dots must group
 * the digits by three), too short or too long, or a check digit that does not correspond.
 */
export function checkRut(text: string): RutCheck {
  const typed = text.trim();
  if (typed === '') return { ok: false, error: RUT_MESSAGES.empty };
  const match = RUT_TEXT.exec(typed);
  if (!match) return { ok: false, error: RUT_MESSAGES.format };
  const body = (match[1] ?? '').replaceAll('.', '').replace(/^0+/, '');
  const digit = (match[2] ?? '').toUpperCase();
  if (body.length < RUT_MIN_BODY_DIGITS) return { ok: false, error: RUT_MESSAGES.short };
  if (body.length > RUT_MAX_BODY_DIGITS) return { ok: false, error: RUT_MESSAGES.long };
  if (rutCheckDigit(body) !== digit) return { ok: false, error: RUT_MESSAGES.checkDigit };
  return { ok: true, rut: `${withDots(body)}-${digit}` };
}
