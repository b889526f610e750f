import { describe, expect, it } from 'vitest';
import { cellKeyAction, columnAfterMove, isEditableColumn, MAX_PASTED_ROWS, splitPastedColumn } from './cell-editing';
import type { KeyStroke } from './gantt-keyboard';

function stroke(key: string, modifiers: Partial<KeyStroke> = {}): KeyStroke {
  return { key, altKey: false, shiftKey: false, ctrlKey: false, metaKey: false, ...modifiers };
}

describe('cellKeyAction (issue 32: the cells edited as in MS Project)', () => {
  it('starts editing with the character typed on a selected cell, Shift included', () => {
    expect(cellKeyAction(stroke('7'), false)).toEqual({ kind: 'start', text: '7' });
    expect(cellKeyAction(stroke('Á', { shiftKey: true }), false)).toEqual({ kind: 'start', text: 'Á' });
    expect(cellKeyAction(stroke('-'), false)).toEqual({ kind: 'start', text: '-' });
  });

  it('starts with the cell’s value on F2, and emptied on Backspace', () => {
    expect(cellKeyAction(stroke('F2'), false)).toEqual({ kind: 'start', text: null });
    expect(cellKeyAction(stroke('Backspace'), false)).toEqual({ kind: 'start', text: '' });
  });

  it('leaves the grid’s own keys and the shortcuts alone while not editing', () => {
    for (const key of ['Enter', 'ArrowDown', 'Tab', 'Escape', 'Delete', 'Insert', 'Home', 'F5']) {
      expect(cellKeyAction(stroke(key), false)).toBeNull();
    }
    expect(cellKeyAction(stroke('v', { ctrlKey: true }), false)).toBeNull();
    expect(cellKeyAction(stroke('z', { metaKey: true }), false)).toBeNull();
    expect(cellKeyAction(stroke('ArrowRight', { altKey: true, shiftKey: true }), false)).toBeNull();
  });

  it('while editing: Enter commits down, Shift+Enter up, Tab right, Shift+Tab left, Escape cancels', () => {
    expect(cellKeyAction(stroke('Enter'), true)).toEqual({ kind: 'commit', move: 'down' });
    expect(cellKeyAction(stroke('Enter', { shiftKey: true }), true)).toEqual({ kind: 'commit', move: 'up' });
    expect(cellKeyAction(stroke('Tab'), true)).toEqual({ kind: 'commit', move: 'right' });
    expect(cellKeyAction(stroke('Tab', { shiftKey: true }), true)).toEqual({ kind: 'commit', move: 'left' });
    expect(cellKeyAction(stroke('Escape'), true)).toEqual({ kind: 'cancel' });
  });

  it('while editing, the other keys are the text’s', () => {
    for (const key of ['a', '5', 'Backspace', 'ArrowLeft', 'Home', 'F2', 'Delete']) {
      expect(cellKeyAction(stroke(key), true)).toBeNull();
    }
  });
});

describe('columnAfterMove', () => {
  const columns = ['taskId', 'code', 'text', 'workDays', 'startIso', 'endIso', 'predecessors'];

  it('Tab goes to the next column shown, Shift+Tab to the one before; the ends stay', () => {
    expect(columnAfterMove(columns, 'text', 'right')).toBe('workDays');
    expect(columnAfterMove(columns, 'workDays', 'left')).toBe('text');
    expect(columnAfterMove(columns, 'predecessors', 'right')).toBe('predecessors');
    expect(columnAfterMove(columns, 'taskId', 'left')).toBe('taskId');
  });

  it('Enter keeps the column', () => {
    expect(columnAfterMove(columns, 'workDays', 'down')).toBe('workDays');
    expect(columnAfterMove(columns, 'workDays', 'up')).toBe('workDays');
  });

  it('names the editable columns: not Id, Código or the baseline’s', () => {
    expect(['text', 'workDays', 'startIso', 'endIso', 'predecessors', 'progress'].every(isEditableColumn)).toBe(true);
    expect(['taskId', 'code', 'baseStartIso', 'finishVariance', '', null].some(isEditableColumn)).toBe(false);
  });
});

describe('splitPastedColumn (a column copied from Excel)', () => {
  it('one value per line, whatever the line break, without the last break', () => {
    expect(splitPastedColumn('5\r\n8\r\n12\r\n')).toEqual(['5', '8', '12']);
    expect(splitPastedColumn('5\n8\n12')).toEqual(['5', '8', '12']);
    expect(splitPastedColumn('5\r8')).toEqual(['5', '8']);
  });

  it('takes the first column of several copied, and trims the values', () => {
    expect(splitPastedColumn('5\tExcavar\tx\n 8 \tHormigonar\n')).toEqual(['5', '8']);
  });

  it('keeps an empty cell in the middle, drops the empty lines at the end', () => {
    expect(splitPastedColumn('5\n\n7\n\n\n')).toEqual(['5', '', '7']);
    expect(splitPastedColumn('')).toEqual([]);
    expect(splitPastedColumn('\n\n')).toEqual([]);
  });

  it('reads a cell Excel quoted (a line break or quotes inside)', () => {
    expect(splitPastedColumn('"Muro ""A""\nnorte"\nLosa\n')).toEqual(['Muro "A"\nnorte', 'Losa']);
    // a quote inside a value is the value's
    expect(splitPastedColumn('12" tubo\n3')).toEqual(['12" tubo', '3']);
  });

  it(`takes at most ${MAX_PASTED_ROWS} rows`, () => {
    const text = Array.from({ length: MAX_PASTED_ROWS + 5 }, (_, index) => String(index)).join('\n');
    const values = splitPastedColumn(text);
    expect(values).toHaveLength(MAX_PASTED_ROWS);
    expect(values.at(-1)).toBe(String(MAX_PASTED_ROWS - 1));
  });
});
