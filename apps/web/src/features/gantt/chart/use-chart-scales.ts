import { dayNumber } from '@cimiento/domain';
import type { IApi } from '@svar-ui/react-gantt';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useRef } from 'react';
import type { RefObject } from 'react';
import type { GanttEditorState, GanttEditorStore } from '../editor/gantt-editor-store';
import { isoOfLocal } from './gantt-chart-data';
import type { GanttViewPrefs } from './gantt-view-store';
import { useGanttViewStore } from './gantt-view-store';
import type { GanttZoomLevel } from './gantt-zoom';
import { defaultZoom, fitZoom, zoomScales } from './gantt-zoom';

/**
 * The chart's time scale at the zoom the user chose: the zoom level's usual cells, or those
 * 'Ajustar a la pantalla' chose for it; the scale's rows in the user's language; and, where days
 * show, the weekends and holidays shaded.
 */
export function useChartScales(
  level: GanttZoomLevel,
  calendar: GanttEditorState['calendar'],
  language: string,
  t: TFunction,
) {
  const fitted = useGanttViewStore((state) => state.fitted);
  // the zoom: a level's usual cells, or those 'Ajustar a la pantalla' chose for it
  const zoom = fitted && fitted.level === level ? fitted : defaultZoom(level);
  const scales = useMemo(() => {
    const long = new Intl.DateTimeFormat(language, { month: 'long' });
    const short = new Intl.DateTimeFormat(language, { month: 'short' });
    return zoomScales(zoom.level, {
      month: (date) => long.format(date),
      monthShort: (date) => short.format(date).replace('.', ''),
      quarter: (quarter) => t('gantt.quarterShort', { quarter }),
    });
  }, [zoom.level, language, t]);
  // weekends and holidays shaded where days show, in SVAR's own class (its column in the chart
  // and its cell in the time scale)
  const highlightTime = useMemo(
    () =>
      zoom.level === 'day'
        ? (date: Date, unit: string) =>
            unit === 'day' && !calendar.isWorkingDay(dayNumber(isoOfLocal(date))) ? 'wx-weekend' : ''
        : undefined,
    [zoom.level, calendar],
  );
  return { zoom, scales, highlightTime };
}

/**
 * 'Ajustar a la pantalla': the whole project in the chart's current width, at the level and cell
 * width that fit it (kept for this visit only); leaving the chart forgets it.
 */
export function useFitToScreen(
  wrapperRef: RefObject<HTMLDivElement | null>,
  apiRef: RefObject<IApi | null>,
  store: GanttEditorStore,
  setPrefs: (change: Partial<GanttViewPrefs>) => void,
) {
  const fitRequest = useGanttViewStore((state) => state.fitRequest);
  const setFitted = useGanttViewStore((state) => state.setFitted);
  const lastFit = useRef(fitRequest);
  useEffect(() => {
    if (fitRequest === lastFit.current) return;
    lastFit.current = fitRequest;
    const chart = wrapperRef.current?.querySelector('.wx-chart');
    const { projectStart, projectFinish } = store.getState();
    if (!chart || projectStart === '') return;
    // the width SVAR fills its scale to (the chart's own, since the grid's border is inside it)
    const { _chartWidth: chartWidth } = (apiRef.current?.getState() ?? {}) as { _chartWidth?: number };
    const fit = fitZoom(projectStart, projectFinish, chartWidth ?? chart.clientWidth);
    // a hair wider: SVAR adds a whole cell while its scale is narrower than the chart
    setFitted({ level: fit.level, cellWidth: fit.cellWidth + 1e-6 });
    setPrefs({ zoom: fit.level });
  }, [fitRequest, wrapperRef, apiRef, store, setFitted, setPrefs]);
  useEffect(() => () => setFitted(null), [setFitted]);
}
