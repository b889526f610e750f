import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { cellKeyAction } from './cell-editing';
import type { CellMove } from './cell-editing';
import type { CellEdit, CellNotice } from './use-cell-editing';
import './gantt-cell-editor.css';

type Box = { left: number; top: number; width: number; height: number };

/** Where a grid cell is, in the wrapper's pixels; null while its row is not drawn (scrolled away). */
function cellBox(wrapper: HTMLElement, id: number, column: string): Box | null {
  const cell = wrapper.querySelector(`.wx-table .wx-row[data-id="${id}"] [data-col-id=":${column}"]`);
  if (!cell) return null;
  const outer = wrapper.getBoundingClientRect();
  const rect = cell.getBoundingClientRect();
  return { left: rect.left - outer.left, top: rect.top - outer.top, width: rect.width, height: rect.height };
}

type GanttCellEditorProps = {
  wrapperRef: RefObject<HTMLDivElement | null>;
  edit: CellEdit | null;
  notice: CellNotice | null;
  /** the cell cursor: the selected row's cell in this column */
  selectedId: number | null;
  activeColumn: string;
  /** the input's accessible name */
  label: (edit: CellEdit) => string;
  /** grows when the chart redraws: the cell may have moved */
  redraws: unknown;
  onText: (text: string) => void;
  onCommit: (move: CellMove) => void;
  onCancel: () => void;
  onLeave: () => void;
};

/**
 * The cell being edited (issue 32): a text field laid over the grid's cell (the grid is SVAR's and
 * redraws its rows as it scrolls, so the field lives beside it and follows the cell), the message
 * of a refused value under it in the error colour, and the cell cursor's outline.
 */
export function GanttCellEditor({
  wrapperRef,
  edit,
  notice,
  selectedId,
  activeColumn,
  label,
  redraws,
  onText,
  onCommit,
  onCancel,
  onLeave,
}: GanttCellEditorProps) {
  const anchor = edit ?? notice;
  const [box, setBox] = useState<Box | null>(null);
  const place = useCallback(() => {
    const wrapper = wrapperRef.current;
    setBox(wrapper && anchor ? cellBox(wrapper, anchor.id, anchor.column) : null);
  }, [wrapperRef, anchor]);
  useLayoutEffect(place, [place, redraws]);
  useEffect(() => {
    const wrapper = wrapperRef.current;
    if (!wrapper || !anchor) return;
    let frame = 0;
    const follow = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(place);
    };
    wrapper.addEventListener('scroll', follow, true);
    window.addEventListener('resize', follow);
    return () => {
      cancelAnimationFrame(frame);
      wrapper.removeEventListener('scroll', follow, true);
      window.removeEventListener('resize', follow);
    };
  }, [wrapperRef, anchor, place]);

  // the field exists only while editing, and takes the keys at once (as the cell did)
  const inputRef = useRef<HTMLInputElement>(null);
  const editing = edit === null ? null : `${edit.id}:${edit.column}`;
  useEffect(() => {
    const field = inputRef.current;
    if (editing === null || !field) return;
    field.focus({ preventScroll: true });
    field.setSelectionRange(field.value.length, field.value.length);
  }, [editing]);

  const message = edit ? (edit.error === null ? null : [edit.error]) : (notice?.lines ?? null);
  const cursorRule =
    selectedId === null || edit !== null
      ? ''
      : `.cim-gantt .wx-table .wx-row[data-id="${selectedId}"] [data-col-id=":${activeColumn}"] { box-shadow: inset 0 0 0 2px var(--cim-focus); }`;

  return (
    <>
      <style data-testid="gantt-cell-cursor">{cursorRule}</style>
      {edit && (
        <div
          className="cim-cell-editor"
          // out of sight while its row is scrolled away (still focusable: the keys stay in it)
          style={
            box
              ? { left: box.left, top: box.top, width: box.width, height: box.height }
              : { left: -10_000, top: 0, width: 120, height: 32 }
          }
        >
          <input
            ref={inputRef}
            className={edit.error === null ? 'cim-cell-input' : 'cim-cell-input cim-cell-invalid'}
            data-testid="gantt-cell-input"
            data-column={edit.column}
            data-task-id={edit.id}
            aria-label={label(edit)}
            aria-invalid={edit.error !== null}
            aria-describedby={edit.error === null ? undefined : 'cim-cell-message'}
            value={edit.text}
            spellCheck={false}
            autoComplete="off"
            onChange={(event) => onText(event.target.value)}
            onKeyDown={(event) => {
              const action = cellKeyAction(event, true);
              if (!action) return;
              event.preventDefault();
              event.stopPropagation();
              if (action.kind === 'commit') onCommit(action.move);
              else if (action.kind === 'cancel') onCancel();
            }}
            onBlur={(event) => {
              // the grid taking the focus back on its own (SVAR focuses its focused cell as it
              // redraws): the field keeps it; a click in the chart has committed already
              const next = event.relatedTarget;
              if (next instanceof Node && wrapperRef.current?.contains(next)) {
                const field = event.currentTarget;
                // where the caret was (F2 puts it at the end): keys typed next go there, not first
                const { selectionStart, selectionEnd } = field;
                const restore = () => {
                  if (!field.isConnected || document.activeElement === field) return;
                  field.focus({ preventScroll: true });
                  const end = field.value.length;
                  field.setSelectionRange(selectionStart ?? end, selectionEnd ?? end);
                };
                // back before the next key or paste is handled (SVAR focuses from a script, so
                // this runs once its focus move is over); the frame after, should one follow
                queueMicrotask(restore);
                requestAnimationFrame(restore);
              } else onLeave();
            }}
          />
        </div>
      )}
      {message && box && (
        <div
          id="cim-cell-message"
          role="alert"
          className="cim-cell-message"
          data-testid="gantt-cell-error"
          style={{ left: box.left, top: box.top + box.height + 2, minWidth: Math.max(box.width, 220) }}
        >
          {message.map((line, index) => (
            <div key={index}>{line}</div>
          ))}
        </div>
      )}
    </>
  );
}
