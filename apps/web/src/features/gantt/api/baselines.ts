import type { BaselinesOutput } from '@cimiento/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import type { FunctionOutput } from '@/lib/api-client';

/**
 * Baselines ('Línea base', issue 15): the project's list (loadBaselines), 'Fijar línea base'
 * (saveBaseline), which one the Gantt shows and compares (chooseBaseline, which also answers its
 * dates per task) and 'Eliminar' (removeBaseline). None is an edit of the Gantt: its version does
 * not move, and unsaved edits stay as they are.
 */

export function baselinesQueryKey(projectId: string) {
  return ['loadBaselines', projectId] as const;
}

/** The project's baselines, newest first, and the chosen one; loaded when the menu first opens. */
export function baselinesQueryOptions(projectId: string) {
  return queryOptions({
    queryKey: baselinesQueryKey(projectId),
    queryFn: ({ signal }): Promise<BaselinesOutput> => call('loadBaselines', { id: projectId }, { signal }),
    staleTime: 30_000,
    refetchOnWindowFocus: false,
  });
}

export type ChosenBaseline = FunctionOutput<'chooseBaseline'>;

/** Keeps the list the menu shows in step with an answer that carries it. */
function useKeepList(projectId: string) {
  const client = useQueryClient();
  return (output: BaselinesOutput) =>
    client.setQueryData<BaselinesOutput>(baselinesQueryKey(projectId), {
      baselines: output.baselines,
      ...(output.baselineId === undefined ? {} : { baselineId: output.baselineId }),
      message: output.message,
    });
}

/**
 * Shows and compares another baseline (null: none): the answer's dates go on the screen. The
 * refusal's message goes to the usual error toast.
 */
export function useChooseBaseline(projectId: string, onChosen: (output: ChosenBaseline) => void) {
  const keepList = useKeepList(projectId);
  return useMutation({
    mutationFn: (baselineId: string | null) => call('chooseBaseline', { id: projectId, baselineId }),
    meta: { showGlobalSpinner: true },
    onSuccess: (output) => {
      keepList(output);
      onChosen(output);
    },
  });
}

/**
 * 'Fijar línea base' with its name: the new baseline (which becomes the chosen one). Its dialog
 * shows a refusal itself (a 12th baseline, a name already used).
 */
export function useSaveBaseline(projectId: string) {
  const keepList = useKeepList(projectId);
  return useMutation({
    mutationFn: (name: string) => call('saveBaseline', { id: projectId, name }),
    meta: { showGlobalSpinner: true, showErrorToast: false },
    onSuccess: (output) => keepList(output),
  });
}

/** 'Eliminar' a baseline: the list after it, and the one chosen now (the newest left, or none). */
export function useRemoveBaseline(projectId: string) {
  const keepList = useKeepList(projectId);
  return useMutation({
    mutationFn: (baselineId: string) => call('removeBaseline', { id: projectId, baselineId }),
    meta: { showGlobalSpinner: true },
    onSuccess: (output) => keepList(output),
  });
}
