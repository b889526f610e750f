import { z } from 'zod';

// zod's own messages (type errors and the like) in Spanish, for every schema in the product
z.config(z.locales.es());

/** Functions that take no payload accept what the Firebase SDK sends for "no data" (null), or nothing, or {}. */
export const noInputSchema = z.union([z.null(), z.undefined(), z.strictObject({})], {
  error: 'esta función no recibe datos',
});

export const messageSchema = z.string();

/** The version a save was based on (the EDP's, the project's): a whole number from 1. */
export const versionSchema = z
  .number({ error: 'debe ser un número' })
  .int({ error: 'debe ser un número entero' })
  .min(1, { error: 'debe ser 1 o más' });

/** A calendar date written YYYY-MM-DD that really exists (no 2025-02-30). */
export const isoDateSchema = z.string().refine(
  (value) => {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (!match) return false;
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const date = new Date(Date.UTC(year, month - 1, day));
    return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  },
  { error: 'debe ser una fecha válida (AAAA-MM-DD)' },
);
