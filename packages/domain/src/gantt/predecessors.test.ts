import { describe, expect, it } from 'vitest';
import { formatPredecessors, parsePredecessors } from './predecessors';

describe('parsePredecessors (issue 7: `12FS+2,15SS,20FF-1`, FS when the type is left out)', () => {
  it("reads the planners' notation", () => {
    expect(parsePredecessors('12FS+2,15SS,20FF-1')).toEqual({
      ok: true,
      links: [
        { predecessorId: 12, type: 'FS', lag: 2 },
        { predecessorId: 15, type: 'SS', lag: 0 },
        { predecessorId: 20, type: 'FF', lag: -1 },
      ],
    });
  });

  it('takes FS when the type is left out, and accepts spaces, lower case, ";" and a "d" on the lag', () => {
    expect(parsePredecessors(' 3 ; 4+1 , 5sf - 2d, 6 ss+3 días ')).toEqual({
      ok: true,
      links: [
        { predecessorId: 3, type: 'FS', lag: 0 },
        { predecessorId: 4, type: 'FS', lag: 1 },
        { predecessorId: 5, type: 'SF', lag: -2 },
        { predecessorId: 6, type: 'SS', lag: 3 },
      ],
    });
  });

  it('reads an empty text as no links', () => {
    expect(parsePredecessors('  ')).toEqual({ ok: true, links: [] });
  });

  it.each([
    ['12XX', '«12XX» no es un predecesor válido (ejemplos: 12, 12FS+2, 15SS, 20FF-1)'],
    ['FS+2', '«FS+2» no es un predecesor válido (ejemplos: 12, 12FS+2, 15SS, 20FF-1)'],
    ['12,,13', '«» no es un predecesor válido (ejemplos: 12, 12FS+2, 15SS, 20FF-1)'],
    ['12FS+2.5', '«12FS+2.5» no es un predecesor válido (ejemplos: 12, 12FS+2, 15SS, 20FF-1)'],
    ['12FS+20000', '«12FS+20000»: el desfase debe estar entre -10000 y 10000 días'],
    ['7,7SS', 'la tarea 7 aparece dos veces'],
  ])('refuses %j', (text, error) => {
    expect(parsePredecessors(text)).toEqual({ ok: false, error });
  });
});

describe('formatPredecessors', () => {
  it('writes the canonical text, leaving out a zero lag', () => {
    expect(
      formatPredecessors([
        { predecessorId: 12, type: 'FS', lag: 2 },
        { predecessorId: 15, type: 'SS', lag: 0 },
        { predecessorId: 20, type: 'FF', lag: -1 },
      ]),
    ).toBe('12FS+2,15SS,20FF-1');
  });

  it('round-trips through parsePredecessors', () => {
    const parsed = parsePredecessors('4 sf-3, 9');
    expect(parsed.ok && formatPredecessors(parsed.links)).toBe('4SF-3,9FS');
  });
});
