import { describe, expect, it } from 'vitest';
import { findUnsafeCharacter, textSafetySchema, unsafeTextIssues } from './common';
import { describeZodError } from './errors';

/** What describeZodError answers for a value, or undefined when the value passes. */
function refusal(value: unknown): string | undefined {
  const result = textSafetySchema.safeParse(value);
  return result.success ? undefined : describeZodError(result.error);
}

const REFUSED = [
  ...Array.from({ length: 0x09 }, (_, code) => code),
  0x0b,
  0x0c,
  ...Array.from({ length: 0x20 - 0x0e }, (_, index) => 0x0e + index),
  0x7f,
  ...Array.from({ length: 0xa0 - 0x80 }, (_, index) => 0x80 + index),
];

describe('findUnsafeCharacter', () => {
  it.each(REFUSED.map((code) => [code.toString(16).padStart(4, '0'), code] as const))('finds U+%s', (_label, code) => {
    expect(findUnsafeCharacter(`ab${String.fromCharCode(code)}c`)).toEqual({
      kind: 'control',
      codePoint: code,
      index: 2,
    });
  });

  it('allows tab, line feed and carriage return, and everything printable, emoji included', () => {
    for (const text of ['a\tb', 'línea 1\nlínea 2', 'fin\r\n', ' ~', '\u00a0ñÁ€–“”', '🏗️ obra 👷‍♀️', '\ufffd', '']) {
      expect(findUnsafeCharacter(text), JSON.stringify(text)).toBeUndefined();
    }
  });

  it('finds lone surrogates, high or low, but not a pair', () => {
    expect(findUnsafeCharacter('a\ud83d')).toEqual({ kind: 'surrogate', codePoint: 0xd83d, index: 1 });
    expect(findUnsafeCharacter('\ude00b')).toEqual({ kind: 'surrogate', codePoint: 0xde00, index: 0 });
    expect(findUnsafeCharacter('\ud83d\ude00')).toBeUndefined();
  });

  it('answers the first problem in the text', () => {
    expect(findUnsafeCharacter('a\ud83dx\u0000')?.kind).toBe('surrogate');
    expect(findUnsafeCharacter('a\u0001x\ud83d')?.kind).toBe('control');
  });
});

describe('textSafetySchema', () => {
  it('passes any JSON value without such characters, unchanged', () => {
    const value = { a: ['x\ty', { 'clave con espacio': 'ñandú\r\n' }], n: 1, b: true, z: null };
    const result = textSafetySchema.safeParse(value);
    expect(result.success).toBe(true);
    if (result.success) expect(result.data).toBe(value);
    expect(textSafetySchema.safeParse('texto\tcon\ntabs').success).toBe(true);
    expect(textSafetySchema.safeParse(42).success).toBe(true);
    expect(textSafetySchema.safeParse(null).success).toBe(true);
    expect(textSafetySchema.safeParse(undefined).success).toBe(true);
  });

  it('names the field of a value with NUL, in Spanish', () => {
    expect(refusal({ collection: 'actividades', object: { code: 'OK1', name: 'nombre\u0000oculto' } })).toBe(
      'object.name: no puede contener un carácter de control (U+0000, NUL); quítalo e inténtalo de nuevo',
    );
  });

  it('names nested values inside arrays by their index', () => {
    expect(refusal({ edp: { items: [{ name: 'a' }, { name: 'b' }, { name: 'c\u001bd' }] } })).toBe(
      'edp.items.2.name: no puede contener un carácter de control (U+001B); quítalo e inténtalo de nuevo',
    );
    expect(refusal(['ok', ['ok', 'x\u0085']])).toBe(
      '1.1: no puede contener un carácter de control (U+0085); quítalo e inténtalo de nuevo',
    );
  });

  it('refuses a top-level string', () => {
    expect(refusal('a\u007f')).toBe(
      'el texto no puede contener un carácter de control (U+007F); quítalo e inténtalo de nuevo',
    );
  });

  it('refuses a lone surrogate', () => {
    expect(refusal({ name: 'a\ud800' })).toBe(
      'name: no puede contener un carácter Unicode incompleto (U+D800, sustituto suelto); quítalo e inténtalo de nuevo',
    );
  });

  it('checks object keys, at the top and nested, and shows the bad character escaped', () => {
    expect(refusal({ 'na\u0000me': 'x' })).toBe(
      'na\\u0000me: el nombre de este campo no puede contener un carácter de control (U+0000, NUL); quítalo e inténtalo de nuevo',
    );
    expect(refusal({ object: { list: [{ ['\ud800']: 1 }] } })).toBe(
      'object.list.0.\\ud800: el nombre de este campo no puede contener un carácter Unicode incompleto (U+D800, sustituto suelto); quítalo e inténtalo de nuevo',
    );
  });

  it('reports every problem with its path, up to ten', () => {
    const result = textSafetySchema.safeParse({ a: 'x\u0000', b: ['y\u0001'], ['c\u0002']: 'ok' });
    expect(result.success).toBe(false);
    if (!result.success) {
      // an object's own strings and keys first, in order, then what is nested in it
      expect(result.error.issues.map((issue) => issue.path)).toEqual([['a'], ['c\\u0002'], ['b', 0]]);
    }
    const many = Array.from({ length: 1000 }, () => '\u0000');
    expect(unsafeTextIssues(many)).toHaveLength(10);
  });

  it('walks a 100,000-deep array and object without overflowing the stack', () => {
    let deepArray: unknown = 'fondo\u0000';
    let deepObject: unknown = { hoja: 'bien' };
    for (let depth = 0; depth < 100_000; depth += 1) {
      deepArray = [deepArray];
      deepObject = { n: deepObject };
    }
    const arrayResult = textSafetySchema.safeParse(deepArray);
    expect(arrayResult.success).toBe(false);
    if (!arrayResult.success) expect(arrayResult.error.issues[0]?.path).toHaveLength(100_000);
    expect(textSafetySchema.safeParse(deepObject).success).toBe(true);
  });

  it('walks a value that refers to itself without looping', () => {
    const cyclic: Record<string, unknown> = { name: 'a' };
    cyclic.self = cyclic;
    expect(textSafetySchema.safeParse(cyclic).success).toBe(true);
  });
});
