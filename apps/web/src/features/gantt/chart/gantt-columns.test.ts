import { describe, expect, it } from 'vitest';
import {
  CODE_CELL_ROOM,
  CODE_COLUMN_MAX,
  CODE_COLUMN_MIN,
  NAME_COLUMN_MAX,
  NAME_COLUMN_MIN,
  codeColumnWidth,
  defaultGridLayout,
  defaultGridWidth,
  formatFinishVariance,
  shownCodes,
  shownTrackingColumns,
} from './gantt-columns';

/** 7 px a character: easy to count with */
const measure = (text: string) => text.length * 7;

describe('the Código column sized to its codes (issue 12: codes cut at the default width)', () => {
  it('is as wide as the widest code and its cell’s room: flat, the outline is in Nombre (issue 32)', () => {
    const codes = ['AROMOS', 'ELA.1.1.AAP.1.1.AP.1', 'ELA.1.1.AAP.1.1.AP.1.1', 'ELA.1.1.AAP.1.1.AP.1.1.ACT1'];
    // 'ELA.1.1.AAP.1.1.AP.1.1.ACT1': 27 characters, 189 px, and the cell's padding, border and spare
    expect(codeColumnWidth(codes, measure)).toBe(CODE_CELL_ROOM + 27 * 7);
    expect(codeColumnWidth(codes, measure)).toBe(208);
  });

  it('never goes below the header’s width nor beyond the maximum, where a longer code is cut', () => {
    expect(codeColumnWidth([], measure)).toBe(CODE_COLUMN_MIN);
    expect(codeColumnWidth(['A'], measure)).toBe(CODE_COLUMN_MIN);
    expect(codeColumnWidth([''], measure)).toBe(CODE_COLUMN_MIN);
    expect(codeColumnWidth(['X'.repeat(60)], measure)).toBe(CODE_COLUMN_MAX);
    expect(codeColumnWidth(['X'.repeat(30)], measure, 200)).toBe(200);
  });

  it('rounds a fractional measure up, so the last character is not clipped', () => {
    expect(codeColumnWidth(['ELA.1.1.AAP.1.1.AP.1.1'], () => 150.4)).toBe(Math.ceil(CODE_CELL_ROOM + 150.4));
  });

  it('measures each character and each code once at most, and not the codes that cannot be the widest', () => {
    const measured: string[] = [];
    const counting = (text: string) => {
      measured.push(text);
      return text.length * 7;
    };
    codeColumnWidth(['AROMOSA2B.1.1', 'ACT1', 'A', 'AROMOSA2B.1.1'], counting);
    const codes = measured.filter((text) => text.length > 1);
    expect(codes).toEqual(['AROMOSA2B.1.1']);
    // A R O M S 2 B . 1 C T: each character once
    expect(measured.filter((text) => text.length === 1).sort()).toEqual(['.', '1', '2', 'A', 'B', 'C', 'M', 'O', 'R', 'S', 'T']);
  });

  it('issue 37: 10,000 codes of one length measure a handful, not one by one, and still find the widest', () => {
    // a proportional font: 'W' and 'M' wide, '1' and '.' narrow
    const widths: Record<string, number> = { W: 12, M: 11, '1': 5, '.': 3 };
    const widthOf = (text: string) => [...text].reduce((sum, character) => sum + (widths[character] ?? 7), 0);
    const codes: string[] = [];
    for (let group = 0; group < 100; group += 1) {
      for (let task = 0; task < 100; task += 1) codes.push(`G${String(group).padStart(3, '0')}.${String(task).padStart(4, '0')}`);
    }
    // one code of the same length, wider than every other by its letters alone
    codes.splice(5_000, 0, 'GWMW.0000');
    const measured: string[] = [];
    const width = codeColumnWidth(codes, (text) => {
      measured.push(text);
      return widthOf(text);
    });
    expect(width).toBe(Math.ceil(Math.max(CODE_COLUMN_MIN, CODE_CELL_ROOM + widthOf('GWMW.0000'))));
    expect(measured.filter((text) => text.length > 1)).toEqual(['GWMW.0000']);
    expect(measured.length).toBeLessThan(20);
  });

  it('measures on while a kerned code could still pass the widest measured one', () => {
    // the canvas kerns 'AV' 2 px narrower than its characters side by side: the next code, with no
    // such pair, is measured too, and it is the widest
    const kerned = (text: string) => text.length * 7 - (text.includes('AV') ? 2 : 0);
    const measured: string[] = [];
    const width = codeColumnWidth(['AVAVAVAVAVAVAVAVAVAV', 'XXXXXXXXXXXXXXXXXXXX'], (text) => {
      measured.push(text);
      return kerned(text);
    });
    expect(measured.filter((text) => text.length > 1)).toHaveLength(2);
    expect(width).toBe(CODE_CELL_ROOM + 20 * 7);
  });

  it('takes each task’s code unique in the project: an EDC task’s with its EDP item’s', () => {
    const tasks = [
      { id: 1, code: 'ELA', sourceKey: 'edp:1' },
      { id: 2, code: 'ELA.1', parentId: 1, sourceKey: 'edp:2' },
      { id: 3, code: 'ACT1', parentId: 2, sourceKey: 'edc:2:act1' },
      { id: 4, code: 'ELA.2', parentId: 1, sourceKey: 'edp:4' },
      { id: 5, code: 'ACT1', parentId: 4, sourceKey: 'edc:4:act1' },
      { id: 6, code: 'A mano' },
    ];
    expect([...shownCodes(tasks)]).toEqual(['ELA', 'ELA.1', 'ELA.1.ACT1', 'ELA.2', 'ELA.2.ACT1', 'A mano']);
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
    expect(shownTrackingColumns(true, false)).toEqual(['actualStart', 'actualFinish', 'progress', 'remainingDays']);
    expect(shownTrackingColumns(true, true)).toEqual([
      'baseStartIso',
      'baseEndIso',
      'finishVariance',
      'actualStart',
      'actualFinish',
      'progress',
      'remainingDays',
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
