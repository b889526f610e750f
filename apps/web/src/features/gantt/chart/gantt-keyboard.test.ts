import { describe, expect, it } from 'vitest';
import type { KeyStroke } from './gantt-keyboard';
import { ganttHistoryKey, ganttKeyCommand, rowAfterMove } from './gantt-keyboard';

function stroke(key: string, modifiers: Partial<KeyStroke> = {}): KeyStroke {
  return { key, altKey: false, shiftKey: false, ctrlKey: false, metaKey: false, ...modifiers };
}

describe('ganttKeyCommand (issue 12: the grid works from the keyboard, as MS Project)', () => {
  it.each([
    ['ArrowUp', 'up'],
    ['ArrowDown', 'down'],
    ['PageUp', 'pageUp'],
    ['PageDown', 'pageDown'],
    ['Home', 'first'],
    ['End', 'last'],
    ['ArrowLeft', 'collapse'],
    ['ArrowRight', 'expand'],
    ['Enter', 'edit'],
    ['F2', 'edit'],
    ['Insert', 'add'],
    ['Delete', 'delete'],
    ['Escape', 'cancel'],
    ['Tab', 'leave'],
  ])('%s → %s', (key, command) => {
    expect(ganttKeyCommand(stroke(key))).toBe(command);
  });

  it('indents with Alt+Shift+→ and outdents with Alt+Shift+←', () => {
    expect(ganttKeyCommand(stroke('ArrowRight', { altKey: true, shiftKey: true }))).toBe('indent');
    expect(ganttKeyCommand(stroke('ArrowLeft', { altKey: true, shiftKey: true }))).toBe('outdent');
  });

  it('leaves backwards with Shift+Tab, and goes to the first/last row with Ctrl+Home/End', () => {
    expect(ganttKeyCommand(stroke('Tab', { shiftKey: true }))).toBe('leaveBack');
    expect(ganttKeyCommand(stroke('Home', { ctrlKey: true }))).toBe('first');
    expect(ganttKeyCommand(stroke('End', { ctrlKey: true }))).toBe('last');
  });

  it('leaves every other key to the browser (typing, Ctrl+C, Alt+← for history, Backspace)', () => {
    for (const key of ['a', ' ', 'Backspace', 'F5']) expect(ganttKeyCommand(stroke(key))).toBeNull();
    expect(ganttKeyCommand(stroke('c', { ctrlKey: true }))).toBeNull();
    expect(ganttKeyCommand(stroke('ArrowLeft', { altKey: true }))).toBeNull();
    expect(ganttKeyCommand(stroke('ArrowDown', { shiftKey: true }))).toBeNull();
    expect(ganttKeyCommand(stroke('ArrowRight', { ctrlKey: true, shiftKey: true }))).toBeNull();
  });
});

describe('rowAfterMove', () => {
  const rows = [1, 2, 3, 5, 8, 13];

  it('moves one row, a page, or to either end, and stays within the rows', () => {
    expect(rowAfterMove(rows, 3, 'down')).toBe(5);
    expect(rowAfterMove(rows, 3, 'up')).toBe(2);
    expect(rowAfterMove(rows, 13, 'down')).toBe(13);
    expect(rowAfterMove(rows, 1, 'up')).toBe(1);
    expect(rowAfterMove(rows, 2, 'pageDown', 4)).toBe(8);
    expect(rowAfterMove(rows, 5, 'pageUp', 10)).toBe(1);
    expect(rowAfterMove(rows, 5, 'first')).toBe(1);
    expect(rowAfterMove(rows, 2, 'last')).toBe(13);
  });

  it('starts at the first row (or the last, for End) when nothing, or a hidden row, is selected', () => {
    expect(rowAfterMove(rows, null, 'down')).toBe(1);
    expect(rowAfterMove(rows, null, 'up')).toBe(1);
    expect(rowAfterMove(rows, 99, 'down')).toBe(1);
    expect(rowAfterMove(rows, null, 'last')).toBe(13);
    expect(rowAfterMove([], null, 'down')).toBeNull();
  });
});

describe("ganttHistoryKey (issue 32: 'Deshacer' and 'Rehacer' from the keyboard)", () => {
  it.each([
    [stroke('z', { ctrlKey: true }), 'undo'],
    [stroke('Z', { ctrlKey: true }), 'undo'],
    [stroke('z', { metaKey: true }), 'undo'],
    [stroke('y', { ctrlKey: true }), 'redo'],
    [stroke('Z', { ctrlKey: true, shiftKey: true }), 'redo'],
    [stroke('z', { metaKey: true, shiftKey: true }), 'redo'],
  ] as const)('%o → %s', (keys, key) => {
    expect(ganttHistoryKey(keys)).toBe(key);
  });

  it.each([
    stroke('z'),
    stroke('y'),
    stroke('z', { ctrlKey: true, altKey: true }),
    stroke('y', { ctrlKey: true, shiftKey: true }),
    stroke('s', { ctrlKey: true }),
    stroke('ArrowLeft', { ctrlKey: true }),
  ])('%o is not theirs', (keys) => {
    expect(ganttHistoryKey(keys)).toBeNull();
  });

  it('leaves the grid keys alone: Ctrl+Z and Ctrl+Y are no grid command', () => {
    expect(ganttKeyCommand(stroke('z', { ctrlKey: true }))).toBeNull();
    expect(ganttKeyCommand(stroke('y', { ctrlKey: true }))).toBeNull();
  });
});
