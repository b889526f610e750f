import type { RefObject } from 'react';
import { useEffect, useRef, useState } from 'react';
import type { GanttHistoryKey, GanttKeyCommand } from './gantt-keyboard';
import { ganttHistoryKey, ganttKeyCommand } from './gantt-keyboard';

const TABBABLE = 'a[href], button, input, select, textarea, [tabindex]';

/** Whether a key goes to what the user is typing in rather than to the grid. */
export function isTyping(target: HTMLElement): boolean {
  return (
    target.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
    target.closest('.wx-editor, [role="dialog"], [role="menu"], [role="listbox"]') !== null
  );
}

/** Focuses the first element the Tab key reaches after (or before) the node, outside it; false when there is none. */
export function focusOutside(node: HTMLElement, forward: boolean): boolean {
  const candidates = [...document.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (element) =>
      !node.contains(element) &&
      element.tabIndex >= 0 &&
      !element.hasAttribute('disabled') &&
      element.closest('[inert], [aria-hidden="true"]') === null &&
      element.getClientRects().length > 0,
  );
  const following = (element: HTMLElement) =>
    (node.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
  const next = forward ? candidates.find(following) : candidates.reverse().find((element) => !following(element));
  next?.focus();
  return next !== undefined;
}

export type GanttKeyboardHandlers = {
  run: (command: GanttKeyCommand) => void;
  /** the divider between grid and chart: arrows move it */
  moveDivider: (delta: number) => void;
  /** issue 32: Enter on the divider puts it back in its default place */
  restoreDivider: () => void;
  /** issue 32: a key for the selected cell (typing, F2, Backspace start editing it); true when taken */
  cellKey?: (event: KeyboardEvent) => boolean;
};

/**
 * The Gantt's keyboard (issue 12). The grid is one stop in the page's tab order (SVAR's own
 * focusable layout), the divider the next: Tab goes grid → divider → out, Shift+Tab back. Keys
 * are taken in the capture phase, before SVAR's own hotkeys (which would delete on Backspace or
 * move a focused header cell), except while the user types in a field. `isKeyboardFocus` is true
 * while focus came to the Gantt from the keyboard, for the visible focus ring.
 */
export function useGanttKeyboard(
  wrapperRef: RefObject<HTMLElement | null>,
  handlers: GanttKeyboardHandlers,
): { isKeyboardFocus: boolean; focusGrid: () => void } {
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;
  const [isKeyboardFocus, setKeyboardFocus] = useState(false);

  const focusGrid = useRef(() => {
    const layout = wrapperRef.current?.querySelector<HTMLElement>('.wx-layout');
    layout?.focus();
    setKeyboardFocus(true);
  }).current;

  useEffect(() => {
    const wrapper = wrapperRef.current;
    if (!wrapper) return;

    const keydown = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      if (isTyping(target)) return;
      const divider = target.closest('.wx-resizer');
      if (divider) {
        if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
          event.preventDefault();
          event.stopPropagation();
          const step = event.shiftKey ? 80 : 16;
          handlersRef.current.moveDivider(event.key === 'ArrowLeft' ? -step : step);
        } else if (event.key === 'Enter') {
          event.preventDefault();
          event.stopPropagation();
          handlersRef.current.restoreDivider();
        } else if (event.key === 'Tab') {
          event.stopPropagation();
          // forward with nothing after the Gantt: the browser takes the focus on
          if (event.shiftKey) focusGrid();
          else if (!focusOutside(wrapper, true)) return;
          event.preventDefault();
        }
        return;
      }
      if (handlersRef.current.cellKey?.(event)) {
        setKeyboardFocus(true);
        return;
      }
      const command = ganttKeyCommand(event);
      if (command === null) return;
      event.preventDefault();
      event.stopPropagation();
      setKeyboardFocus(true);
      if (command === 'leave') {
        const next = wrapper.querySelector<HTMLElement>('.wx-resizer[tabindex="0"]');
        if (next) next.focus();
        else focusOutside(wrapper, true);
      } else if (command === 'leaveBack') {
        focusOutside(wrapper, false);
      } else {
        handlersRef.current.run(command);
      }
    };

    const focusin = (event: FocusEvent) => {
      const target = event.target as HTMLElement;
      setKeyboardFocus(target.matches(':focus-visible'));
    };
    const focusout = (event: FocusEvent) => {
      const next = event.relatedTarget as Node | null;
      if (next === null || !wrapper.contains(next)) setKeyboardFocus(false);
    };
    const pointerdown = () => setKeyboardFocus(false);

    wrapper.addEventListener('keydown', keydown, true);
    wrapper.addEventListener('focusin', focusin);
    wrapper.addEventListener('focusout', focusout);
    wrapper.addEventListener('pointerdown', pointerdown, true);
    return () => {
      wrapper.removeEventListener('keydown', keydown, true);
      wrapper.removeEventListener('focusin', focusin);
      wrapper.removeEventListener('focusout', focusout);
      wrapper.removeEventListener('pointerdown', pointerdown, true);
    };
  }, [wrapperRef, focusGrid]);

  return { isKeyboardFocus, focusGrid };
}

/**
 * issue 32: Ctrl+Z and Ctrl+Y (Ctrl+Shift+Z) anywhere on the Gantt's page, as 'Deshacer' and
 * 'Rehacer' — except in a field being typed in (the browser's own undo of the typing), in a dialog,
 * a menu or a list, and while `isEnabled` says no (the task editor is open).
 */
export function useGanttHistoryKeys(handlers: { run: (key: GanttHistoryKey) => void; isEnabled: () => boolean }) {
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;
  useEffect(() => {
    const keydown = (event: KeyboardEvent) => {
      const key = ganttHistoryKey(event);
      if (key === null || event.defaultPrevented) return;
      if (event.target instanceof HTMLElement && isTyping(event.target)) return;
      if (!handlersRef.current.isEnabled()) return;
      event.preventDefault();
      handlersRef.current.run(key);
    };
    window.addEventListener('keydown', keydown);
    return () => window.removeEventListener('keydown', keydown);
  }, []);
}
