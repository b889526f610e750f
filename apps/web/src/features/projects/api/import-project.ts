import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import type { FunctionInput, FunctionOutput } from '@/lib/api-client';
import { projectsQueryKey } from '@/lib/projects-query';
import { notifyMessage } from '@/lib/stores/notices-store';

type ImportInput = FunctionInput<'importProject'>;
/**
 * An MS Project file (text), a P6 XER (base64, its code page and project as the preview chose
 * them) or a P6 XML (text, its project).
 */
export type ImportProjectVariables =
  | Omit<Extract<ImportInput, { format: 'mspdi' }>, 'dryRun'>
  | Omit<Extract<ImportInput, { format: 'xer' }>, 'dryRun'>
  | Omit<Extract<ImportInput, { format: 'p6xml' }>, 'dryRun'>;
export type ImportProjectResult = FunctionOutput<'importProject'>;

/**
 * importProject's dry run: what a schedule file holds (the preview and its warnings), nothing
 * written. The dialog shows its progress and its refusals itself (no global spinner, no toast).
 */
export function useScheduleFilePreview() {
  return useMutation({
    mutationFn: (variables: ImportProjectVariables) => call('importProject', { ...variables, dryRun: true }),
    meta: { showErrorToast: false },
  });
}

/**
 * 'Crear proyecto' from a schedule file (importProject): the global spinner while it runs, the
 * server's message and a fresh project list on success. A refusal (a taken code, a bad file) is the
 * dialog's to show; what the user entered stays.
 */
export function useImportProject(options: { onSuccess?: (result: ImportProjectResult) => void } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess } = options;
  return useMutation({
    mutationFn: (variables: ImportProjectVariables) => call('importProject', { ...variables, dryRun: false }),
    meta: { showGlobalSpinner: true, showErrorToast: false },
    onSuccess: async (result) => {
      notifyMessage(result.message);
      onSuccess?.(result);
      await queryClient.invalidateQueries({ queryKey: projectsQueryKey });
    },
  });
}
