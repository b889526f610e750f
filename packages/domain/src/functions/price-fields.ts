import { z } from 'zod';
import { parseDecimal } from '../format/decimal';
import { compareDecimals } from '../format/money-math';

/**
 * Exact decimal fields (issue 16): quantities, prices, percentages and UF values as canonical
 * decimal strings, and an EDP item's price fields. Apart from cost-contracts.ts so the EDP's
 * contracts can take them without an import cycle.
 */

/** A decimal string as answered (canonical: "1234.5", "0"). */
const decimalOutput = z.string();

/** An exact non-negative decimal as text or a number (read by its shortest text), canonical on output. */
export function decimalTextSchema(options: { max?: string; positive?: boolean } = {}) {
  return z.union([z.string(), z.number()], { error: 'debe ser un número decimal' }).transform((input, ctx) => {
    const parsed = parseDecimal(input);
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', message: parsed.error });
      return z.NEVER;
    }
    if (options.positive === true && /^0(\.0*)?$/.test(parsed.value)) {
      ctx.addIssue({ code: 'custom', message: 'debe ser mayor que 0' });
      return z.NEVER;
    }
    if (options.max !== undefined && compareDecimals(parsed.value, options.max) > 0) {
      ctx.addIssue({ code: 'custom', message: `debe ser como máximo ${options.max.replace('.', ',')}` });
      return z.NEVER;
    }
    return parsed.value;
  });
}

/** A percentage 0–100 with up to 4 decimals, as text. */
export const percentTextSchema = decimalTextSchema({ max: '100' });

/** The longest unit ('m2', 'ml', 'gl', 'un', 'm3', 'kg', 'hh', …). */
export const MAX_UNIT = 20;

/**
 * An EDP item's price fields as saveEdp and updateItemEdp take them (edp-contracts.ts). Each is
 * optional: absent keeps what is stored, null clears it. An item is priced when it has both a
 * quantity and a unit price; its `amount` is then quantity × unitPrice rounded as the project's
 * currency stores it (MONEY_DECIMALS: CLP whole pesos, UF 4 decimals, …).
 */
export const edpItemPriceInputShape = {
  unit: z
    .string({ error: 'debe ser texto' })
    .trim()
    .max(MAX_UNIT, { error: `debe tener como máximo ${MAX_UNIT} caracteres` })
    .nullable()
    .optional(),
  quantity: decimalTextSchema().nullable().optional(),
  unitPrice: decimalTextSchema().nullable().optional(),
};

/** The price fields an EDP item answers with (absent: not set). */
export const edpItemPriceOutputShape = {
  unit: z.string().optional(),
  quantity: decimalOutput.optional(),
  unitPrice: decimalOutput.optional(),
  /** quantity × unitPrice rounded as the currency stores it; absent unless both are set */
  amount: decimalOutput.optional(),
};
