import type { IApi } from '@svar-ui/react-gantt';
import { useEffect, useState } from 'react';
import { chartPlacer, localDate } from './gantt-chart-data';

/**
 * issue 15: the cut-off line's place in the chart's area, at the start of the cut-off day (P6's data
 * date), placed as SVAR places bars and again whenever its scale changes (zoom, fit, a rebuild); null
 * without a cut-off. The free edition has no markers: the chart's area draws it (gantt-chart.css).
 */
export function useCutoffLine(api: IApi | null, cutoff: string | null): number | null {
  const [cutoffX, setCutoffX] = useState<number | null>(null);
  useEffect(() => {
    if (!api || cutoff === null) {
      setCutoffX(null);
      return;
    }
    const update = () => {
      const place = chartPlacer(api.getState() as Parameters<typeof chartPlacer>[0]);
      setCutoffX(place ? place.x(localDate(cutoff)) : null);
    };
    type Reactive = Record<string, { subscribe: (callback: () => void) => () => void } | undefined>;
    const reactive = api.getReactiveState() as unknown as Reactive;
    const stops = [reactive._scales?.subscribe(update), reactive.cellWidth?.subscribe(update)];
    update();
    return () => {
      for (const stop of stops) stop?.();
    };
  }, [api, cutoff]);
  return cutoffX;
}
