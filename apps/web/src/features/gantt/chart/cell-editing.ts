import type { KeyStroke } from './gantt-keyboard';

/**
 * Editing in the Gantt's cells (issue 32), as MS Project's sheet: the keys while a cell is selected
 * and while it is being edited, the cell the cursor goes to after a commit, and a column of values
 * pasted from Excel. Pure: use-cell-editing.ts turns these into the store's edits.
 */

/** The columns edited in place; the others (Id, Código, the baseline's) open nothing. */
export const editableColumns = [
  'text',
  'workDays',
  'startIso',
  'endIso',
  'predecessors',
  'progress',
  'resourceText',
] as const;
export type EditableColumn = (typeof editableColumns)[number];

export function isEditableColumn(column: string | null | undefined): column is EditableColumn {
  return (editableColumns as readonly string[]).includes(column ?? '');
}

/** Where the cursor goes after a commit: Enter down, Shift+Enter up, Tab right, Shift+Tab left. */
export type CellMove = 'down' | 'up' | 'right' | 'left';

export type CellKeyAction =
  /** editing starts: with the typed text (a character, '' for Backspace), or with the cell's value (null) */
  { kind: 'start'; text: string | null } | { kind: 'commit'; move: CellMove } | { kind: 'cancel' };

/**
 * What a key does to a cell. Not editing: a character typed starts editing with it, Backspace with
 * the cell emptied, F2 with its value. Editing: Enter and Tab commit (and move), Escape cancels;
 * any other key is the text's. null: the key is not the cell's (the grid's keys take it).
 */
export function cellKeyAction(stroke: KeyStroke, editing: boolean): CellKeyAction | null {
  const { key, altKey, shiftKey, ctrlKey, metaKey } = stroke;
  if (ctrlKey || metaKey || altKey) return null;
  if (editing) {
    if (key === 'Enter') return { kind: 'commit', move: shiftKey ? 'up' : 'down' };
    if (key === 'Tab') return { kind: 'commit', move: shiftKey ? 'left' : 'right' };
    if (key === 'Escape') return { kind: 'cancel' };
    return null;
  }
  if (key === 'F2' && !shiftKey) return { kind: 'start', text: null };
  if (key === 'Backspace' && !shiftKey) return { kind: 'start', text: '' };
  // a printable character ('a', 'Á', '5', '-', ' '): the named keys are longer ('Enter', 'ArrowUp')
  if ([...key].length === 1) return { kind: 'start', text: key };
  return null;
}

/**
 * The column after `column` in the grid's visible columns (`right`), or before it (`left`); the
 * same at either end. Up and down keep the column.
 */
export function columnAfterMove(columns: readonly string[], column: string, move: CellMove): string {
  if (move === 'up' || move === 'down') return column;
  const at = columns.indexOf(column);
  if (at === -1) return column;
  const next = move === 'right' ? at + 1 : at - 1;
  return columns[Math.min(columns.length - 1, Math.max(0, next))] ?? column;
}

/** At most this many rows are taken from one paste (a whole sheet pasted by mistake stops here). */
export const MAX_PASTED_ROWS = 2000;

/**
 * A column of values copied from Excel (text/plain): one value per line (\r\n, \n or \r), the
 * last line's break left out; of a line with tabs (several columns copied) only the first value.
 * A cell Excel quoted (it had a line break or quotes) comes back unquoted. Values are trimmed;
 * empty lines stay (an empty cell pasted is a value too), except trailing ones.
 */
export function splitPastedColumn(text: string): string[] {
  const values: string[] = [];
  let line: string[] = [''];
  let quoted = false;
  let atCellStart = true;
  const endLine = () => {
    values.push((line[0] ?? '').trim());
    line = [''];
    atCellStart = true;
  };
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index] as string;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        line[line.length - 1] += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else line[line.length - 1] += char;
      continue;
    }
    if (char === '"' && atCellStart) {
      quoted = true;
      atCellStart = false;
      continue;
    }
    if (char === '\t') {
      line.push('');
      atCellStart = true;
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      endLine();
    } else {
      line[line.length - 1] += char;
      atCellStart = false;
    }
  }
  if (line.length > 1 || (line[0] ?? '') !== '') endLine();
  while (values.length > 0 && values[values.length - 1] === '') values.pop();
  return values.slice(0, MAX_PASTED_ROWS);
}
