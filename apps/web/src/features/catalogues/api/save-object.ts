import type { CatalogueCollection, SaveObjectInput } from '@cimiento/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { notifyMessage } from '@/lib/stores/notices-store';
import { catalogueQueryKey } from './load-objects';

export type CatalogueObjectInput = SaveObjectInput['object'];

/** Saves one record (`_id` present = update); shows the server's message, then reloads that catalogue. */
export function useSaveObject(collection: CatalogueCollection, options: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess } = options;
  return useMutation({
    mutationFn: (object: CatalogueObjectInput) => call('saveObject', { collection, object } as SaveObjectInput),
    meta: { showGlobalSpinner: true },
    onSuccess: async (result) => {
      notifyMessage(result.message);
      onSuccess?.();
      await queryClient.invalidateQueries({ queryKey: catalogueQueryKey(collection) });
    },
  });
}
