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

type Visit = { value: object; parent: Visit | undefined; key: PropertyKey | undefined };
type TextIssue = { path: PropertyKey[]; message: string; input: string };

function pathOf(visit: Visit | undefined): PropertyKey[] {
  const path: PropertyKey[] = [];
  for (let at = visit; at?.parent !== undefined; at = at.parent) path.push(at.key as PropertyKey);
  return path.reverse();
}

function valueIssue(text: string, path: PropertyKey[]): TextIssue | undefined {
  const character = findUnsafeCharacter(text);
  if (!character) return undefined;
  const subject = path.length === 0 ? 'el texto no puede contener' : 'no puede contener';
  return { path, message: `${subject} ${unsafeCharacterText(character)}; quítalo e inténtalo de nuevo`, input: text };
}

/**
 * Every string in a JSON-like value, object keys included, checked with findUnsafeCharacter. The walk
 * is iterative (a stack of objects, not recursion), so a body nested 100,000 levels deep cannot
 * overflow the call stack; strings are checked where they are met and each object keeps only its
 * parent, so a path is built only for a problem found.
 */
export function unsafeTextIssues(value: unknown, limit = MAX_TEXT_ISSUES): TextIssue[] {
  const issues: TextIssue[] = [];
  if (typeof value === 'string') {
    const issue = valueIssue(value, []);
    return issue ? [issue] : [];
  }
  if (typeof value !== 'object' || value === null) return issues;
  const seen = new Set<object>();
  const stack: Visit[] = [{ value, parent: undefined, key: undefined }];
  /** A child of `visit`: a string checked now, an object walked later. */
  const meet = (child: unknown, visit: Visit, key: PropertyKey, later: Visit[]) => {
    if (typeof child === 'string') {
      const issue = valueIssue(child, [...pathOf(visit), key]);
      if (issue && issues.length < limit) issues.push(issue);
    } else if (typeof child === 'object' && child !== null && !seen.has(child)) {
      seen.add(child);
      later.push({ value: child, parent: visit, key });
    }
  };
  seen.add(value);
  while (stack.length > 0 && issues.length < limit) {
    const visit = stack.pop() as Visit;
    const current = visit.value;
    const later: Visit[] = [];
    if (Array.isArray(current)) {
      for (let index = 0; index < current.length; index += 1) meet(current[index], visit, index, later);
    } else {
      for (const key of Object.keys(current)) {
        const character = findUnsafeCharacter(key);
        if (character && issues.length < limit) {
          issues.push({
            path: [...pathOf(visit), printableKey(key)],
            message: `el nombre de este campo no puede contener ${unsafeCharacterText(character)}; quítalo e inténtalo de nuevo`,
            input: key,
          });
        }
        meet((current as Record<string, unknown>)[key], visit, key, later);
      }
    }
    // pushed last to first, so the walk meets nested objects in order
    for (let index = later.length - 1; index >= 0; index -= 1) stack.push(later[index] as Visit);
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
