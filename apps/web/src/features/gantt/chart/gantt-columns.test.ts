import { describe, expect, it } from 'vitest';
import {
  CODE_CELL_END,
  CODE_CELL_START,
  CODE_COLUMN_MAX,
  CODE_COLUMN_MIN,
  NAME_COLUMN_MAX,
  NAME_COLUMN_MIN,
  TREE_INDENT,
  codeColumnWidth,
  codeEntries,
  defaultGridLayout,
  defaultGridWidth,
  fittedCodeWidth,
  formatFinishVariance,
  shownTrackingColumns,
} from './gantt-columns';

/** 7 px a character: easy to count with */
const measure = (text: string) => text.length * 7;

/** The width a code needs at a depth, as the tree cell lays it out. */
const needed = (code: string, depth: number) => CODE_CELL_START + depth * TREE_INDENT + code.length * 7 + CODE_CELL_END;

describe('the Código column sized to its codes (issue 12: codes cut at the default width)', () => {
  it('is as wide as the widest code plus its indentation, the deepest short code included', () => {
    const entries = [
      { code: 'AROMOS', depth: 0 },
      { code: 'AAP.1.1.AP.1', depth: 3 },
      { code: 'AAP.1.1.AP.1.1', depth: 4 },
      { code: 'ACT1', depth: 5 },
    ];
    // 'AAP.1.1.AP.1.1' four levels down: 33 + 48 + 98 + 13 (issue 32: 12 px a level, compact cells)
    expect(codeColumnWidth(entries, measure)).toBe(needed('AAP.1.1.AP.1.1', 4));
    expect(codeColumnWidth(entries, measure)).toBe(192);
    // indentation counts: the same code one level deeper needs 12 px more
    expect(codeColumnWidth([{ code: 'AAP.1.1.AP.1.1', depth: 5 }], measure)).toBe(204);
    // a short code deep enough wins over a long one at the top
    expect(codeColumnWidth([...entries, { code: 'ACT12', depth: 10 }], measure)).toBe(needed('ACT12', 10));
  });

  it('never goes below the header’s width nor beyond the maximum, where a longer code is cut', () => {
    expect(codeColumnWidth([], measure)).toBe(CODE_COLUMN_MIN);
    expect(codeColumnWidth([{ code: 'A', depth: 0 }], measure)).toBe(CODE_COLUMN_MIN);
    expect(codeColumnWidth([{ code: '', depth: 9 }], measure)).toBe(CODE_COLUMN_MIN);
    expect(codeColumnWidth([{ code: 'X'.repeat(60), depth: 2 }], measure)).toBe(CODE_COLUMN_MAX);
    expect(codeColumnWidth([{ code: 'X'.repeat(30), depth: 2 }], measure, 200)).toBe(200);
  });

  it('rounds a fractional measure up, so the last character is not clipped', () => {
    expect(codeColumnWidth([{ code: 'AAP.1.1.AP.1.1', depth: 4 }], () => 90.6)).toBe(
      Math.ceil(CODE_CELL_START + 4 * TREE_INDENT + 90.6 + CODE_CELL_END),
    );
  });

  it('measures each code once at most, and not those that cannot be the widest', () => {
    const measured: string[] = [];
    const counting = (text: string) => {
      measured.push(text);
      return text.length * 7;
    };
    codeColumnWidth(
      [
        { code: 'AROMOSA2B.1.1', depth: 2 },
        { code: 'ACT1', depth: 0 },
        { code: 'A', depth: 1 },
      ],
      counting,
    );
    expect(measured).toEqual(['AROMOSA2B.1.1']);
  });

  it('takes each task’s depth from its parents, a task whose parent is not in the list at the top', () => {
    const tasks = [
      { id: 1, code: 'AROMOS' },
      { id: 2, code: 'AROMOS.1', parentId: 1 },
      { id: 5, code: 'ACT1', parentId: 4 },
      { id: 4, code: 'AAP.1', parentId: 2 },
      { id: 7, code: 'SUELTA', parentId: 99 },
    ];
    expect(codeEntries(tasks)).toEqual([
      { code: 'AROMOS', depth: 0 },
      { code: 'AROMOS.1', depth: 1 },
      { code: 'ACT1', depth: 3 },
      { code: 'AAP.1', depth: 2 },
      { code: 'SUELTA', depth: 0 },
    ]);
  });
});

describe('the divider’s default place and Nombre’s width (issue 12: only Código and Nombre showed)', () => {
  // Duración 96, Inicio 92, Fin 92, Predecesoras 150
  const after = [96, 92, 92, 150];

  it('puts the divider at half the area, Nombre taking what Código and the columns that fit leave', () => {
    // 1366×768: the card's content is 990 px wide, the grid gets 495 less the 4 px divider: Código
    // (226), Nombre and Duración
    expect(defaultGridLayout(990, [226], after)).toEqual({ gridWidth: 491, nameWidth: 491 - 1 - 226 - 96 });
    // 1024×768: 944 px; Duración leaves Nombre its least width (110 since issue 32's compact cells)
    expect(defaultGridLayout(944, [226], after)).toEqual({ gridWidth: 468, nameWidth: 468 - 1 - 226 - 96 });
    // 860 px: Duración would leave Nombre under 110, so Código and a wider Nombre
    expect(defaultGridLayout(860, [226], after)).toEqual({ gridWidth: 426, nameWidth: 426 - 1 - 226 });
    // shallower codes leave room for Inicio too
    expect(defaultGridLayout(990, [130], after)).toEqual({ gridWidth: 491, nameWidth: 491 - 1 - 130 - 96 - 92 });
    // with the Id column, Nombre gives way (down to its least width, Duración still beside it)
    expect(defaultGridLayout(990, [56, 226], after)).toEqual({ gridWidth: 491, nameWidth: 491 - 1 - 56 - 226 - 96 });
    expect(defaultGridLayout(990, [66, 226], after)).toEqual({ gridWidth: 491, nameWidth: 491 - 1 - 66 - 226 });
  });

  it('never widens Nombre past its maximum: on a wide screen the grid ends at the last column', () => {
    const wide = defaultGridLayout(2400, [226], after);
    expect(wide).toEqual({ gridWidth: 1 + 226 + NAME_COLUMN_MAX + 96 + 92 + 92 + 150, nameWidth: NAME_COLUMN_MAX });
  });

  it('keeps Nombre’s least width, cut at half the area, when Código takes almost all of it', () => {
    expect(defaultGridLayout(600, [320], after)).toEqual({ gridWidth: 296, nameWidth: NAME_COLUMN_MIN });
  });

  it('with widths the user chose, sits after the leading columns that fit in half the area', () => {
    const columns = [219, 180, 80, 92, 92, 150];
    expect(defaultGridWidth(974, columns)).toBe(1 + 219 + 180 + 80);
    expect(defaultGridWidth(1400, columns)).toBe(1 + 219 + 180 + 80 + 92 + 92);
    expect(defaultGridWidth(928, columns)).toBe(1 + 219 + 180);
    expect(defaultGridWidth(5000, columns)).toBe(1 + 219 + 180 + 80 + 92 + 92 + 150);
    // the required columns stay, cut at half the area when even they do not fit
    expect(defaultGridWidth(700, columns)).toBe(346);
    expect(defaultGridWidth(928, [56, ...columns], 3)).toBe(1 + 56 + 219 + 180);
    expect(defaultGridWidth(800, [56, ...columns], 3)).toBe(396);
  });
});

describe('the tracking columns (issue 15)', () => {
  it("shows none until 'Seguimiento' is on; the baseline's only while a baseline is chosen", () => {
    expect(shownTrackingColumns(false, true)).toEqual([]);
    expect(shownTrackingColumns(true, false)).toEqual(['actualStart', 'actualFinish', 'progress']);
    expect(shownTrackingColumns(true, true)).toEqual([
      'baseStartIso',
      'baseEndIso',
      'finishVariance',
      'actualStart',
      'actualFinish',
      'progress',
    ]);
  });

  it("writes 'Δ Fin' with its sign: late +, ahead with a true minus sign, on time 0, nothing without a baseline", () => {
    expect(formatFinishVariance(3)).toBe('+3');
    expect(formatFinishVariance(-2)).toBe('\u22122');
    expect(formatFinishVariance(-2)).not.toContain('-');
    expect(formatFinishVariance(0)).toBe('0');
    expect(formatFinishVariance(undefined)).toBe('');
  });
});

describe('Código gives way so Id to Fin fit in the grid’s half (issue 32, room to work)', () => {
  // 1440 px with the sidebar open: a 1,064 px area, 528 px for the grid; Id 40, Duración 76, Inicio 78, Fin 78
  const others = [40, 76, 78, 78];
  const room = Math.floor(1064 / 2) - 4 - 1 - NAME_COLUMN_MIN - 272;

  it('keeps a measured width that fits', () => {
    expect(fittedCodeWidth(1064, 138, others)).toBe(138);
    expect(fittedCodeWidth(1064, room, others)).toBe(room);
  });

  it('narrows a longer one to what Id, Nombre at its least, Duración, Inicio and Fin leave', () => {
    expect(room).toBe(145);
    expect(fittedCodeWidth(1064, 186, others)).toBe(145);
    // then the six columns fill the half exactly, Nombre at its least
    const layout = defaultGridLayout(1064, [40, 145], [76, 78, 78]);
    expect(layout).toEqual({ gridWidth: 528, nameWidth: NAME_COLUMN_MIN });
  });

  it('never under its least width, and a hidden column leaves it more', () => {
    expect(fittedCodeWidth(600, 186, others)).toBe(CODE_COLUMN_MIN);
    expect(fittedCodeWidth(1064, 186, [76, 78, 78])).toBe(185);
  });
});
