import type { ProgressEntryInput } from '@cimiento/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { notifyMessage } from '@/lib/stores/notices-store';

export type SaveProgressVariables = {
  projectId: string;
  cutoff: string;
  entries: ProgressEntryInput[];
  version: number;
};

/**
 * 'Grabar avance' (saveProgress, issue 15): the changed rows at the cut-off, with the Gantt's
 * version; the answer is the Gantt rescheduled from the cut-off. A stale version answers ABORTED and
 * the entries stay on screen.
 */
export function useSaveProgress() {
  return useMutation({
    mutationFn: ({ projectId, cutoff, entries, version }: SaveProgressVariables) =>
      call('saveProgress', { id: projectId, cutoff, entries, version }),
    meta: { showGlobalSpinner: true, showErrorToast: false },
    onSuccess: (result) => notifyMessage(result.message),
  });
}

/** 'Cortes de avance': every cut-off recorded, newest first; with `cutoff`, also its tasks. */
export function useProgressHistory(projectId: string, cutoff: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ['loadProgressHistory', projectId, cutoff],
    queryFn: ({ signal }) =>
      call('loadProgressHistory', cutoff === null ? { id: projectId } : { id: projectId, cutoff }, { signal }),
    enabled,
    gcTime: 0,
    staleTime: 0,
  });
}

/** 'Descargar planilla de avance' (exportProgress): the workbook of every leaf, as recorded now. */
export function useExportProgress() {
  return useMutation({
    mutationFn: (projectId: string) => call('exportProgress', { id: projectId }),
    meta: { showGlobalSpinner: true },
  });
}

export type ImportProgressVariables = {
  projectId: string;
  cutoff: string;
  content: string;
  version: number;
  dryRun: boolean;
};

/** 'Importar avance desde Excel' (importProgress): a dry run previews, the import records. */
export function useImportProgress() {
  return useMutation({
    mutationFn: ({ projectId, cutoff, content, version, dryRun }: ImportProgressVariables) =>
      call('importProgress', { id: projectId, cutoff, content, version, dryRun }),
    meta: { showErrorToast: false },
  });
}

export type UpdateAsScheduledVariables = {
  projectId: string;
  cutoff: string;
  /** absent: every task; else these (a summary stands for its leaves) */
  taskIds?: number[];
  preview: boolean;
  version: number;
};

/**
 * 'Actualizar según lo programado' (updateAsScheduled, issue 32): a preview answers the counts and
 * writes nothing; the update records them and answers the rescheduled Gantt (absent when nothing
 * changed). Errors are shown in the dialog, not as a toast.
 */
export function useUpdateAsScheduled() {
  return useMutation({
    mutationFn: ({ projectId, cutoff, taskIds, preview, version }: UpdateAsScheduledVariables) =>
      call('updateAsScheduled', {
        id: projectId,
        cutoff,
        ...(taskIds === undefined ? {} : { taskIds }),
        preview,
        version,
      }),
    meta: { showErrorToast: false },
  });
}
