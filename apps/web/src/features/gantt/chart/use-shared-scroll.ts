import type { IApi } from '@svar-ui/react-gantt';
import { useEffect } from 'react';
import type { RefObject } from 'react';

/** The parts of SVAR's state that say where the rows are (its own scrollToTask reads the same). */
export type RowScrollState = {
  _tasks: readonly { id: unknown }[];
  cellHeight: number;
  scrollTop: number;
  _chartHeight?: number;
  _scrollSize?: number;
};

/**
 * Where the shared scroll must go for the row of task `id` to show whole, as SVAR's own
 * scrollToTask places it (the least move): null when it already shows (or is not a row).
 */
export function scrollTopToShow(state: RowScrollState, id: number): number | null {
  const index = state._tasks.findIndex((task) => task.id === id);
  if (index < 0) return null;
  const top = index * state.cellHeight;
  const height = state._chartHeight ?? 0;
  if (top < state.scrollTop) return top;
  if (top + state.cellHeight > state.scrollTop + height) {
    return Math.max(top - height + state.cellHeight + (state._scrollSize ?? 0), 0);
  }
  return null;
}

/**
 * Issue 32, "always aligned": the grid and the chart share one vertical scroll, SVAR's `.wx-gantt`
 * (it moves the bars' `.wx-chart` and the grid's rows together). Every other box inside it keeps
 * its vertical scroll at 0.
 *
 * The root cause of the misalignment: SVAR's grid focuses a clicked (or keyboard-selected) cell with
 * a plain `focus()`, and the browser scrolls the cell into view in the nearest box that can scroll:
 * the grid's `.wx-table-container` (overflow-y hidden, but it holds a few rows more than it shows),
 * which SVAR never scrolls and never reads back. The table moved (128 px for a row near the bottom),
 * its header with it, and the chart did not. Whatever scrolls an inner box vertically (a focus, a
 * scrollIntoView, the browser's find) is undone here before the frame is painted, and what it
 * wanted (the focused row in view) is done by the shared scroller, so grid and bars move together.
 * The grid's horizontal scroll (its own, wide columns) is left alone.
 */
export function useSharedScroll(wrapperRef: RefObject<HTMLDivElement | null>, apiRef: RefObject<IApi | null>) {
  useEffect(() => {
    const wrapper = wrapperRef.current;
    if (!wrapper) return;
    const onScroll = (event: Event) => {
      const box = event.target;
      if (!(box instanceof HTMLElement) || box.scrollTop === 0) return;
      const shared = wrapper.querySelector<HTMLElement>('.wx-gantt');
      if (!shared || box === shared || !shared.contains(box)) return;
      if (box.classList.contains('wx-chart')) {
        // the bars' box follows the shared scroll (SVAR sets it); moved by anything else, the
        // shared scroller follows it, and SVAR moves the grid's rows to match
        if (box.scrollTop !== shared.scrollTop) shared.scrollTop = box.scrollTop;
        return;
      }
      box.scrollTop = 0;
      // what the browser wanted: the focused row in view, by the shared scroll (idempotent: SVAR
      // focuses the cell again as the rows re-render, and it must not scroll further each time)
      const api = apiRef.current;
      const row = document.activeElement?.closest('.wx-row');
      const id = Number(row?.getAttribute('data-id'));
      if (!api || !row || !box.contains(row) || !Number.isFinite(id)) return;
      const top = scrollTopToShow(api.getState() as unknown as RowScrollState, id);
      if (top !== null) void api.exec('scroll-chart', { top });
    };
    // scroll events do not bubble: caught on their way down
    wrapper.addEventListener('scroll', onScroll, true);
    return () => wrapper.removeEventListener('scroll', onScroll, true);
  }, [wrapperRef, apiRef]);
}
