/**
 * The Gantt grid's keys (issue 12), as in MS Project: arrows move the selection, Home/End go to the
 * first/last row, ←/→ collapse/expand a summary, Enter or F2 edit, Insert adds, Delete asks,
 * Alt+Shift+→/← indent and outdent, Escape cancels. Tab and Shift+Tab leave the grid (it is one
 * stop in the page's tab order). Pure: the chart turns each command into the store's edit.
 */
export type GanttKeyCommand =
  | 'up'
  | 'down'
  | 'pageUp'
  | 'pageDown'
  | 'first'
  | 'last'
  | 'collapse'
  | 'expand'
  | 'edit'
  | 'add'
  | 'delete'
  | 'indent'
  | 'outdent'
  | 'cancel'
  | 'leave'
  | 'leaveBack';

export type KeyStroke = { key: string; altKey: boolean; shiftKey: boolean; ctrlKey: boolean; metaKey: boolean };

export function ganttKeyCommand(stroke: KeyStroke): GanttKeyCommand | null {
  const { key, altKey, shiftKey, ctrlKey, metaKey } = stroke;
  if (ctrlKey || metaKey) {
    if (altKey || shiftKey) return null;
    if (key === 'Home') return 'first';
    if (key === 'End') return 'last';
    return null;
  }
  if (altKey && shiftKey) {
    if (key === 'ArrowRight') return 'indent';
    if (key === 'ArrowLeft') return 'outdent';
    return null;
  }
  if (altKey) return null;
  if (key === 'Tab') return shiftKey ? 'leaveBack' : 'leave';
  if (shiftKey) return null;
  switch (key) {
    case 'ArrowUp':
      return 'up';
    case 'ArrowDown':
      return 'down';
    case 'PageUp':
      return 'pageUp';
    case 'PageDown':
      return 'pageDown';
    case 'Home':
      return 'first';
    case 'End':
      return 'last';
    case 'ArrowLeft':
      return 'collapse';
    case 'ArrowRight':
      return 'expand';
    case 'Enter':
    case 'F2':
      return 'edit';
    case 'Insert':
      return 'add';
    case 'Delete':
      return 'delete';
    case 'Escape':
      return 'cancel';
    default:
      return null;
  }
}

/** issue 32: the keys of 'Deshacer' and 'Rehacer', as in MS Project and Excel. */
export type GanttHistoryKey = 'undo' | 'redo';

/** Ctrl+Z (⌘Z) undoes; Ctrl+Y (⌘Y) and Ctrl+Shift+Z (⌘⇧Z) redo; anything else is not theirs. */
export function ganttHistoryKey(stroke: KeyStroke): GanttHistoryKey | null {
  const { key, altKey, shiftKey, ctrlKey, metaKey } = stroke;
  if (!(ctrlKey || metaKey) || altKey) return null;
  const letter = key.toLowerCase();
  if (letter === 'z') return shiftKey ? 'redo' : 'undo';
  if (letter === 'y' && !shiftKey) return 'redo';
  return null;
}

/**
 * The row a move command selects among the visible rows (ids top to bottom), from the selected
 * one; with nothing selected, any move starts at the first row. `page` is the rows in view.
 */
export function rowAfterMove(
  rows: readonly number[],
  selected: number | null,
  command: 'up' | 'down' | 'pageUp' | 'pageDown' | 'first' | 'last',
  page = 10,
): number | null {
  if (rows.length === 0) return null;
  const last = rows.length - 1;
  const at = selected === null ? -1 : rows.indexOf(selected);
  if (at === -1) return command === 'last' ? (rows[last] ?? null) : (rows[0] ?? null);
  const step = Math.max(1, page - 1);
  const index = {
    up: at - 1,
    down: at + 1,
    pageUp: at - step,
    pageDown: at + step,
    first: 0,
    last,
  }[command];
  return rows[Math.min(last, Math.max(0, index))] ?? null;
}
