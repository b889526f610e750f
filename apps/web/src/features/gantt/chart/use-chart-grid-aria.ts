import { useEffect } from 'react';
import type { RefObject } from 'react';

/**
 * Mends three ARIA faults of the chart's task grid (@svar-ui/react-grid 2.x, which the Gantt gives
 * no option for), so assistive technology reads it as the tree it is (docs/ACCESSIBILITY.md):
 * - its rows carry aria-expanded (a tree's attribute) inside role="grid": the grid becomes a treegrid;
 * - aria-rowindex counts from 0 within the rows drawn (ARIA counts from 1 over the whole grid): removed;
 * - the column resize grips are role="presentation" yet named 'Resize column': the name is removed.
 * A MutationObserver keeps them mended as the virtual grid redraws its rows.
 */
export function useChartGridAria(wrapperRef: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const wrapper = wrapperRef.current;
    if (!wrapper) return;
    const mend = () => {
      for (const grid of Array.from(wrapper.querySelectorAll('[role="grid"]'))) {
        if (grid.querySelector('[role="row"][aria-expanded]')) grid.setAttribute('role', 'treegrid');
      }
      for (const row of Array.from(wrapper.querySelectorAll('[role="row"][aria-rowindex]'))) {
        row.removeAttribute('aria-rowindex');
      }
      for (const grip of Array.from(wrapper.querySelectorAll('[role="presentation"][aria-label]'))) {
        grip.removeAttribute('aria-label');
      }
    };
    mend();
    const observer = new MutationObserver(mend);
    observer.observe(wrapper, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['role', 'aria-rowindex', 'aria-label', 'aria-expanded'],
    });
    return () => observer.disconnect();
  }, [wrapperRef]);
}
