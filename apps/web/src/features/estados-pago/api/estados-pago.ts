import type { EstadoPagoSettings } from '@cimiento/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import type { FunctionOutput } from '@/lib/api-client';
import { downloadBlob } from '@/lib/download';
import { base64ToBlob } from '@/lib/file-reading';
import { notifyMessage } from '@/lib/stores/notices-store';

/**
 * Estados de pago (issue 16): the project's list, its contract's terms and the cut-offs a new EP
 * can take (loadEstadosPago), one EP whole (loadEstadosPago with its N°), 'Nuevo estado de pago' /
 * 'Recalcular' (saveEstadoPago), 'Aprobar', 'Eliminar', 'Condiciones del contrato' and the Excel /
 * PDF downloads (exportEstadoPago). Every write refreshes the list and the EPs it touched.
 */

export type EstadosPagoList = FunctionOutput<'loadEstadosPago'>;

export function estadosPagoQueryKey(projectId: string) {
  return ['loadEstadosPago', projectId] as const;
}

export function estadosPagoQueryOptions(projectId: string) {
  return queryOptions({
    queryKey: estadosPagoQueryKey(projectId),
    queryFn: ({ signal }): Promise<EstadosPagoList> => call('loadEstadosPago', { id: projectId }, { signal }),
  });
}

/** One EP whole (its lines), by N°. */
export function estadoPagoQueryOptions(projectId: string, number: number) {
  return queryOptions({
    queryKey: [...estadosPagoQueryKey(projectId), number] as const,
    queryFn: async ({ signal }) => {
      const output = await call('loadEstadosPago', { id: projectId, number }, { signal });
      if (output.estadoPago === undefined) throw new Error(`N°${number}`);
      return output.estadoPago;
    },
    // the screen says itself that it could not load it
    meta: { showErrorToast: false },
  });
}

/** Refreshes the list and every EP of the project (their lines are keyed under it). */
function useRefresh(projectId: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: estadosPagoQueryKey(projectId) });
}

/** 'Nuevo estado de pago' at a cut-off, or 'Recalcular' a draft at its own. */
export function useSaveEstadoPago(projectId: string) {
  const refresh = useRefresh(projectId);
  return useMutation({
    mutationFn: (cutoff: string) => call('saveEstadoPago', { id: projectId, cutoff }),
    meta: { showGlobalSpinner: true },
    onSuccess: async (output) => {
      notifyMessage(output.message);
      await refresh();
    },
  });
}

export function useApproveEstadoPago(projectId: string) {
  const refresh = useRefresh(projectId);
  return useMutation({
    mutationFn: (number: number) => call('approveEstadoPago', { id: projectId, number }),
    meta: { showGlobalSpinner: true },
    onSuccess: async (output) => {
      notifyMessage(output.message);
      await refresh();
    },
  });
}

/** 'Eliminar' a draft: gone from the list at once (its own query too, so it is not asked for again), then the list reloaded. */
export function useRemoveEstadoPago(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (number: number) => call('removeEstadoPago', { id: projectId, number }),
    meta: { showGlobalSpinner: true },
    onSuccess: async (output, number) => {
      const key = estadosPagoQueryKey(projectId);
      client.setQueryData<EstadosPagoList>(key, (list) =>
        list === undefined ? list : { ...list, estadosPago: list.estadosPago.filter((ep) => ep.number !== number) },
      );
      client.removeQueries({ queryKey: [...key, number], exact: true });
      notifyMessage(output.message);
      await client.invalidateQueries({ queryKey: key, exact: true });
    },
  });
}

/** 'Condiciones del contrato': the dialog shows a refusal itself. */
export function useSaveEstadoPagoSettings(projectId: string) {
  const refresh = useRefresh(projectId);
  return useMutation({
    mutationFn: (settings: EstadoPagoSettings) => call('saveEstadoPagoSettings', { id: projectId, settings }),
    meta: { showGlobalSpinner: true, showErrorToast: false },
    onSuccess: async (output) => {
      notifyMessage(output.message);
      await refresh();
    },
  });
}

/** 'Descargar Excel' / 'Descargar PDF': the server lays the EP out; the browser downloads it under its name. */
export function useExportEstadoPago(projectId: string) {
  return useMutation({
    mutationFn: async ({ number, format }: { number: number; format: 'xlsx' | 'pdf' }) => {
      const file = await call('exportEstadoPago', { id: projectId, number, format });
      downloadBlob(base64ToBlob(file.content, file.mimeType), file.fileName);
      return file;
    },
    meta: { showGlobalSpinner: true },
    onSuccess: (file) => notifyMessage(file.message),
  });
}
