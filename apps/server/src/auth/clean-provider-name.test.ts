import { describe, expect, it } from 'vitest';
import { cleanProviderName } from './auth';

describe('cleanProviderName', () => {
  it('keeps an ordinary name as it is', () => {
    expect(cleanProviderName('María José Núñez', 'mj@empresa.cl')).toBe('María José Núñez');
  });

  it('turns control characters and line breaks into single spaces, and trims', () => {
    expect(cleanProviderName(' Ana\u0000\u0085 Pérez\n\t', 'a@empresa.cl')).toBe('Ana Pérez');
  });

  it('replaces a lone surrogate and keeps a real pair (an emoji)', () => {
    expect(cleanProviderName('Ana \uD800 😀', 'a@empresa.cl')).toBe('Ana \uFFFD 😀');
  });

  it('cuts a name to 120 characters', () => {
    expect(cleanProviderName('x'.repeat(300), 'a@empresa.cl')).toHaveLength(120);
  });

  it("falls back to the email's local part when nothing is left", () => {
    expect(cleanProviderName('\u0000\u0001 ', 'ana.perez@empresa.cl')).toBe('ana.perez');
  });
});
