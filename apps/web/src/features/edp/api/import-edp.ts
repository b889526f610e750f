import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import type { FunctionInput, FunctionOutput } from '@/lib/api-client';
import { notifyMessage } from '@/lib/stores/notices-store';
import { edpUsageQueryKey } from './load-edp-usage';
import { rememberEdp } from './save-edp';

export type ImportEdpVariables = Omit<FunctionInput<'importEdp'>, 'dryRun'>;
export type ImportEdpResult = FunctionOutput<'importEdp'>;

/**
 * importEdp's dry run: the workbook's rows checked against the saved EDP (what is added, renamed,
 * removed, kept; the row errors), nothing written. The dialog shows its progress and refusals.
 */
export function useEdpImportPreview() {
  return useMutation({
    mutationFn: (variables: ImportEdpVariables) => call('importEdp', { ...variables, dryRun: true }),
    meta: { showErrorToast: false },
  });
}

/**
 * 'Reemplazar EDP' (importEdp): the saved EDP becomes the workbook's. The global spinner covers the
 * page; success shows the server's message and keeps the cached project in step. A stale version
 * (ABORTED) and other refusals are the caller's to show.
 */
export function useImportEdp(options: { onSuccess?: (result: ImportEdpResult) => void } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess } = options;
  return useMutation({
    mutationFn: (variables: ImportEdpVariables) => call('importEdp', { ...variables, dryRun: false }),
    meta: { showGlobalSpinner: true, showErrorToast: false },
    onSuccess: (result, { id }) => {
      notifyMessage(result.message);
      if (result.edp) rememberEdp(queryClient, id, result.edp);
      // removed items took their EDC and Gantt tasks: what the rest carry is asked again
      void queryClient.invalidateQueries({ queryKey: edpUsageQueryKey(id) });
      onSuccess?.(result);
    },
  });
}
