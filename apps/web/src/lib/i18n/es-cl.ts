import { esCLFirst } from './es-cl-first';
import { esCLRest } from './es-cl-rest';

/**
 * The product's own words (product-spec.md), es-CL. Keys name what the text means, not where it sits.
 * Kept in two parts so /login loads only the first (es-cl-first.ts, es-cl-rest.ts); this whole one is
 * the catalogue's type and what the tests read.
 */
export const esCL = { ...esCLFirst, ...esCLRest };
