import type { CatalogueCollection } from '@cimiento/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { notifyMessage } from '@/lib/stores/notices-store';
import { catalogueQueryKey } from './load-objects';

/** Deletes one record by its `_id` (spec §7); shows the server's message, then reloads the catalogue. */
export function useRemoveObject(collection: CatalogueCollection, options: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess } = options;
  return useMutation({
    mutationFn: (id: string) => call('removeObject', { collection, id }),
    meta: { showGlobalSpinner: true },
    onSuccess: async (result) => {
      notifyMessage(result.message);
      onSuccess?.();
      // deleting an activity also changes the subcomponents that listed it
      if (collection === 'actividades')
        await queryClient.invalidateQueries({ queryKey: catalogueQueryKey('componentes') });
      await queryClient.invalidateQueries({ queryKey: catalogueQueryKey(collection) });
    },
  });
}
