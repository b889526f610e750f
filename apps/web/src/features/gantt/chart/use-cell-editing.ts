import { formatIsoDate, formatNumber, updateGanttTask } from '@cimiento/domain';
import type { GanttDraftTask } from '@cimiento/domain';
import type { IApi } from '@svar-ui/react-gantt';
import type { TFunction } from 'i18next';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { notifyError, notifyMessage } from '@/lib/stores/notices-store';
import type { GanttEditorState, GanttEditorStore } from '../editor/gantt-editor-store';
import type { CellMove, EditableColumn } from './cell-editing';
import { cellKeyAction, columnAfterMove, isEditableColumn, splitPastedColumn } from './cell-editing';
import { cellChanges, cellContext, pasteChanges } from './cell-values';
import type { ChartData, ChartTask } from './gantt-chart-data';
import { rowAfterMove } from './gantt-keyboard';
import { isTyping } from './use-gantt-keyboard';

/** A cell being edited: the text as typed, the value it started from, and the message of a refused commit. */
export type CellEdit = { id: number; column: EditableColumn; text: string; initial: string; error: string | null };

/** A message shown at a cell without editing it (what a paste could not fill). */
export type CellNotice = { id: number; column: string; lines: string[] };

/** What a cell shows, as it is edited (F2 and double-click start from it). */
export function cellValueOf(task: ChartTask, column: EditableColumn): string {
  switch (column) {
    case 'text':
      return task.text;
    case 'workDays':
      return String(task.workDays);
    case 'startIso':
      return formatIsoDate(task.startIso);
    case 'endIso':
      return formatIsoDate(task.endIso);
    case 'predecessors':
      return task.predecessors;
    case 'progress':
      return formatNumber(task.progress);
    case 'resourceText':
      return task.resourceText;
  }
}

/** SVAR writes a string id in data-col-id with a ':' before it. */
function columnOfCell(cell: Element): string {
  return (cell.getAttribute('data-col-id') ?? '').replace(/^:/, '');
}

/** The grid cell under a pointer event, with its row's task and its column; null outside the grid's body. */
function gridCellOf(target: EventTarget | null): { id: number; column: string } | null {
  if (!(target instanceof Element) || target.closest('.wx-table') === null) return null;
  const cell = target.closest('[data-col-id]');
  const row = target.closest('.wx-row[data-id]');
  if (!cell || !row) return null;
  const id = Number(row.getAttribute('data-id'));
  return Number.isFinite(id) ? { id, column: columnOfCell(cell) } : null;
}

function contextOf(state: GanttEditorState) {
  return cellContext(state.tasks, state.scheduled, state.calendar, state.cutoff, state.resources);
}

/** A task as the messages name it: its code and name. */
function taskLabel(task: ChartTask | undefined, id: number): string {
  if (!task) return `#${id}`;
  return task.code === '' ? task.text : `${task.code} ${task.text}`;
}

const MAX_NOTICE_LINES = 6;

type CellEditingInput = {
  store: GanttEditorStore;
  apiRef: RefObject<IApi | null>;
  wrapperRef: RefObject<HTMLDivElement | null>;
  dataRef: RefObject<ChartData>;
  /** the grid's columns as drawn (Tab goes to the next one shown) */
  columnsRef: RefObject<readonly { id: string; hidden?: boolean }[]>;
  t: TFunction;
};

/**
 * Editing in the grid's cells (issue 32), as MS Project's sheet. The selected row's cell in the
 * last column clicked (Nombre until one is) is the cell cursor: a character typed there starts
 * editing with it, F2 or a double-click with the cell's value; Enter commits and goes down, Tab
 * right, Escape cancels. A commit is the task editor's 'Actualizar' (updateGanttTask through the
 * store's `apply`, which recomputes the schedule); a value the cell refuses or the engine refuses
 * (a loop) stays in the cell with the message, and nothing changes. Ctrl+V of a column copied from
 * Excel fills the rows from the selected one down, in one edit.
 */
export function useCellEditing({ store, apiRef, wrapperRef, dataRef, columnsRef, t }: CellEditingInput) {
  const [edit, setEdit] = useState<CellEdit | null>(null);
  const editRef = useRef<CellEdit | null>(null);
  const [activeColumn, setActiveColumn] = useState<string>('text');
  const activeColumnRef = useRef(activeColumn);
  const [notice, setNotice] = useState<CellNotice | null>(null);

  const update = useCallback((next: CellEdit | null) => {
    editRef.current = next;
    setEdit(next);
  }, []);
  const chooseColumn = useCallback((column: string) => {
    activeColumnRef.current = column;
    setActiveColumn(column);
  }, []);

  const focusGrid = useCallback(() => {
    wrapperRef.current?.querySelector<HTMLElement>('.wx-layout')?.focus({ preventScroll: true });
  }, [wrapperRef]);

  const start = useCallback(
    (id: number, column: EditableColumn, text: string | null) => {
      // issue 36: a role that may not change the plan opens no cell; it is told why
      const refusal = store.getState().readOnly;
      if (refusal !== null) {
        notifyError(refusal);
        return;
      }
      const task = dataRef.current.byId.get(id);
      if (!task) return;
      const initial = cellValueOf(task, column);
      setNotice(null);
      update({ id, column, text: text ?? initial, initial, error: null });
    },
    [dataRef, store, update],
  );

  /** After a commit: the cursor to the next cell (the row selected through the chart, shown). */
  const moveCursor = useCallback(
    (id: number, column: string, move: CellMove | null) => {
      if (move === null) return;
      const shown = columnsRef.current.filter((candidate) => !candidate.hidden).map((candidate) => candidate.id);
      chooseColumn(columnAfterMove(shown, column, move));
      const api = apiRef.current;
      if (!api || (move !== 'up' && move !== 'down')) return;
      const rows = (api.getState() as { _tasks: { id: number }[] })._tasks.map((row) => row.id);
      const next = rowAfterMove(rows, id, move);
      if (next !== null && next !== id) api.exec('select-task', { id: next, show: true });
    },
    [apiRef, columnsRef, chooseColumn],
  );

  /** Commits the cell; false (the cell keeps the text and shows why) when it is refused. */
  const commit = useCallback(
    (move: CellMove | null): boolean => {
      const current = editRef.current;
      if (!current) return true;
      if (current.text !== current.initial) {
        const result = cellChanges(contextOf(store.getState()), current.id, current.column, current.text);
        const applied = result.ok
          ? store.getState().apply((tasks) => updateGanttTask(tasks, current.id, result.changes))
          : result;
        if (!applied.ok) {
          update({ ...current, error: applied.error });
          return false;
        }
      }
      update(null);
      moveCursor(current.id, current.column, move);
      focusGrid();
      return true;
    },
    [store, update, moveCursor, focusGrid],
  );

  const cancel = useCallback(() => {
    if (!editRef.current) return;
    update(null);
    focusGrid();
  }, [update, focusGrid]);

  /** The input lost the focus (a click elsewhere): committed, or dropped with its message told. */
  const leave = useCallback(() => {
    const current = editRef.current;
    if (!current || !document.hasFocus()) return;
    const result =
      current.text === current.initial
        ? null
        : cellChanges(contextOf(store.getState()), current.id, current.column, current.text);
    if (result && !result.ok) {
      update(null);
      notifyError(result.error);
      return;
    }
    if (result) {
      const applied = store.getState().apply((tasks) => updateGanttTask(tasks, current.id, result.changes));
      if (!applied.ok) notifyError(applied.error);
    }
    update(null);
  }, [store, update]);

  const setText = useCallback(
    (text: string) => {
      const current = editRef.current;
      if (current) update({ ...current, text, error: null });
    },
    [update],
  );

  /** A key on the grid (not in a field): true when it started editing a cell. */
  const cellKey = useCallback(
    (event: KeyboardEvent): boolean => {
      setNotice(null);
      if (editRef.current) {
        // the field lost the focus for a moment (SVAR focuses its grid as it redraws; the field
        // takes it back in the next frame): Enter, Tab and Escape meant for it still reach it
        const action = cellKeyAction(event, true);
        if (action === null || action.kind === 'start') return false;
        event.preventDefault();
        event.stopPropagation();
        if (action.kind === 'commit') commit(action.move);
        else cancel();
        return true;
      }
      const action = cellKeyAction(event, false);
      if (action?.kind !== 'start') return false;
      const id = store.getState().selectedId;
      const column = activeColumnRef.current;
      if (id === null || !isEditableColumn(column) || !dataRef.current.byId.has(id)) return false;
      event.preventDefault();
      event.stopPropagation();
      start(id, column, action.text);
      return true;
    },
    [store, dataRef, start, commit, cancel],
  );

  /** Pasted values from the selected cell down, applied as one edit; what was refused shown at the cell. */
  const paste = useCallback(
    (id: number, column: EditableColumn, values: readonly string[]) => {
      const api = apiRef.current;
      const shown = api ? (api.getState() as { _tasks: { id: number }[] })._tasks.map((row) => row.id) : [id];
      const at = shown.indexOf(id);
      const rows = at === -1 ? [id] : shown.slice(at, at + values.length);
      const state = store.getState();
      const plan = pasteChanges(contextOf(state), rows, column, values);
      const errors = [...plan.errors];
      let applied = 0;
      if (plan.changes.length > 0) {
        const result = state.apply((tasks) => {
          let list: GanttDraftTask[] = tasks;
          for (const { id: taskId, changes } of plan.changes) {
            const next = updateGanttTask(list, taskId, changes);
            if (next.ok) {
              list = next.tasks;
              applied += 1;
            } else errors.push({ id: taskId, index: rows.indexOf(taskId), error: next.error });
          }
          return { ok: true, tasks: list };
        });
        if (!result.ok) {
          // the engine refused the whole (a loop): nothing changed
          applied = 0;
          errors.splice(0, errors.length, { id, index: 0, error: result.error });
        }
      }
      if (applied > 0) notifyMessage(t('gantt.cells.pasted', { count: applied, formatted: formatNumber(applied) }));
      if (errors.length === 0) {
        setNotice(null);
        return;
      }
      errors.sort((left, right) => left.index - right.index);
      const lines = errors.slice(0, MAX_NOTICE_LINES).map((error) =>
        error.id === null
          ? t('gantt.cells.pastePastEnd', { row: error.index + 1 })
          : t('gantt.cells.pasteRow', {
              task: taskLabel(dataRef.current.byId.get(error.id), error.id),
              error: error.error,
            }),
      );
      if (errors.length > MAX_NOTICE_LINES) {
        const more = errors.length - MAX_NOTICE_LINES;
        lines.push(t('gantt.cells.moreErrors', { formatted: formatNumber(more) }));
      }
      const heading = t('gantt.cells.pasteErrors', { count: errors.length, formatted: formatNumber(errors.length) });
      setNotice({ id, column, lines: [heading, ...lines] });
    },
    [apiRef, store, dataRef, t],
  );

  useEffect(() => {
    const wrapper = wrapperRef.current;
    if (!wrapper) return;
    // the column of the cell clicked is the cursor's (the row is selected by the chart itself)
    const pointerdown = (event: PointerEvent) => {
      setNotice(null);
      // a click elsewhere in the chart commits the cell being edited (as a click outside it does)
      if (editRef.current && !(event.target as Element).closest('.cim-cell-editor')) leave();
      const cell = gridCellOf(event.target);
      if (cell) chooseColumn(cell.column);
    };
    // a double-click on an editable cell edits it there; on the others SVAR opens the form ('Editar')
    const dblclick = (event: MouseEvent) => {
      const cell = gridCellOf(event.target);
      if (!cell || !isEditableColumn(cell.column)) return;
      event.stopPropagation();
      event.preventDefault();
      chooseColumn(cell.column);
      if (store.getState().selectedId !== cell.id) apiRef.current?.exec('select-task', { id: cell.id });
      start(cell.id, cell.column, null);
    };
    const pasteEvent = (event: ClipboardEvent) => {
      if (editRef.current || isTyping(event.target as HTMLElement)) return;
      const id = store.getState().selectedId;
      const column = activeColumnRef.current;
      if (id === null || !isEditableColumn(column)) return;
      const values = splitPastedColumn(event.clipboardData?.getData('text/plain') ?? '');
      if (values.length === 0) return;
      event.preventDefault();
      paste(id, column, values);
    };
    wrapper.addEventListener('pointerdown', pointerdown, true);
    wrapper.addEventListener('dblclick', dblclick, true);
    wrapper.addEventListener('paste', pasteEvent);
    return () => {
      wrapper.removeEventListener('pointerdown', pointerdown, true);
      wrapper.removeEventListener('dblclick', dblclick, true);
      wrapper.removeEventListener('paste', pasteEvent);
    };
  }, [wrapperRef, store, apiRef, chooseColumn, start, paste, leave]);

  // the edited row gone (deleted, filtered out): the edit goes with it
  useEffect(
    () =>
      store.subscribe((state) => {
        const current = editRef.current;
        if (current && !state.scheduled.has(current.id)) update(null);
      }),
    [store, update],
  );

  return { edit, activeColumn, notice, cellKey, setText, commit, cancel, leave };
}
