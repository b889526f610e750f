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

// ---------------------------------------------------------------- text safety (issue 17, F1)

/**
 * C0 controls but tab, LF and CR; DEL; the C1 controls. PostgreSQL refuses NUL in text outright
 * (SQLite stores it), and none of them belongs in a name, a code or a note: one rule for both databases.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The first character text must not carry: a control character or half of a UTF-16 pair. */
export type UnsafeCharacter = { kind: 'control' | 'surrogate'; codePoint: number; index: number };

function isWellFormed(text: string): boolean {
  // String.prototype.isWellFormed (ES2024, Node 20) when there; the regex otherwise
  const native = (text as unknown as { isWellFormed?: () => boolean }).isWellFormed;
  return native ? native.call(text) : !LONE_SURROGATE.test(text);
}

/** The first control character or lone surrogate in `text`, or undefined when the text is safe to store. */
export function findUnsafeCharacter(text: string): UnsafeCharacter | undefined {
  const control = CONTROL_CHARACTER.exec(text);
  const surrogate = isWellFormed(text) ? null : LONE_SURROGATE.exec(text);
  const first = [control, surrogate]
    .filter((match): match is RegExpExecArray => match !== null)
    .sort((a, b) => a.index - b.index)[0];
  if (!first) return undefined;
  return {
    kind: first === control ? 'control' : 'surrogate',
    codePoint: first[0].charCodeAt(0),
    index: first.index,
  };
}

/** 'U+0000' */
function codePointText(codePoint: number): string {
  return `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The character as a message names it: 'un carácter de control (U+0000, NUL)'. */
export function unsafeCharacterText(character: UnsafeCharacter): string {
  const code = codePointText(character.codePoint);
  if (character.kind === 'surrogate') return `un carácter Unicode incompleto (${code}, sustituto suelto)`;
  return `un carácter de control (${character.codePoint === 0 ? `${code}, NUL` : code})`;
}

/** An object key as a path can show it: its unsafe characters written as \u0000. */
function printableKey(key: string): string {
  const escape = (unit: string) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`;
  return key
    .replace(new RegExp(CONTROL_CHARACTER.source, 'g'), escape)
    .replace(new RegExp(LONE_SURROGATE.source, 'g'), escape);
}

/** How many problems one payload reports at most (describeZodError shows the first). */
const MAX_TEXT_ISSUES = 10;

type Visit = { value: unknown; parent: Visit | undefined; key: PropertyKey | undefined };

function pathOf(visit: Visit): PropertyKey[] {
  const path: PropertyKey[] = [];
  for (let at: Visit | undefined = visit; at?.parent !== undefined; at = at.parent) path.push(at.key as PropertyKey);
  return path.reverse();
}

/**
 * Every string in a JSON-like value, object keys included, checked with findUnsafeCharacter. The walk
 * is iterative (a stack, not recursion), so a body nested 100,000 levels deep cannot overflow the
 * call stack; each node keeps only its parent, so paths are built only for the problems found.
 */
export function unsafeTextIssues(
  value: unknown,
  limit = MAX_TEXT_ISSUES,
): { path: PropertyKey[]; message: string; input: string }[] {
  const issues: { path: PropertyKey[]; message: string; input: string }[] = [];
  const seen = new Set<object>();
  const stack: Visit[] = [{ value, parent: undefined, key: undefined }];
  while (stack.length > 0 && issues.length < limit) {
    const visit = stack.pop() as Visit;
    const current = visit.value;
    if (typeof current === 'string') {
      const character = findUnsafeCharacter(current);
      if (character) {
        const path = pathOf(visit);
        const subject = path.length === 0 ? 'el texto no puede contener' : 'no puede contener';
        issues.push({
          path,
          message: `${subject} ${unsafeCharacterText(character)}; quítalo e inténtalo de nuevo`,
          input: current,
        });
      }
      continue;
    }
    if (typeof current !== 'object' || current === null || seen.has(current)) continue;
    seen.add(current);
    if (Array.isArray(current)) {
      // pushed last to first, so the walk meets the items in order
      for (let index = current.length - 1; index >= 0; index -= 1) {
        stack.push({ value: current[index], parent: visit, key: index });
      }
      continue;
    }
    const keys = Object.keys(current);
    for (let index = keys.length - 1; index >= 0; index -= 1) {
      const key = keys[index] as string;
      stack.push({ value: (current as Record<string, unknown>)[key], parent: visit, key });
    }
    for (const key of keys) {
      const character = findUnsafeCharacter(key);
      if (character && issues.length < limit) {
        issues.push({
          path: [...pathOf(visit), printableKey(key)],
          message: `el nombre de este campo no puede contener ${unsafeCharacterText(character)}; quítalo e inténtalo de nuevo`,
          input: key,
        });
      }
    }
  }
  return issues;
}

/**
 * issue 17 (F1): the one rule for text. Any JSON value passes unchanged unless a string in it, or a
 * key, holds a control character (C0 but tab, LF and CR; DEL; C1) or a lone surrogate; then each
 * problem (up to ten) is an issue with its path, so describeZodError answers e.g.
 * 'object.name: no puede contener un carácter de control (U+0000, NUL); quítalo e inténtalo de nuevo'.
 * The server checks every callable payload with it before the contract's own schema.
 */
export const textSafetySchema = z.unknown().superRefine((value, context) => {
  for (const issue of unsafeTextIssues(value)) {
    context.addIssue({ code: 'custom', path: issue.path, message: issue.message, input: issue.input });
  }
});
