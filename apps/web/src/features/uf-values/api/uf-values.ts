import type { UfValue } from '@cimiento/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { notifyMessage } from '@/lib/stores/notices-store';

/** Every loadUfValues query starts with this key: a save or an import invalidates them all. */
export const UF_VALUES_KEY = 'loadUfValues';

/** A year's UF values (loadUfValues from 1 January to 31 December), with the whole table's count and range. */
export function ufValuesQueryOptions(year: number) {
  return queryOptions({
    queryKey: [UF_VALUES_KEY, year],
    queryFn: ({ signal }) => call('loadUfValues', { from: `${year}-01-01`, to: `${year}-12-31` }, { signal }),
  });
}

export function useUfValues(year: number) {
  return useQuery({ ...ufValuesQueryOptions(year), placeholderData: (previous) => previous });
}

export type SaveUfValuesVariables = { values: UfValue[]; remove: string[] };

/** saveUfValues: upserts and removes; shows the server's message, then reloads the table. */
export function useSaveUfValues() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ values, remove }: SaveUfValuesVariables) => call('saveUfValues', { values, remove }),
    meta: { showErrorToast: false },
    onSuccess: async (result) => {
      notifyMessage(result.message);
      await queryClient.invalidateQueries({ queryKey: [UF_VALUES_KEY] });
    },
  });
}

export type ImportUfValuesVariables = { content: string; fileName: string; dryRun: boolean };

/** importUfValues: a dry run previews; the import saves and reloads the table. */
export function useImportUfValues() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ content, fileName, dryRun }: ImportUfValuesVariables) =>
      call('importUfValues', { content, fileName, dryRun }),
    meta: { showErrorToast: false },
    onSuccess: async (_result, variables) => {
      if (!variables.dryRun) await queryClient.invalidateQueries({ queryKey: [UF_VALUES_KEY] });
    },
  });
}
