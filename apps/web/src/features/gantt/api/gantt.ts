import type { ExchangeFormat, GanttOutput, GanttTaskInput, ProjectCalendar, SequencingMode } from '@cimiento/domain';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { notifyMessage } from '@/lib/stores/notices-store';
import { takeEarlyGantt } from './early-gantt';

export function ganttQueryKey(projectId: string) {
  return ['loadGantt', projectId] as const;
}

/** loadGantt as the Gantt's query sends it: the boot's early answer when there is one (once), else a call. */
async function loadGantt(projectId: string, signal: AbortSignal): Promise<GanttOutput> {
  const early = await takeEarlyGantt(projectId);
  // an early request that failed is asked again here, where its error is handled as usual
  return early ?? call('loadGantt', { id: projectId }, { signal });
}

/**
 * loadGantt: the project's Gantt, built or merged by the server and scheduled. The screen keeps
 * its edits in its own store, so the answer is loaded afresh on every visit (no cache kept) and
 * never refetched behind the user's back. Its first load shows the global spinner (spec §2). On a
 * boot at the Gantt, the first load takes the answer route-prefetch.ts asked for (early-gantt.ts).
 */
export function ganttQueryOptions(projectId: string) {
  return queryOptions({
    queryKey: ganttQueryKey(projectId),
    queryFn: ({ signal }): Promise<GanttOutput> => loadGantt(projectId, signal),
    gcTime: 0,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    // the screen shows a failure itself (or 'Proyecto no encontrado')
    meta: { showErrorToast: false },
  });
}

export type SaveGanttVariables = {
  projectId: string;
  activities: GanttTaskInput[];
  /** issue 14: the project's calendar, sent only when the draft changed it */
  calendar?: ProjectCalendar;
  version: number;
};

/**
 * 'Grabar Gantt' (saveGantt): the whole task list with the version it was based on; the answer is
 * the saved schedule, recomputed. A stale version answers ABORTED: the caller keeps the edits.
 */
export function useSaveGantt(options: { onSuccess?: (output: GanttOutput) => void } = {}) {
  const { onSuccess } = options;
  return useMutation({
    mutationFn: ({ projectId, activities, calendar, version }: SaveGanttVariables) =>
      call('saveGantt', {
        id: projectId,
        gantt: calendar === undefined ? { activities } : { activities, calendar },
        version,
      }),
    meta: { showGlobalSpinner: true },
    onSuccess: (result) => {
      notifyMessage(result.message);
      onSuccess?.(result);
    },
  });
}

/** 'Recargar' after a stale save: the server's Gantt now. */
export function useReloadGantt(options: { onSuccess?: (output: GanttOutput) => void } = {}) {
  const { onSuccess } = options;
  return useMutation({
    mutationFn: (projectId: string) => call('loadGantt', { id: projectId }),
    meta: { showGlobalSpinner: true },
    onSuccess: (result) => onSuccess?.(result),
  });
}

export type RegenerateGanttSequenceVariables = {
  projectId: string;
  sequencing: SequencingMode;
  version: number;
};

/**
 * 'Regenerar secuencia' and the toolbar's 'Secuencia' (regenerateGanttSequence, issue 13): sets the
 * project's option and replaces the generated links by its rules, keeping the user's links and task
 * edits. Versioned like a save: a stale version answers ABORTED and nothing changes.
 */
export function useRegenerateGanttSequence(options: { onSuccess?: (output: GanttOutput) => void } = {}) {
  const { onSuccess } = options;
  return useMutation({
    mutationFn: ({ projectId, sequencing, version }: RegenerateGanttSequenceVariables) =>
      call('regenerateGanttSequence', { id: projectId, sequencing, version }),
    meta: { showGlobalSpinner: true },
    onSuccess: (result) => {
      notifyMessage(result.message);
      onSuccess?.(result);
    },
  });
}

/**
 * 'Exportar' → 'MS Project (XML)' or 'Excel' (exportGantt, issue 14): the server builds the file
 * from the saved Gantt; the answer's content is XML text or base64.
 */
export function useExportGanttFile() {
  return useMutation({
    mutationFn: ({ projectId, format }: { projectId: string; format: ExchangeFormat }) =>
      call('exportGantt', { id: projectId, format }),
    meta: { showGlobalSpinner: true },
  });
}

export type ImportGanttVariables = { projectId: string; content: string; version: number; dryRun: boolean };

/**
 * 'Importar desde Excel' (importGantt, issue 14): a dry run answers the preview (counts and row
 * errors) and writes nothing; the import answers the stored Gantt. A stale version answers ABORTED.
 * The dialog shows its own progress and errors.
 */
export function useImportGanttWorkbook() {
  return useMutation({
    mutationFn: ({ projectId, content, version, dryRun }: ImportGanttVariables) =>
      call('importGantt', { id: projectId, format: 'xlsx', content, version, dryRun }),
    meta: { showErrorToast: false },
  });
}
