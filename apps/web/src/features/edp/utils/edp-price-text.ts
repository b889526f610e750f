import { MAX_UNIT, formatDecimal, parseChileanDecimal } from '@cimiento/domain';

/**
 * The EDP's price fields as the editor shows and takes them (issue 16; docs/COSTS.md): quantities
 * and unit prices are exact decimal strings ("1234.5"), shown and typed the Chilean way
 * ('1.234,5'). An empty field means "not set".
 */

/** A quantity or unit price as shown and as its field starts: '1.234,5' (every decimal kept); '' when not set. */
export function decimalText(value: string | undefined): string {
  return value === undefined ? '' : formatDecimal(value);
}

export type PriceFieldResult = { ok: true; value: string | undefined } | { ok: false; error: string };

/** What the user typed in Cantidad or Precio unitario: '' → not set; else a Chilean decimal (Spanish error). */
export function parsePriceText(text: string): PriceFieldResult {
  if (text.trim() === '') return { ok: true, value: undefined };
  const parsed = parseChileanDecimal(text);
  if (parsed.ok) return parsed;
  const error = parsed.error.startsWith('debe ser un monto') ? 'debe ser un número, por ejemplo 1.234,5' : parsed.error;
  return { ok: false, error };
}

/** The unit typed ('m2', 'ml', …): trimmed, '' → not set; at most MAX_UNIT characters. */
export function parseUnitText(text: string): PriceFieldResult {
  const unit = text.trim();
  if (unit === '') return { ok: true, value: undefined };
  if (unit.length > MAX_UNIT) return { ok: false, error: `debe tener como máximo ${MAX_UNIT} caracteres` };
  return { ok: true, value: unit };
}
