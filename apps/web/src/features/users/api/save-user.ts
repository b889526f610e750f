import type { SaveUserInput } from '@cimiento/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { notifyMessage } from '@/lib/stores/notices-store';
import { usersQueryKey } from './load-users';

/** Creates a user or changes one's admin / disabled flags; shows the server's message, then reloads the list. */
export function useSaveUser(options: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess } = options;
  return useMutation({
    mutationFn: (user: SaveUserInput['user']) => call('saveUser', { user }),
    meta: { showGlobalSpinner: true },
    onSuccess: async (result) => {
      notifyMessage(result.message);
      await queryClient.invalidateQueries({ queryKey: usersQueryKey });
      onSuccess?.();
    },
  });
}
