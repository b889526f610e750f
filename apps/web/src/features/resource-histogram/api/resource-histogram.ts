import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import type { FunctionOutput } from '@/lib/api-client';

/**
 * The 'Histograma de recursos' screen's functions (issue 35): loadResourceHistogram per project,
 * grouping, period and baseline, exportResourceHistogram ('Descargar Excel') and the project's
 * baselines for the 'Línea base' picker.
 */

export type ResourceHistogramOutput = FunctionOutput<'loadResourceHistogram'>;
export type HistogramGroupBy = 'resource' | 'trade' | 'type';
export type HistogramPeriod = 'day' | 'week' | 'month';
export type ResourceHistogramRequest = {
  id: string;
  groupBy: HistogramGroupBy;
  period: HistogramPeriod;
  baselineId?: string;
};

/** What the screen shows first: each resource, by week. */
export const DEFAULT_HISTOGRAM_REQUEST = { groupBy: 'resource', period: 'week' } as const;

/** The answer with the grouping and period it was asked for (the screen labels what it shows by them). */
export type LoadedHistogram = {
  histogram: ResourceHistogramOutput;
  groupBy: HistogramGroupBy;
  period: HistogramPeriod;
};

export function resourceHistogramQueryKey(request: ResourceHistogramRequest) {
  return ['loadResourceHistogram', request.id, request.groupBy, request.period, request.baselineId ?? null] as const;
}

/** The request as the contract takes it: an absent baseline is left out. */
function requestData(request: ResourceHistogramRequest): ResourceHistogramRequest {
  return {
    id: request.id,
    groupBy: request.groupBy,
    period: request.period,
    ...(request.baselineId === undefined ? {} : { baselineId: request.baselineId }),
  };
}

export function resourceHistogramQueryOptions(request: ResourceHistogramRequest) {
  return queryOptions({
    queryKey: resourceHistogramQueryKey(request),
    queryFn: async ({ signal }): Promise<LoadedHistogram> => ({
      histogram: await call('loadResourceHistogram', requestData(request), { signal }),
      groupBy: request.groupBy,
      period: request.period,
    }),
    staleTime: 30_000,
    refetchOnWindowFocus: false,
    // another grouping or period keeps the last histogram on screen while the new one is computed
    placeholderData: keepPreviousData,
  });
}

/** 'Descargar Excel': the histogram's workbook (base64). */
export function useExportResourceHistogram() {
  return useMutation({
    mutationFn: (request: ResourceHistogramRequest) => call('exportResourceHistogram', requestData(request)),
    meta: { showGlobalSpinner: true },
  });
}

/** The project's baselines for the 'Línea base' picker (the Gantt's loadBaselines, same cache key). */
export function histogramBaselinesQueryOptions(projectId: string) {
  return queryOptions({
    queryKey: ['loadBaselines', projectId] as const,
    queryFn: ({ signal }): Promise<FunctionOutput<'loadBaselines'>> =>
      call('loadBaselines', { id: projectId }, { signal }),
    staleTime: 30_000,
    refetchOnWindowFocus: false,
  });
}
