import type { IApi } from '@svar-ui/react-gantt';
import type { TFunction } from 'i18next';
import { useCallback, useEffect, useRef } from 'react';
import type { RefObject } from 'react';
import type { GanttViewPrefs } from './gantt-view-store';
import { MIN_CHART, MIN_GRID } from './use-chart-columns';

type SetPrefs = (change: Partial<GanttViewPrefs>) => void;

/**
 * issue 32, "the divider cannot trap": where the divider may be in an area this wide, the grid and
 * the chart each keeping their least width (in a very narrow area the grid's least width wins).
 */
export function clampGridWidth(width: number, areaWidth: number): number {
  return Math.round(Math.max(MIN_GRID, Math.min(width, areaWidth - MIN_CHART)));
}

/** The divider moved from the keyboard by `delta` pixels, the grid and the chart each kept their least width. */
export function useMoveDivider(
  wrapperRef: RefObject<HTMLDivElement | null>,
  apiRef: RefObject<IApi | null>,
  gridWidthRef: RefObject<number>,
  setPrefs: SetPrefs,
) {
  return useCallback(
    (delta: number) => {
      const width = wrapperRef.current?.clientWidth ?? 1000;
      const next = clampGridWidth(gridWidthRef.current + delta, width);
      void apiRef.current?.exec('resize-grid', { width: next });
      setPrefs({ gridWidth: next });
    },
    [wrapperRef, apiRef, gridWidthRef, setPrefs],
  );
}

/**
 * issue 32: the default split back (a double click on the divider, Enter on it): the divider where
 * the layout puts it, and no place remembered.
 */
export function useRestoreDivider(apiRef: RefObject<IApi | null>, defaultWidth: RefObject<number>, setPrefs: SetPrefs) {
  return useCallback(() => {
    setPrefs({ gridWidth: null });
    void apiRef.current?.exec('resize-grid', { width: defaultWidth.current });
  }, [apiRef, defaultWidth, setPrefs]);
}

/**
 * The divider: SVAR's own, made reachable and movable from the keyboard, its place remembered; the
 * grid (SVAR's focusable layout) says which keys it takes. The returned `dividerDragged` is SVAR's
 * 'resize-grid': the width dragged to is remembered when the pointer lets go (a rebuild would reset it).
 */
export function useChartDivider(
  wrapperRef: RefObject<HTMLDivElement | null>,
  gridWidth: number,
  setPrefs: SetPrefs,
  restore: () => void,
  t: TFunction,
) {
  const pendingGridWidth = useRef<number | null>(null);
  useEffect(() => {
    const layout = wrapperRef.current?.querySelector<HTMLElement>('.wx-layout');
    layout?.setAttribute('role', 'group');
    layout?.setAttribute('aria-label', t('gantt.gridLabel'));
    const divider = wrapperRef.current?.querySelector<HTMLElement>('.wx-resizer');
    if (!divider) return;
    divider.setAttribute('role', 'separator');
    divider.setAttribute('tabindex', '0');
    divider.setAttribute('aria-orientation', 'vertical');
    divider.setAttribute('aria-label', t('gantt.divider'));
    divider.setAttribute('aria-valuemin', String(MIN_GRID));
    divider.setAttribute('aria-valuemax', String((wrapperRef.current?.clientWidth ?? 1000) - MIN_CHART));
    divider.setAttribute('aria-valuenow', String(gridWidth));
    divider.setAttribute('title', t('gantt.dividerHint'));
  });

  useEffect(() => {
    const commit = () => {
      if (pendingGridWidth.current === null) return;
      const width = pendingGridWidth.current;
      pendingGridWidth.current = null;
      setPrefs({ gridWidth: width });
    };
    window.addEventListener('mouseup', commit);
    return () => window.removeEventListener('mouseup', commit);
  }, [setPrefs]);

  // the pointer's way back to the default split: a double click on the divider
  useEffect(() => {
    const wrapper = wrapperRef.current;
    if (!wrapper) return;
    const dblclick = (event: MouseEvent) => {
      if (!(event.target as Element).closest?.('.wx-resizer')) return;
      event.preventDefault();
      pendingGridWidth.current = null;
      restore();
    };
    wrapper.addEventListener('dblclick', dblclick);
    return () => wrapper.removeEventListener('dblclick', dblclick);
  }, [wrapperRef, restore]);

  return useCallback(
    (width: number) => {
      pendingGridWidth.current = Math.round(width);
      wrapperRef.current?.querySelector('.wx-resizer')?.setAttribute('aria-valuenow', String(pendingGridWidth.current));
    },
    [wrapperRef],
  );
}
