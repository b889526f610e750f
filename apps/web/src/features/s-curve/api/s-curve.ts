import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import type { FunctionOutput } from '@/lib/api-client';

/**
 * The 'Curva S' screen's functions (issue 16): loadSCurve per project, baseline and EDP item,
 * saveActualCost ('Costo real' at a cut-off, after which every curve of the project is read
 * again) and exportSCurve ('Descargar Excel').
 */

export type SCurveOutput = FunctionOutput<'loadSCurve'>;
export type SCurveRequest = { id: string; baselineId?: string; edpItemId?: number };

export function sCurveQueryKey(request: SCurveRequest) {
  return ['loadSCurve', request.id, request.baselineId ?? null, request.edpItemId ?? null] as const;
}

/** The request as the contract takes it: absent fields are left out. */
function requestData(request: SCurveRequest): SCurveRequest {
  return {
    id: request.id,
    ...(request.baselineId === undefined ? {} : { baselineId: request.baselineId }),
    ...(request.edpItemId === undefined ? {} : { edpItemId: request.edpItemId }),
  };
}

export function sCurveQueryOptions(request: SCurveRequest) {
  return queryOptions({
    queryKey: sCurveQueryKey(request),
    queryFn: ({ signal }): Promise<SCurveOutput> => call('loadSCurve', requestData(request), { signal }),
    staleTime: 30_000,
    refetchOnWindowFocus: false,
  });
}

/** 'Costo real' at a cut-off (null clears it); the project's curves are read again. */
export function useSaveActualCost(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ cutoff, amount }: { cutoff: string; amount: string | null }) =>
      call('saveActualCost', { id: projectId, cutoff, amount }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['loadSCurve', projectId] }),
  });
}

/** 'Descargar Excel': the curve's workbook (base64). */
export function useExportSCurve() {
  return useMutation({
    mutationFn: (request: SCurveRequest) => call('exportSCurve', requestData(request)),
    meta: { showGlobalSpinner: true },
  });
}

/** The project's baselines for the 'Línea base' picker (the Gantt's loadBaselines, same cache key). */
export function sCurveBaselinesQueryOptions(projectId: string) {
  return queryOptions({
    queryKey: ['loadBaselines', projectId] as const,
    queryFn: ({ signal }): Promise<FunctionOutput<'loadBaselines'>> =>
      call('loadBaselines', { id: projectId }, { signal }),
    staleTime: 30_000,
    refetchOnWindowFocus: false,
  });
}
