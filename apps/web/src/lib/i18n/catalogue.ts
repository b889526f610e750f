import type { esCL } from './es-cl';

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** Every catalogue has exactly the es-CL keys; the compiler reports a missing or extra one. */
export type Catalogue = Widen<typeof esCL>;

export const languages = ['es-CL', 'en-US'] as const;
export type Language = (typeof languages)[number];
export const DEFAULT_LANGUAGE: Language = 'es-CL';
